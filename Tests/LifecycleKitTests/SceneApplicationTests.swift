import Foundation
import LifecycleKit
import LifecycleTesting
import Testing

/// The scene API's UIKit semantics, with real delegates under the simulator (docs/lifecycle.md §13).
@MainActor
@Suite struct SceneApplicationTests {
    /// A scene delegate that records what it hears, and what it was given.
    final class RecordingSceneDelegate: WindowSceneDelegate {
        static var log: [String] = []
        static var connectionURLs: [URL] = []
        static var restoredActivities: [String?] = []

        required init() {}

        func scene(
            _ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions
        ) {
            Self.log.append("willConnect \(session.persistentIdentifier) \(scene.activationState)")
            Self.connectionURLs += connectionOptions.urlContexts.map(\.url)
            Self.restoredActivities.append(session.stateRestorationActivity?.activityType)
        }
        func sceneWillEnterForeground(_ scene: Scene) {
            Self.log.append("willEnterForeground \(scene.activationState)")
        }
        func sceneDidBecomeActive(_ scene: Scene) { Self.log.append("didBecomeActive \(scene.activationState)") }
        func sceneWillResignActive(_ scene: Scene) { Self.log.append("willResignActive \(scene.activationState)") }
        func sceneDidEnterBackground(_ scene: Scene) { Self.log.append("didEnterBackground \(scene.activationState)") }
        func sceneDidDisconnect(_ scene: Scene) { Self.log.append("didDisconnect \(scene.activationState)") }
        func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
            Self.log.append("openURLContexts \(urlContexts.map(\.url.absoluteString).sorted())")
        }
        func stateRestorationActivity(for scene: Scene) -> UserActivity? {
            UserActivity(activityType: "com.example.draft")
        }
    }

    /// An app delegate that names the scene delegate class itself, and records discarded sessions.
    final class AppDelegate: ApplicationDelegate {
        var discarded: [String] = []

        func application(
            _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
            options: Scene.ConnectionOptions
        ) -> SceneConfiguration {
            SceneConfiguration(
                name: "Default Configuration", sessionRole: connectingSceneSession.role,
                delegateClass: RecordingSceneDelegate.self)
        }
        func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {
            discarded += sceneSessions.map(\.persistentIdentifier)
        }
    }

    static func device(_ delegate: AppDelegate = AppDelegate(), restoresState: Bool = false) throws -> SimulatedDevice {
        RecordingSceneDelegate.log = []
        RecordingSceneDelegate.connectionURLs = []
        RecordingSceneDelegate.restoredActivities = []
        var app = AppConfiguration(id: "notes", usesScenes: true)
        app.behavior.restoresState = restoresState
        return try SimulatedDevice(
            profile: .ios17, apps: [app, AppConfiguration(id: "mail")], delegates: ["notes": delegate])
    }

    /// A scene-based app on a device of the default profile (iOS 12, which has no scenes) is refused with the
    /// profile it needs: it launched with no scene and its scene delegate was never made, silently. So is an app
    /// with BGTaskScheduler's identifiers.
    @Test func aDeviceRefusesWhatItsProfileDoesNotHave() throws {
        let scenes = #expect(throws: SimulatedDevice.UnsupportedApp.self) {
            try SimulatedDevice(apps: [AppConfiguration(id: "notes", usesScenes: true)], delegates: [:])
        }
        #expect(
            scenes?.description
                == "app 'notes' declares scenes (a scene-based app), which needs iOS 13 or later, and the profile is "
                + "ios12, the default: make the device with profile: .ios13 (or later)")
        var tasks = InfoPlist(bundleIdentifier: "news")
        tasks.permittedTaskIdentifiers = ["com.news.refresh"]
        #expect(throws: SimulatedDevice.UnsupportedApp.self) {
            try SimulatedDevice(profile: .ios12, apps: [tasks.configuration()], delegates: [:])
        }
        _ = try SimulatedDevice(
            profile: .ios13, apps: [AppConfiguration(id: "notes", usesScenes: true), tasks.configuration()],
            delegates: [:])
    }

    @Test func eachMethodSeesTheStateUIKitReportsInIt() throws {
        let device = try Self.device()
        try device.perform(.tap("notes"))
        try device.perform(.home)
        #expect(
            RecordingSceneDelegate.log == [
                "willConnect notes#1 unattached", "willEnterForeground unattached", "didBecomeActive foregroundActive",
                "willResignActive foregroundActive", "didEnterBackground background",
            ])
        let application = try #require(device.applications["notes"])
        #expect(application.connectedScenes.first?.activationState == .background)
        #expect(application.applicationState == .background)
    }

    @Test func theSceneNotificationComesBeforeTheApplicationOneWithItsObject() throws {
        let device = try Self.device()
        let application = try #require(device.applications["notes"])
        var heard: [String] = []
        for name in [Scene.didActivateNotification, Application.didBecomeActiveNotification] {
            _ = device.notificationCenter.addObserver(forName: name, object: nil, queue: nil) { note in
                // Safe: posted synchronously on the main actor, where this observer (queue nil) runs.
                nonisolated(unsafe) let object = note.object
                let name = note.name.rawValue
                MainActor.assumeIsolated {
                    let kind = object is Scene ? "scene" : object as? Application === application ? "application" : "?"
                    heard.append("\(name) \(kind)")
                }
            }
        }
        try device.perform(.tap("notes"))
        #expect(
            heard == [
                "UISceneDidActivateNotification scene", "UIApplicationDidBecomeActiveNotification application",
            ])
    }

    @Test func scenePhasesChangeRightAfterTheirStep() async throws {
        let device = try Self.device()
        let application = try #require(device.applications["notes"])
        var appPhases: [ScenePhase] = []
        application.onScenePhaseChange { appPhases.append($0) }
        var stream = application.scenePhaseChanges.makeAsyncIterator()
        try device.perform(.tap("notes"))
        var scenePhases: [ScenePhase] = []
        try #require(application.connectedScenes.first).onPhaseChange { scenePhases.append($0) }
        try device.perform(.openSwitcher)
        try device.perform(.pick("notes"))
        try device.perform(.home)
        #expect(appPhases == [.inactive, .active, .inactive, .active, .inactive, .background])
        #expect(scenePhases == [.inactive, .active, .inactive, .background])
        #expect(await stream.next() == .inactive)
        #expect(await stream.next() == .active)
        #expect(application.scenePhase == .background)
    }

    @Test func aRunningAppHearsOfItsDiscardedSessionAtOnce() throws {
        let delegate = AppDelegate()
        let device = try Self.device(delegate)
        try device.perform(.tap("notes"))
        try device.perform(.openSwitcher)
        try device.perform(.swipe("notes"))
        #expect(delegate.discarded == ["notes#1"])
        try device.perform(.dismiss)
        try device.perform(.tap("notes"))
        #expect(delegate.discarded == ["notes#1"])
        let application = try #require(device.applications["notes"])
        #expect(application.openSessions.map(\.persistentIdentifier) == ["notes#2"])
    }

    /// An external display's scene (docs/lifecycle.md §16): the delegate is asked for a configuration of the
    /// display's role, and the scene's delegate hears it connect and enter the foreground, never become active.
    @Test func anExternalDisplaysSceneHasItsRoleAndNeverBecomesActive() throws {
        let delegate = AppDelegate()
        let device = try Self.device(delegate)
        try device.perform(.tap("notes"))
        RecordingSceneDelegate.log = []
        try device.perform(.connectDisplay("notes"))
        let application = try #require(device.applications["notes"])
        let roles = application.openSessions.map { "\($0.persistentIdentifier) \($0.role.rawValue)" }.sorted()
        #expect(
            roles == [
                "notes#1 UIWindowSceneSessionRoleApplication",
                "notes#2 UIWindowSceneSessionRoleExternalDisplayNonInteractive",
            ])
        #expect(RecordingSceneDelegate.log == ["willConnect notes#2 unattached", "willEnterForeground unattached"])
        #expect(application.connectedScenes.count == 2)
        #expect(application.applicationState == .active)
        try device.perform(.disconnectDisplay)
        #expect(delegate.discarded == ["notes#2"])
        #expect(application.connectedScenes.count == 1)
    }

    /// The app's own code asks for a window and closes one (docs/lifecycle.md §16): the device carries out the
    /// core's actions for a new window and a closed one, once that code has returned.
    @Test func appCodeOpensAndClosesWindowsOnAnIPad() throws {
        let delegate = AppDelegate()
        RecordingSceneDelegate.log = []
        var notes = AppConfiguration(id: "notes", usesScenes: true)
        notes.supportsMultipleWindows = true
        let device = try SimulatedDevice(profile: .ios17, device: .ipad, apps: [notes], delegates: ["notes": delegate])
        try device.perform(.tap("notes"))
        let application = try #require(device.applications["notes"])
        var errors: [String] = []
        application.requestSceneSessionActivation(nil) { errors.append("\($0)") }
        #expect(application.openSessions.count == 1, "carried out after the calling code returns")
        device.wait(.zero)
        #expect(application.openSessions.count == 2)
        let second = try #require(application.openSessions.first { $0.persistentIdentifier == "notes#2" })
        #expect(second.scene?.activationState == .foregroundActive)
        let first = try #require(application.openSessions.first { $0.persistentIdentifier == "notes#1" })
        #expect(first.scene?.activationState == .background)
        application.activateSceneSession(for: SceneSessionActivationRequest(session: first)) { errors.append("\($0)") }
        device.wait(.zero)
        #expect(first.scene?.activationState == .foregroundActive)
        application.requestSceneSessionDestruction(second) { errors.append("\($0)") }
        device.wait(.zero)
        #expect(delegate.discarded == ["notes#2"])
        #expect(errors.isEmpty)
    }

    @Test func anIPhoneRefusesASecondWindowThroughTheErrorHandler() throws {
        let device = try Self.device()
        try device.perform(.tap("notes"))
        let application = try #require(device.applications["notes"])
        var errors: [String] = []
        application.requestSceneSessionActivation(nil) { errors.append("\($0)") }
        device.wait(.zero)
        #expect(
            errors == ["an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"])
        #expect(application.openSessions.count == 1)
    }

    @Test func aSuspendedAppHearsOfItsDiscardedSessionAtTheNextLaunch() throws {
        let delegate = AppDelegate()
        let device = try Self.device(delegate)
        try device.perform(.tap("notes"))
        try device.perform(.home)
        try device.perform(.openSwitcher)
        try device.perform(.swipe("notes"))
        try device.perform(.dismiss)
        #expect(delegate.discarded.isEmpty)
        try device.perform(.tap("notes"))
        #expect(delegate.discarded == ["notes#1"])
    }

    @Test func theRestorationActivitySurvivesAPurgeButNotASwipe() throws {
        let device = try Self.device(restoresState: true)
        try device.perform(.tap("notes"))
        try device.perform(.home)
        try device.perform(.memoryPressure(count: nil))
        try device.perform(.tap("notes"))
        try device.perform(.openSwitcher)
        try device.perform(.swipe("notes"))
        try device.perform(.dismiss)
        try device.perform(.tap("notes"))
        #expect(RecordingSceneDelegate.restoredActivities == [nil, "com.example.draft", nil])
    }

    @Test func aColdLaunchURLArrivesInTheConnectionOptions() throws {
        let device = try Self.device()
        try device.perform(.openURL("notes", url: "notes://draft/1"))
        #expect(RecordingSceneDelegate.connectionURLs == [URL(string: "notes://draft/1")!])
        #expect(!RecordingSceneDelegate.log.contains { $0.hasPrefix("openURLContexts") })
        try device.perform(.openURL("notes", url: "notes://draft/2"))
        #expect(RecordingSceneDelegate.log.last == "openURLContexts [\"notes://draft/2\"]")
    }

    @Test func aDisconnectedSceneIsReleasedAndItsSessionKept() throws {
        let device = try Self.device()
        try device.perform(.tap("notes"))
        try device.perform(.home)
        try device.perform(.disconnectScene("notes"))
        let application = try #require(device.applications["notes"])
        #expect(RecordingSceneDelegate.log.last == "didDisconnect unattached")
        #expect(application.connectedScenes.isEmpty)
        #expect(application.openSessions.map(\.persistentIdentifier) == ["notes#1"])
        #expect(device.state(of: "notes") == .suspended)
        try device.perform(.tap("notes"))
        #expect(RecordingSceneDelegate.log.suffix(3).first == "willConnect notes#1 unattached")
    }
}
