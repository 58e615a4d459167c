import Foundation
import LifecycleTesting
import LifecycleUIKit
import Testing

@testable import UIKitClassicApp
@testable import UIKitLoggingApp
@testable import UIKitSceneApp

/// The explorer finds nothing in Xcode's templates, which do nothing wrong (docs/lifecycle.md §19): no false
/// positives. `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to; the suite
/// runs a few hundred.
@Suite(.serialized) @MainActor struct ExploringTemplatesTests {
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    @Test func theSceneTemplateHasNoLifecycleBug() async throws {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\ndevice ipad\napp com.example.scene-app scenes multiple-windows\n")
        explorer.run(
            "com.example.scene-app", uikit: { UIKitSceneApp.AppDelegate() },
            sceneDelegateClass: UIKitSceneApp.SceneDelegate.self)
        let report = await explorer.explore(sessions: Self.sessions, actions: 50, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }

    /// Declared to open URLs, the template — which reads no connection options and implements no
    /// `scene(_:openURLContexts:)` — drops them: the UIKit-named options count reads as LifecycleKit's do.
    @Test func theSceneTemplateDropsAURLItWouldBeSent() async throws {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\napp com.example.scene-app scenes url-schemes=scene-app\n")
        explorer.run(
            "com.example.scene-app", uikit: { UIKitSceneApp.AppDelegate() },
            sceneDelegateClass: UIKitSceneApp.SceneDelegate.self)
        let report = await explorer.explore(sessions: 50, actions: 30, seed: 7)
        #expect(report.findings.map(\.kind) == [.launchItemDropped], "\(report)")
    }

    @Test func theClassicTemplateHasNoLifecycleBug() async throws {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios12\napp com.example.classic-app background-modes=fetch\n")
        explorer.run("com.example.classic-app", uikit: { UIKitClassicApp.AppDelegate() })
        let report = await explorer.explore(sessions: Self.sessions, actions: 50, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theLoggingTemplateHasNoLifecycleBug() async throws {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\napp com.example.uikit-logging-app\napp other\n")
        explorer.run("com.example.uikit-logging-app", uikit: { UIKitLoggingApp.AppDelegate() })
        let report = await explorer.explore(sessions: Self.sessions, actions: 50, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
