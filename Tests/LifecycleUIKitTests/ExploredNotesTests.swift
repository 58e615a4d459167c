import ExploredNotes
import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

/// The explorer's worked example (Examples/ExploredNotes): the notes app that does it right gives nothing; its hasty
/// variant's three bugs are found, each shrunk to the scenario that shows it.
@Suite @MainActor struct ExploredNotesTests {
    static func explore(_ sceneDelegate: UIResponder.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\napp notes scenes url-schemes=notes restores-state\napp mail\n")
        explorer.run("notes", uikit: { NotesAppDelegate() }, sceneDelegateClass: sceneDelegate)
        explorer.snapshot("notes") { (app: NotesAppDelegate) in app.draft }
        return await explorer.explore(sessions: 300, actions: 40, seed: 2026)
    }

    @Test func theCarefulNotesAppHasNoLifecycleBug() async throws {
        let report = try await Self.explore(NotesSceneDelegate.self)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theHastyVariantsThreeBugsAreFound() async throws {
        let report = try await Self.explore(HastyNotesSceneDelegate.self)
        #expect(
            Set(report.findings.map(\.kind)) == [.launchItemDropped, .backgroundTaskNotEnded, .stateLostAcrossPurge],
            "\(report)")
        let dropped = try #require(report.findings.first { $0.kind == .launchItemDropped })
        #expect(dropped.scenario.hasSuffix("open-url notes notes://item/1\n"), "\(dropped)")
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge })
        #expect(lost.detail.contains("note 1"), "\(lost)")
    }

    /// The careful delegate's note comes back through the session's restoration activity, its `userInfo` kept across
    /// the purge.
    @Test func theNoteOnScreenComesBackAfterAPurge() throws {
        var made: [NotesAppDelegate] = []
        let makeDelegate: @MainActor () -> any ApplicationDelegate = {
            made.append(NotesAppDelegate())
            return UIKitApp(
                bundleIdentifier: "notes", delegate: made.last!, sceneDelegateClass: NotesSceneDelegate.self
            )
            .applicationDelegate
        }
        let device = try SimulatedDevice(
            scenario: ScenarioParser(file: "notes").parse(
                "profile ios17\napp notes scenes url-schemes=notes restores-state\n"),
            delegateFactories: ["notes": makeDelegate], sceneDelegateClasses: ["notes": UIKitSceneDelegate.self])
        for line in ["tap notes", "open-url notes notes://item/7", "home", "wait 1s", "memory-pressure", "tap notes"] {
            try device.perform(line)
        }
        #expect(device.state(of: "notes") == .active)
        #expect(made.count == 3, "the first made with the device, then one for each process")
        #expect(made.last?.draft == "note 7", "\(device.printedTrace())")
    }
}
