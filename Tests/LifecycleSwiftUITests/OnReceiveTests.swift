import LifecycleSwiftUI
import LifecycleTesting
import Testing

// SwiftUI code that hears UIKit's notifications through Combine, as iOS developers write it: Hacking with Swift's
// "How to be notified when your SwiftUI app moves to the background" (Project 17, Flashzilla, as ported in
// Mattenhour/HackingSwiftUI's `Project17/Day87/NotifiedWhenInBackground.swift`), logging into one list beside the
// view's `onChange(of: scenePhase)`.

@MainActor
enum ReceiveLog {
    static var lines: [String] = []
}

struct NotifiedWhenInBackground: View {
    @Environment(\.scenePhase) var scenePhase

    var body: some View {
        Text("Hello, World!")
            .onReceive(NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)) { _ in
                ReceiveLog.lines.append("Moving to the background!")
            }
            .onReceive(NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)) { _ in
                ReceiveLog.lines.append("Moving to the foreground!")
            }
            .onChange(of: scenePhase) { phase in
                ReceiveLog.lines.append("scenePhase \(phase)")
            }
    }
}

struct NotifiedApp: App {
    var body: some Scene {
        WindowGroup { NotifiedWhenInBackground() }
    }
}

// A notes app that keeps its draft in `@State` and saves it to `@AppStorage` when a UIKit notification says so; the
// draft comes back from there when the view appears. The hasty one saves on `willTerminateNotification`, which a
// suspended app that the system purges never hears; the careful one on `didEnterBackgroundNotification`.

struct SavingNotesView: View {
    let savesOn: Notification.Name
    @State private var draft = ""
    @AppStorage("savedDraft") private var savedDraft = ""
    @AppStorage("notesCreated") private var notesCreated = 0

    var body: some View {
        TextEditor(text: $draft)
            .onAppear {
                if draft.isEmpty { draft = savedDraft }
                if draft.isEmpty {
                    notesCreated += 1
                    draft = "Note \(notesCreated)"
                }
            }
            .onReceive(NotificationCenter.default.publisher(for: savesOn)) { _ in
                savedDraft = draft
            }
    }
}

struct SavesOnTerminateApp: App {
    var body: some Scene {
        WindowGroup { SavingNotesView(savesOn: UIApplication.willTerminateNotification) }
    }
}

struct SavesOnBackgroundApp: App {
    var body: some Scene {
        WindowGroup { SavingNotesView(savesOn: UIApplication.didEnterBackgroundNotification) }
    }
}

// A view model that saves through `sink`, on the main run loop, with its subscription kept in a set: the pattern of
// countless `ObservableObject`s.

@MainActor
final class AutosavingModel: ObservableObject {
    @Published var text = ""
    private(set) var saved: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init() {
        NotificationCenter.default.publisher(for: UIApplication.didEnterBackgroundNotification)
            .receive(on: RunLoop.main)
            .sink { [weak self] _ in
                MainActor.assumeIsolated { self?.save() }
            }
            .store(in: &cancellables)
    }

    func save() {
        saved.append(text)
        ReceiveLog.lines.append("saved \(text)")
    }
}

struct AutosavingView: View {
    @StateObject private var model = AutosavingModel()
    @Environment(\.scenePhase) var scenePhase

    var body: some View {
        TextField("Text", text: $model.text)
            .onAppear { model.text = "draft" }
            .onChange(of: scenePhase) { phase in
                ReceiveLog.lines.append("scenePhase \(phase)")
            }
    }
}

struct AutosavingApp: App {
    var body: some Scene {
        WindowGroup { AutosavingView() }
    }
}

@Suite(.serialized) @MainActor struct OnReceiveTests {
    init() { ReceiveLog.lines = [] }

    /// UIKit posts its notification inside the scene's callback, and the view hears it there; the scene's phase
    /// reaches the view when that turn ends (docs/lifecycle.md §22). A scene-based app launches in the background
    /// and its scene comes forward (§13), so the "foreground" handler runs at the launch too: the view subscribed
    /// when its scene connected.
    @Test func aViewHearsUIKitsNotificationsBeforeItsPhaseChanges() throws {
        let device = try SimulatedDevice(app: NotifiedApp.self, id: "cards")
        try device.perform("tap cards")
        #expect(ReceiveLog.lines == ["Moving to the foreground!", "scenePhase active"])
        ReceiveLog.lines = []
        try device.perform("home")
        #expect(ReceiveLog.lines == ["Moving to the background!", "scenePhase inactive", "scenePhase background"])
        ReceiveLog.lines = []
        try device.perform("tap cards")
        #expect(ReceiveLog.lines == ["Moving to the foreground!", "scenePhase inactive", "scenePhase active"])
    }

    /// Each window's view subscribes: on an iPad with two windows, the app's one notification reaches both. A window
    /// closed takes its subscription with it.
    @Test func eachWindowsViewHearsTheAppsNotification() throws {
        let device = try SimulatedDevice(app: NotifiedApp.self, id: "cards", device: .ipad)
        for line in ["tap cards", "new-window cards split"] { try device.perform(line) }
        ReceiveLog.lines = []
        try device.perform("home")
        #expect(ReceiveLog.lines.filter { $0 == "Moving to the background!" }.count == 2, "\(ReceiveLog.lines)")
        try device.perform("tap cards")
        try device.perform("close-window cards#2")
        ReceiveLog.lines = []
        try device.perform("home")
        #expect(ReceiveLog.lines.filter { $0 == "Moving to the background!" }.count == 1, "\(ReceiveLog.lines)")
    }

    /// `receive(on: RunLoop.main)` sends the notification on as the app's main-queue work: after the callback that
    /// posted it, before the app is suspended.
    @Test func aSinkOnTheMainRunLoopSavesBeforeTheSuspension() throws {
        let device = try SimulatedDevice(app: AutosavingApp.self, id: "autosave")
        try device.perform("tap autosave")
        ReceiveLog.lines = []
        try device.perform("home")
        #expect(ReceiveLog.lines == ["scenePhase inactive", "scenePhase background", "saved draft"])
        try device.perform("expect autosave suspended")
    }

    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes\napp mail\n")
        try explorer.run("notes", app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2026)
    }

    /// A draft saved only on `willTerminateNotification` is lost when the system purges the suspended app.
    @Test func aDraftSavedOnTerminationIsLostAcrossAPurge() async throws {
        let report = try await Self.explore(SavesOnTerminateApp.self)
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge }, "\(report)")
        #expect(lost.scenario.hasSuffix("tap notes\nhome\nmemory-pressure\ntap notes\n"), "\(lost)")
        #expect(lost.detail.contains("Note 1") && lost.detail.contains("Note 2"), "\(lost)")
    }

    /// Saved on `didEnterBackgroundNotification`, the draft comes back.
    @Test func aDraftSavedOnEnteringTheBackgroundComesBack() async throws {
        let report = try await Self.explore(SavesOnBackgroundApp.self)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
