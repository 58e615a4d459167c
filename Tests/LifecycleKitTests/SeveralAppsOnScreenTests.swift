import Foundation
import LifecycleKit
import LifecycleTesting
import Testing

/// Two apps' real delegates side by side on a simulated iPad (docs/lifecycle.md §16): each scene's
/// `activationState` and each app's `applicationState` as UIKit reports them, and the active appearance following
/// the user's focus with no delegate method called.
@MainActor
@Suite struct SeveralAppsOnScreenTests {
    /// A scene delegate that records what it hears, with its scene's session.
    final class RecordingSceneDelegate: WindowSceneDelegate {
        static var log: [String] = []

        required init() {}

        func sceneWillEnterForeground(_ scene: Scene) { record("willEnterForeground", scene) }
        func sceneDidBecomeActive(_ scene: Scene) { record("didBecomeActive", scene) }
        func sceneWillResignActive(_ scene: Scene) { record("willResignActive", scene) }
        func sceneDidEnterBackground(_ scene: Scene) { record("didEnterBackground", scene) }

        private func record(_ method: String, _ scene: Scene) {
            Self.log.append("\(scene.session.persistentIdentifier) \(method)")
        }
    }

    final class AppDelegate: ApplicationDelegate {}

    static func scene(_ device: SimulatedDevice, _ app: AppID) throws -> Scene {
        let application = try #require(device.applications[app])
        return try #require(application.openSessions.first?.scene)
    }

    @Test func twoAppsSideBySideAreBothActiveAndFocusCallsNothing() throws {
        RecordingSceneDelegate.log = []
        let device = try SimulatedDevice(
            profile: .ios18, device: .ipad,
            apps: [AppConfiguration(id: "mail", usesScenes: true), AppConfiguration(id: "notes", usesScenes: true)],
            delegates: ["mail": AppDelegate(), "notes": AppDelegate()],
            sceneDelegateClasses: ["mail": RecordingSceneDelegate.self, "notes": RecordingSceneDelegate.self])
        try device.perform(.tap("mail"))
        try device.perform(.newWindow("notes", placement: .split))
        let mail = try Self.scene(device, "mail")
        let notes = try Self.scene(device, "notes")
        #expect(mail.activationState == .foregroundActive)
        #expect(notes.activationState == .foregroundActive)
        #expect(device.applications["mail"]?.applicationState == .active)
        #expect(device.applications["notes"]?.applicationState == .active)
        // The window that came last has the focus.
        #expect(notes.activeAppearance == .active)
        #expect(mail.activeAppearance == .inactive)

        RecordingSceneDelegate.log = []
        try device.perform("focus mail#1")
        #expect(RecordingSceneDelegate.log.isEmpty)
        #expect(mail.activeAppearance == .active)
        #expect(notes.activeAppearance == .inactive)
        #expect(notes.activationState == .foregroundActive)

        try device.perform(.openNotificationCenter)
        #expect(RecordingSceneDelegate.log == ["mail#1 willResignActive", "notes#1 willResignActive"])
        #expect(device.applications["notes"]?.applicationState == .inactive)
        try device.perform(.dismiss)
        try device.perform(.home)
        #expect(mail.activationState == .background)
        #expect(notes.activeAppearance == .unspecified)
    }
}
