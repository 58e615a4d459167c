import LifecycleSwiftUI
import LifecycleTesting
import Testing

// docs/testing.md's SwiftUI worked example: a notes app whose draft is the note on screen. The hasty one keeps it in
// `@State`, which a purge loses (a new note is made when the user comes back); the careful one in `@SceneStorage`,
// which SwiftUI gives back. Both open `notes://` links.

struct HastyNotesView: View {
    @State private var draft = ""
    @AppStorage("notesCreated") private var notesCreated = 0

    var body: some View {
        NavigationStack {
            TextEditor(text: $draft)
                .navigationTitle("Notes")
        }
        .onAppear {
            if draft.isEmpty {
                notesCreated += 1
                draft = "Note \(notesCreated)"
            }
        }
        .onOpenURL { url in draft = "note \(url.lastPathComponent)" }
    }
}

struct HastyNotesApp: App {
    var body: some Scene {
        WindowGroup { HastyNotesView() }
    }
}

struct CarefulNotesView: View {
    @SceneStorage("draft") private var draft = ""
    @AppStorage("notesCreated") private var notesCreated = 0

    var body: some View {
        NavigationStack {
            TextEditor(text: $draft)
                .navigationTitle("Notes")
        }
        .onAppear {
            if draft.isEmpty {
                notesCreated += 1
                draft = "Note \(notesCreated)"
            }
        }
        .onOpenURL { url in draft = "note \(url.lastPathComponent)" }
    }
}

struct CarefulNotesApp: App {
    var body: some Scene {
        WindowGroup { CarefulNotesView() }
    }
}

/// A view with no `onOpenURL`: the link that opens it is lost.
struct LinklessApp: App {
    var body: some Scene {
        WindowGroup { Text("Notes") }
    }
}

@Suite @MainActor struct ExploredSwiftUINotesTests {
    static let declarations = "profile ios17\napp notes scenes url-schemes=notes\napp mail\n"

    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: declarations)
        try explorer.run("notes", app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2026)
    }

    @Test func theDraftInStateIsLostAcrossAPurge() async throws {
        let report = try await Self.explore(HastyNotesApp.self)
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge }, "\(report)")
        #expect(lost.scenario.hasSuffix("tap notes\nhome\nmemory-pressure\ntap notes\n"), "\(lost)")
        #expect(lost.detail.contains("Note 1") && lost.detail.contains("Note 2"), "\(lost)")
        #expect(lost.detail.contains("@State /App/WindowGroup/HastyNotesView#draft"), "\(lost)")
    }

    @Test func theDraftInSceneStorageComesBack() async throws {
        let report = try await Self.explore(CarefulNotesApp.self)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func aLinkNoViewHandlesIsDropped() async throws {
        let report = try await Self.explore(LinklessApp.self)
        let dropped = try #require(report.findings.first { $0.kind == .launchItemDropped }, "\(report)")
        #expect(dropped.scenario.contains("open-url notes notes://"), "\(dropped)")
    }

    @Test func theExplorerRefusesASwiftUIAppBeforeIOS14() throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios13\napp notes scenes\n")
        #expect {
            try explorer.run("notes", app: CarefulNotesApp.self)
        } throws: { error in
            "\(error)".contains("needs iOS 14") && "\(error)".contains("profile ios14")
        }
    }
}
