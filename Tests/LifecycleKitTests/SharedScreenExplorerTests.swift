import LifecycleKit
import LifecycleTesting
import Testing

/// The explorer on an iPad whose screen two apps share (docs/lifecycle.md §16): it reaches apps side by side, and
/// finds the bug of an app that takes "active" for "alone in front".
@MainActor
@Suite struct SharedScreenExplorerTests {
    /// An app that takes the camera, which one app at a time may hold, when its scene becomes active, and gives it
    /// back when the scene resigns: right on an iPhone, wrong on an iPad, where another app's window beside it is
    /// active too.
    final class CameraAppDelegate: ApplicationDelegate {
        var holdsCamera = false
    }

    final class CameraSceneDelegate: WindowSceneDelegate {
        required init() {}
        func sceneDidBecomeActive(_ scene: Scene) { Self.app?.holdsCamera = true }
        func sceneWillResignActive(_ scene: Scene) { Self.app?.holdsCamera = false }
        func sceneDidDisconnect(_ scene: Scene) { Self.app?.holdsCamera = false }
        private static var app: CameraAppDelegate? { Application.current?.delegate as? CameraAppDelegate }
    }

    static func explorer() throws -> LifecycleExplorer {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios18\ndevice ipad\napp mail scenes\napp notes scenes\n")
        explorer.run("mail", delegate: { CameraAppDelegate() }, sceneDelegateClass: CameraSceneDelegate.self)
        explorer.run("notes", delegate: { CameraAppDelegate() }, sceneDelegateClass: CameraSceneDelegate.self)
        // Windows drawn more often than by default, which suits one app: here they are what is explored.
        explorer.weights.windows = 12
        return explorer
    }

    @Test func sessionsReachTwoAppsSideBySideAndActOnThem() async throws {
        let sessions = try await Self.explorer().generatedSessions(sessions: 400, actions: 40, seed: 1)
        let lines = Set(sessions.flatMap { $0.split(separator: "\n").map { String($0.split(separator: " ")[0]) } })
        let placed = sessions.contains { $0.contains("new-window notes split") || $0.contains("new-window mail split") }
        #expect(placed)
        for word in ["focus", "unsplit"] {
            #expect(lines.contains(word), "no session has \(word)")
        }
    }

    @Test func anAppThatTakesActiveForAloneIsFound() async throws {
        var explorer = try Self.explorer()
        explorer.invariant("one app at a time holds the camera") { device in
            device.applications.values.filter { ($0.delegate as? CameraAppDelegate)?.holdsCamera == true }.count <= 1
        }
        let report = await explorer.explore(sessions: 100, actions: 40, seed: 1)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(finding.kind == .invariant)
        // Shrunk to the two apps side by side: one in front, the other's window beside it.
        #expect(finding.steps == 2, "\(finding)")
        #expect(
            ["split", "slide-over", "stage"].contains { finding.scenario.contains("new-window notes \($0)") }
                || ["split", "slide-over", "stage"].contains { finding.scenario.contains("new-window mail \($0)") },
            "\(finding.scenario)")
    }
}
