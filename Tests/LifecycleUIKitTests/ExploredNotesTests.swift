import ExploredNotes
import LifecycleTesting
import LifecycleUIKit
import Testing

/// The explorer's worked example (Examples/ExploredNotes): the notes app that does it right gives nothing; its hasty
/// variant's two bugs are found, each shrunk to the scenario that shows it.
@Suite @MainActor struct ExploredNotesTests {
    static func explore(_ sceneDelegate: UIResponder.Type) throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\napp notes scenes url-schemes=notes\napp mail\n")
        explorer.run("notes", uikit: { NotesAppDelegate() }, sceneDelegateClass: sceneDelegate)
        return explorer.explore(sessions: 300, actions: 40, seed: 2026)
    }

    @Test func theCarefulNotesAppHasNoLifecycleBug() throws {
        let report = try Self.explore(NotesSceneDelegate.self)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theHastyVariantsTwoBugsAreFound() throws {
        let report = try Self.explore(HastyNotesSceneDelegate.self)
        #expect(
            Set(report.findings.map(\.kind)) == [.launchItemDropped, .backgroundTaskNotEnded], "\(report)")
        let dropped = try #require(report.findings.first { $0.kind == .launchItemDropped })
        #expect(dropped.scenario.hasSuffix("open-url notes notes://item/1\n"), "\(dropped)")
    }
}
