import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleTrace
import LifecycleUIKit
import LoggingExample
import Testing

@testable import UIKitClassicApp
@testable import UIKitLoggingApp
@testable import UIKitSceneApp

/// Xcode's app templates, as Xcode writes them behind the three lines that choose UIKit or LifecycleUIKit, run in
/// virtual time: the system makes their delegates and calls them with UIKit's types.
@Suite(.serialized) @MainActor struct XcodeTemplateTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func info(_ template: String) throws -> InfoPlist {
        try InfoPlist(contentsOf: package.appendingPathComponent("XcodeTemplates/\(template)/Resources/Info.plist"))
    }

    /// A device with one app of a template, its delegates made as its Info.plist says.
    static func device(
        _ template: String, module: String, delegate: any UIApplicationDelegate, profile: Profile
    ) throws -> (SimulatedDevice, AppID) {
        let info = try info(template)
        let app = try UIKitApp(info: info, delegate: delegate, module: module)
        let device = try SimulatedDevice(
            profile: profile, apps: [info.configuration()],
            delegates: [info.bundleIdentifier: app.applicationDelegate],
            sceneDelegateClasses: [info.bundleIdentifier: app.sceneDelegateClass])
        return (device, info.bundleIdentifier)
    }

    static func callbacks(_ device: SimulatedDevice) -> [String] {
        device.trace.compactMap { record in
            switch record.event {
            case .callback(_, let callback, _), .sceneCallback(_, _, let callback, _): callback.selector
            default: nil
            }
        }
    }

    /// The iOS 13+ template: the scene manifest names `$(PRODUCT_MODULE_NAME).SceneDelegate`, which is found by
    /// name and made for the scene; the app delegate's configuration is asked for, and every scene-delegate
    /// method reaches the template's class with a `UIWindowScene`.
    @Test func theSceneTemplateRunsWithItsSceneDelegate() throws {
        let (device, app) = try Self.device(
            "SceneApp", module: "UIKitSceneApp", delegate: UIKitSceneApp.AppDelegate(), profile: .ios17)
        try device.perform(.tap(app))
        let application = try #require(device.applications[app])
        let uiApplication = UIApplication.application(for: application)
        #expect(uiApplication.delegate is UIKitSceneApp.AppDelegate)
        let scene = try #require(uiApplication.connectedScenes.first)
        #expect(scene is UIWindowScene)
        #expect(scene.delegate is UIKitSceneApp.SceneDelegate)
        #expect(scene.activationState == .foregroundActive)
        // Alone on the screen, it has the user's focus.
        #expect((scene as? UIWindowScene)?.traitCollection.activeAppearance == .active)
        #expect(scene.session.configuration.name == "Default Configuration")
        #expect(uiApplication.applicationState == .active)
        try device.perform(.home)
        #expect(
            Self.callbacks(device) == [
                "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "application:configurationForConnectingSceneSession:options:", "scene:willConnectToSession:options:",
                "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
                "sceneDidEnterBackground:",
            ])
        #expect(uiApplication.openSessions.map(\.persistentIdentifier) == ["\(app)#1"])
        #expect(scene.activationState == .background)
        #expect((scene as? UIWindowScene)?.traitCollection.activeAppearance == .unspecified)
    }

    /// The template before iOS 13: an app delegate with a `window`, no scenes.
    @Test func theClassicTemplateRunsAsAnAppDelegateApp() throws {
        let delegate = UIKitClassicApp.AppDelegate()
        let (device, app) = try Self.device(
            "ClassicApp", module: "UIKitClassicApp", delegate: delegate, profile: .ios12)
        try device.perform(.tap(app))
        delegate.window = UIWindow()
        delegate.window?.makeKeyAndVisible()
        try device.perform(.home)
        try device.perform(.tap(app))
        #expect(delegate.window?.isKeyWindow == true)
        #expect(
            Self.callbacks(device) == [
                "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
                "applicationWillEnterForeground:", "applicationDidBecomeActive:",
            ])
    }

    /// The logging delegate in UIKit's names logs, through every built-in scenario of one app-delegate app, exactly
    /// what LifecycleKit's port logs.
    @Test(
        arguments: BuiltInScenario.all.filter { builtIn in
            !builtIn.source.contains(" scenes")
                && builtIn.source.split(separator: "\n").filter { $0.hasPrefix("app ") }.count == 1
        }.map(\.name))
    func theLoggingDelegateInUIKitNamesLogsWhatTheKitPortLogs(name: String) throws {
        let builtIn = try #require(BuiltInScenario.named(name))
        let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.source)
        let app = try #require(scenario.apps.first).id
        var kitLog: [String] = []
        let kitDevice = try SimulatedDevice(
            scenario: scenario, delegates: [app: LoggingExample.AppDelegate(log: { kitLog.append($0) })])
        _ = try? kitDevice.run(scenario)

        var uikitLog: [String] = []
        UIKitLoggingApp.AppDelegate.log = { uikitLog.append($0) }
        defer { UIKitLoggingApp.AppDelegate.log = { NSLog("%@", $0) } }
        let uikit = UIKitApp(bundleIdentifier: app, delegate: UIKitLoggingApp.AppDelegate())
        let device = try SimulatedDevice(scenario: scenario, delegates: [app: uikit.applicationDelegate])
        _ = try? device.run(scenario)
        #expect(!uikitLog.isEmpty)
        #expect(uikitLog == kitLog)
        #expect(Self.callbacks(device) == Self.callbacks(kitDevice))
    }
}

/// The six methods the logging delegate logs.
enum LoggingMethods {
    static let all: Set<String> = [
        "application:didFinishLaunchingWithOptions:", "applicationWillResignActive:", "applicationDidEnterBackground:",
        "applicationWillEnterForeground:", "applicationDidBecomeActive:", "applicationWillTerminate:",
    ]
}
