// swift-format-ignore-file
// (The test below stands word for word in docs/testing.md, "Exploring your app for lifecycle bugs", which
// ReadmeTests checks; its app is a scene-based one in UIKit's names that keeps a draft and runs a timer.)
import LifecycleTesting
import LifecycleUIKit
import Testing

@Suite struct ExplorerGuideTests {
    /// An app whose draft is the same in every process (nothing for a purge to lose) and whose scene stops its
    /// timer when it resigns.
    @MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
        var draft = "a draft"
        var timerRunning = false
    }

    @MainActor final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var app: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
        func sceneDidBecomeActive(_ scene: UIScene) { app?.timerRunning = true }
        func sceneWillResignActive(_ scene: UIScene) { app?.timerRunning = false }
    }

    @Test @MainActor func notesHasNoLifecycleBug() throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes background-modes=fetch\n")
        explorer.run("notes", uikit: { AppDelegate() }, sceneDelegateClass: SceneDelegate.self)   // or delegate: { … }
        explorer.snapshot("notes") { (app: AppDelegate) in app.draft }       // must survive a purge
        explorer.invariant("no timer unless active", of: "notes") { (app: AppDelegate, device) in
            !app.timerRunning || device.state(of: "notes") == .active
        }
        let report = explorer.explore(sessions: 2_000, actions: 50, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test @MainActor func notesComesThroughNeutralSequences() throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes url-schemes=notes\n")
        explorer.run("notes", uikit: { AppDelegate() }, sceneDelegateClass: SceneDelegate.self)
        explorer.snapshot("notes") { (app: AppDelegate) in app.draft }
        let report = try explorer.checkNeutralSequences(in: "open-url notes notes://draft/1\nwait 5s\nexpect notes active\n")
        #expect(report.findings.isEmpty, "\(report)")
    }
}
