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

// Hacking with Swift's Flashzilla (Project 17, "Triggering events repeatedly using a timer" and "How to be notified
// when your SwiftUI app moves to the background"): a countdown from a `Timer.publish` that stops while the scene is
// not active. The test reads the time left from `CountdownLog`, which the port adds.

@MainActor
enum CountdownLog {
    static var remaining: [Int] = []
}

struct FlashzillaView: View {
    @State private var timeRemaining = 100
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @Environment(\.scenePhase) var scenePhase
    @State private var isActive = true

    var body: some View {
        Text("Time: \(timeRemaining)")
            .onReceive(timer) { _ in
                guard isActive else { return }
                if timeRemaining > 0 {
                    timeRemaining -= 1
                    CountdownLog.remaining.append(timeRemaining)
                }
            }
            .onChange(of: scenePhase) {
                if scenePhase == .active {
                    isActive = true
                } else {
                    isActive = false
                }
            }
    }
}

struct FlashzillaApp: App {
    var body: some Scene {
        WindowGroup { FlashzillaView() }
    }
}

@Suite(.serialized) @MainActor struct TimerPublisherTests {
    init() {
        CountdownLog.remaining = []
        TickLog.times = []
    }

    /// The timer ticks on the phone's clock while the app runs; the view lets a tick go by while its scene is not
    /// active; a suspended app's timer does not tick, and its one tick missed comes as the app runs again, while the
    /// scene is still inactive.
    @Test func theCountdownStopsWhenTheSceneIsNotActive() throws {
        let device = try SimulatedDevice(app: FlashzillaApp.self, id: "flashzilla")
        try device.perform("tap flashzilla")
        try device.perform("wait 10s")
        #expect(CountdownLog.remaining.last == 90)
        try device.perform("notification-center")
        try device.perform("wait 5s")
        #expect(CountdownLog.remaining.last == 90, "inactive: the ticks are let go by")
        try device.perform("dismiss")
        try device.perform("wait 3s")
        #expect(CountdownLog.remaining.last == 87)
        try device.perform("home")
        try device.perform("wait 60s")
        try device.perform("expect flashzilla suspended")
        try device.perform("tap flashzilla")
        #expect(CountdownLog.remaining.last == 87, "the tick missed comes while the scene is inactive")
        try device.perform("wait 2s")
        #expect(CountdownLog.remaining.last == 85)
        #expect(CountdownLog.remaining == Array((85...99).reversed()), "one tick a second, none twice")
    }

    /// Hacking with Swift's "Triggering events repeatedly using a timer": the view stops its timer after five ticks
    /// with `timer.upstream.connect().cancel()`. Each tick is the phone's date, a second after the one before.
    @Test func aTimerStoppedByItsConnectionTicksNoMore() throws {
        let device = try SimulatedDevice(app: FiveTicksApp.self, id: "ticks")
        try device.perform("tap ticks")
        try device.perform("wait 10s")
        #expect(TickLog.times.count == 5, "\(TickLog.times)")
        let gaps = zip(TickLog.times.dropFirst(), TickLog.times).map { $0.timeIntervalSince($1) }
        #expect(gaps.allSatisfy { abs($0 - 1) < 0.001 }, "\(gaps)")
    }
}

@MainActor
enum TickLog {
    static var times: [Date] = []
}

struct FiveTicksView: View {
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @State private var counter = 0

    var body: some View {
        Text("Hello, World!")
            .onReceive(timer) { time in
                if counter == 5 {
                    timer.upstream.connect().cancel()
                } else {
                    TickLog.times.append(time)
                }
                counter += 1
            }
    }
}

struct FiveTicksApp: App {
    var body: some Scene {
        WindowGroup { FiveTicksView() }
    }
}

// A view model's `@Published` change, made in the app's turn, reaches the views that observe it at the end of that
// turn, as SwiftUI re-evaluates them before the run loop sleeps: before the app is suspended.

@MainActor
final class SavingModel: ObservableObject {
    @Published var isSaving = false
}

@MainActor
enum SavingLog {
    static var lines: [String] = []
}

struct SavingStatusView: View {
    @Environment(\.scenePhase) private var scenePhase
    @StateObject private var model = SavingModel()

    var body: some View {
        Text(model.isSaving ? "Saving…" : "Saved")
            .onChange(of: scenePhase) { _, phase in
                if phase == .background { model.isSaving = true }
            }
            .onChange(of: model.isSaving) { _, saving in
                SavingLog.lines.append("isSaving \(saving)")
            }
    }
}

struct SavingStatusApp: App {
    var body: some Scene {
        WindowGroup { SavingStatusView() }
    }
}

@Suite(.serialized) @MainActor struct PublishedChangeTests {
    @Test func aChangeInTheTurnIsSeenBeforeTheSuspension() throws {
        SavingLog.lines = []
        let device = try SimulatedDevice(app: SavingStatusApp.self, id: "saving")
        try device.perform("tap saving")
        try device.perform("home")
        #expect(device.state(of: "saving") == .suspended)
        #expect(SavingLog.lines == ["isSaving true"])
    }
}
