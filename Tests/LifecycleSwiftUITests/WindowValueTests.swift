import LifecycleCore
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A notes app on iPad that opens a note in a window of its own, as Apple's "Bringing multiple windows to your SwiftUI
// app" sample does: `WindowGroup(for: Note.ID.self)` and `openWindow(value:)`.

@MainActor
enum WindowLog {
    static var lines: [String] = []
    static var opened = false
}

struct NoteListView: View {
    @Environment(\.openWindow) private var openWindow

    var body: some View {
        List {
            Text("Groceries")
        }
        .onAppear {
            WindowLog.lines.append("list")
            if !WindowLog.opened {
                WindowLog.opened = true
                openWindow(value: 42)
            }
        }
    }
}

struct NoteDetailView: View {
    let noteID: Int?

    var body: some View {
        Text("Note")
            .onAppear { WindowLog.lines.append("note \(noteID.map(String.init) ?? "none")") }
    }
}

struct NoteWindowsApp: App {
    var body: some Scene {
        WindowGroup {
            NoteListView()
        }
        WindowGroup(for: Int.self) { $noteID in
            NoteDetailView(noteID: noteID)
        }
    }
}

@Suite(.serialized) @MainActor struct WindowValueTests {
    init() {
        WindowLog.lines = []
        WindowLog.opened = false
    }

    /// `openWindow(value:)` opens a window of the group for the value's type, and its views get the value.
    @Test func aWindowOpenedWithAValuePresentsIt() throws {
        let device = try SimulatedDevice(app: NoteWindowsApp.self, id: "notes", device: .ipad)
        try device.perform("tap notes")
        #expect(WindowLog.lines == ["list", "note 42"], "\(device.printedTrace())")
        #expect(device.simulatorSceneCount(of: "notes") == 2)
    }

    /// The value is kept with the window's session, and so is the group it shows: after a purge, the tap brings
    /// back the window in front (the note's, opened full screen over the list) presenting the same note.
    @Test func thePresentedValueComesBackAfterAPurge() throws {
        let device = try SimulatedDevice(app: NoteWindowsApp.self, id: "notes", device: .ipad)
        for line in ["tap notes", "home", "memory-pressure"] { try device.perform(line) }
        WindowLog.lines = []
        try device.perform("tap notes")
        #expect(WindowLog.lines == ["note 42"], "\(device.printedTrace())")
        #expect(device.printedTrace().contains("gets back the value its window presents"))
    }
}

extension SimulatedDevice {
    /// How many of the app's scenes are connected.
    fileprivate func simulatorSceneCount(of app: AppID) -> Int {
        applications[app]?.connectedScenes.count ?? 0
    }
}
