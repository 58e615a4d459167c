import LifecycleSwiftUI
import LifecycleTesting
import Testing

/// What a SwiftUI app's phases look like from its views and from its `App` (docs/lifecycle.md §22), with the code
/// iOS developers write: Hacking with Swift's "How to detect when your app moves to the background or foreground
/// with scenePhase" (a view's `onChange(of: scenePhase)`), and Apple's `ScenePhase` documentation (the app's
/// `onChange(of: scenePhase)` on its `WindowGroup`), both logging into one list.
@MainActor
enum PhaseLog {
    static var lines: [String] = []
}

struct PhaseLoggingView: View {
    @Environment(\.scenePhase) var scenePhase

    var body: some View {
        Text("Hello, world!")
            .padding()
            .onChange(of: scenePhase) { newPhase in
                if newPhase == .active {
                    PhaseLog.lines.append("view: Active")
                } else if newPhase == .inactive {
                    PhaseLog.lines.append("view: Inactive")
                } else if newPhase == .background {
                    PhaseLog.lines.append("view: Background")
                }
            }
    }
}

struct PhaseLoggingApp: App {
    @Environment(\.scenePhase) private var scenePhase

    init() { PhaseLog.lines.append("App.init") }

    var body: some Scene {
        WindowGroup {
            PhaseLoggingView()
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            PhaseLog.lines.append("app: \(oldPhase) → \(newPhase)")
        }
    }
}

@Suite(.serialized) @MainActor struct ScenePhaseTests {
    init() { PhaseLog.lines = [] }

    /// The launch reports `active` alone to the view, whose first evaluation, as its scene enters the foreground,
    /// reads `inactive`; the app, whose body was evaluated at the launch, sees both changes.
    @Test func theLaunchReportsActiveToTheView() throws {
        let device = try SimulatedDevice(app: PhaseLoggingApp.self, id: "phases")
        try device.perform("tap phases")
        #expect(
            PhaseLog.lines == [
                "App.init", "App.init", "app: background → inactive", "view: Active", "app: inactive → active",
            ])
    }

    /// Each delegate method is a turn of the main queue: leaving and coming back pass through `inactive`.
    @Test func homeAndReturnPassThroughInactive() throws {
        let device = try SimulatedDevice(app: PhaseLoggingApp.self, id: "phases")
        try device.perform("tap phases")
        PhaseLog.lines = []
        try device.perform("home")
        #expect(
            PhaseLog.lines == [
                "view: Inactive", "app: active → inactive", "view: Background", "app: inactive → background",
            ])
        PhaseLog.lines = []
        try device.perform("tap phases")
        #expect(
            PhaseLog.lines == [
                "view: Inactive", "app: background → inactive", "view: Active", "app: inactive → active",
            ])
    }

    /// An overlay makes the scene inactive, and only that.
    @Test func notificationCenterMakesTheSceneInactive() throws {
        let device = try SimulatedDevice(app: PhaseLoggingApp.self, id: "phases")
        try device.perform("tap phases")
        PhaseLog.lines = []
        try device.perform("notification-center")
        try device.perform("dismiss")
        #expect(
            PhaseLog.lines == [
                "view: Inactive", "app: active → inactive", "view: Active", "app: inactive → active",
            ])
    }

    /// A purge ends the process: the next tap makes a new `App` and connects a new scene.
    @Test func aPurgeMakesANewApp() throws {
        let device = try SimulatedDevice(app: PhaseLoggingApp.self, id: "phases")
        for line in ["tap phases", "home", "wait 10s", "memory-pressure"] { try device.perform(line) }
        PhaseLog.lines = []
        try device.perform("tap phases")
        #expect(
            PhaseLog.lines == ["App.init", "app: background → inactive", "view: Active", "app: inactive → active"])
    }

    /// SwiftUI's app lifecycle came with iOS 14: an older profile is refused with what to write instead.
    @Test func aProfileBeforeIOS14IsRefused() {
        #expect {
            _ = try SimulatedDevice(app: PhaseLoggingApp.self, id: "phases", profile: .ios13)
        } throws: { error in
            "\(error)".contains("needs iOS 14 or later") && "\(error)".contains(".ios14")
        }
    }
}
