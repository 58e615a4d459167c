import LifecycleSwiftUI
import LifecycleTesting
import Testing

import struct LifecycleCore.AppConfiguration

@testable import SwiftUIApp

/// Xcode's SwiftUI template (XcodeTemplates/SwiftUIApp: `MyAppApp.swift`, `ContentView.swift` with its `#Preview`)
/// builds unchanged and runs under the simulated device and the explorer.
@Suite @MainActor struct SwiftUITemplateTests {
    @Test func theTemplateLaunchesGoesHomeAndComesBack() throws {
        let device = try SimulatedDevice(app: MyAppApp.self, id: "myapp")
        for line in ["tap myapp", "home", "tap myapp"] { try device.perform(line) }
        #expect(device.state(of: "myapp") == .active)
        #expect(device.printedTrace().contains("sceneDidBecomeActive:"))
    }

    @Test func theTemplateHasNoLifecycleBug() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp myapp scenes\napp mail\n")
        try explorer.run("myapp", app: MyAppApp.self)
        let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300
        let report = await explorer.explore(sessions: sessions, actions: 40, seed: 14)
        #expect(report.findings.isEmpty, "\(report)")
    }
}

@MainActor
enum OpenedLinks {
    static var urls: [String] = []
}

/// Links logged as they reach the views.
struct LinkLoggingApp: App {
    var body: some Scene {
        WindowGroup {
            Text("Links")
                .onAppear { OpenedLinks.urls.append("appeared") }
                .onOpenURL { url in OpenedLinks.urls.append(url.absoluteString) }
        }
    }
}

@Suite(.serialized) @MainActor struct LaunchItemTests {
    init() { OpenedLinks.urls = [] }

    static func device() throws -> SimulatedDevice {
        var app = AppConfigurationDeclaration.links
        app.urlSchemes = ["links"]
        return try SimulatedDevice(app: LinkLoggingApp.self, id: "links", configuration: app)
    }

    /// A link that launches the app reaches `onOpenURL` once the scene's views exist: after they appeared.
    @Test func aColdLaunchLinkComesAfterTheViewsAppear() throws {
        let device = try Self.device()
        try device.perform("open-url links links://item/7")
        #expect(OpenedLinks.urls == ["appeared", "links://item/7"])
    }

    @Test func aLinkToTheRunningAppComesAtOnce() throws {
        let device = try Self.device()
        try device.perform("tap links")
        try device.perform("open-url links links://item/8")
        #expect(OpenedLinks.urls == ["appeared", "links://item/8"])
    }
}

/// The link app's declaration.
enum AppConfigurationDeclaration {
    static var links: AppConfiguration { AppConfiguration(id: "links") }
}
