import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A journal that saves its entries when its scene goes to the background, in a `Task`, as Apple's Scrumdinger tutorial
// ("Persisting data": `saveAction` runs `Task { try await store.save(scrums: store.scrums) }` from the view's
// `onChange(of: scenePhase)`) does, here with an upload to the journal's server (the app's defaults, after a second's
// `Task.sleep`). The hasty journal uploads, then keeps the entries on the phone, with no background task: iOS suspends
// the app before the upload is done, and a purge loses the entries. The careful one keeps them on the phone at once,
// then uploads them holding a background task, as Apple's "Extending your app's background execution time" shows.

/// The journal's store: its server, the copy on the phone, and how many entries the app has made.
@MainActor
final class JournalStore {
    @AppStorage("uploadedEntries") private var uploaded = ""
    @AppStorage("keptEntries") private var kept = ""
    @AppStorage("entriesMade") private var made = 0

    func load() -> [String] {
        let entries = kept.isEmpty ? uploaded : kept
        return entries.isEmpty ? [] : entries.components(separatedBy: "\n")
    }

    func newEntry() -> String {
        made += 1
        return "Entry \(made)"
    }

    func keep(_ entries: [String]) {
        kept = entries.joined(separator: "\n")
    }

    func upload(_ entries: [String]) async throws {
        try await Task.sleep(for: .seconds(1))
        uploaded = entries.joined(separator: "\n")
    }
}

/// The identifier of one upload's background task, read by its expiration handler.
@MainActor
final class UploadTask {
    var identifier = UIBackgroundTaskIdentifier.invalid
}

struct JournalView: View {
    let careful: Bool
    @Environment(\.scenePhase) private var scenePhase
    @State private var store = JournalStore()
    @State private var entries: [String] = []

    var body: some View {
        List(entries, id: \.self) { entry in
            Text(entry)
        }
        .task {
            entries = store.load()
            if entries.isEmpty { entries = [store.newEntry()] }
        }
        .onChange(of: scenePhase) { _, phase in
            guard phase == .background else { return }
            careful ? saveHoldingABackgroundTask() : save()
        }
    }

    /// Uploads the entries, then keeps them on the phone, with no background task.
    private func save() {
        Task {
            try? await store.upload(entries)
            store.keep(entries)
        }
    }

    /// Keeps the entries on the phone at once, then uploads them in a background task.
    private func saveHoldingABackgroundTask() {
        store.keep(entries)
        let application = UIApplication.shared
        let upload = UploadTask()
        upload.identifier = application.beginBackgroundTask(withName: "upload entries") {
            application.endBackgroundTask(upload.identifier)
            upload.identifier = .invalid
        }
        Task {
            try? await store.upload(entries)
            application.endBackgroundTask(upload.identifier)
            upload.identifier = .invalid
        }
    }
}

struct HastyJournalApp: App {
    var body: some Scene {
        WindowGroup { JournalView(careful: false) }
    }
}

struct CarefulJournalApp: App {
    var body: some Scene {
        WindowGroup { JournalView(careful: true) }
    }
}

@Suite(.serialized) @MainActor struct BackgroundUploadTests {
    static let declarations = "profile ios17\napp journal scenes\napp mail\n"

    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: declarations)
        try explorer.run("journal", app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2028)
    }

    @Test func theUploadEndsItsBackgroundTaskWhenItsSleepEnds() async throws {
        let device = try SimulatedDevice(app: CarefulJournalApp.self, id: "journal")
        try device.perform("tap journal")
        try device.perform("home")
        await device.settle()
        #expect(device.state(of: "journal") == .background)
        await device.waitAndSettle(.seconds(5))
        #expect(device.state(of: "journal") == .suspended)
        // The task wakes a second after Home, on the phone's clock, and its end lets the app be suspended then.
        let lines = device.printedTrace().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains { $0.hasPrefix("1s ") && $0.hasSuffix("endBackgroundTask(1)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("1s ") && $0.hasSuffix("background → suspended  (suspend)") })
    }

    @Test func theHastyUploadIsLostWithTheSuspendedApp() async throws {
        let report = try await Self.explore(HastyJournalApp.self)
        let lost = try #require(report.findings.first { $0.kind == .stateLostAcrossPurge }, "\(report)")
        #expect(lost.scenario.hasSuffix("tap journal\nhome\nmemory-pressure\ntap journal\n"), "\(lost)")
        #expect(lost.detail.contains("Entry 1") && lost.detail.contains("Entry 2"), "\(lost)")
        #expect(report.findings.count == 1, "\(report)")
    }

    @Test func theUploadHoldingABackgroundTaskComesBack() async throws {
        let report = try await Self.explore(CarefulJournalApp.self)
        #expect(report.findings.isEmpty, "\(report)")
    }
}

// A view that refreshes every 30 seconds from its `task`, the loop WWDC21's "Discover concurrency in SwiftUI" writes
// for a view's periodic work: SwiftUI cancels the task when the view goes, and the cancelled sleep throws.

@MainActor
enum PollLog {
    static var lines: [String] = []
}

struct PollingView: View {
    @State private var refreshes = 0

    var body: some View {
        Text("Refreshed \(refreshes) times")
            .task {
                do {
                    while true {
                        refreshes += 1
                        PollLog.lines.append("refresh \(refreshes)")
                        try await Task.sleep(for: .seconds(30))
                    }
                } catch {
                    PollLog.lines.append("cancelled")
                }
            }
    }
}

struct PollingApp: App {
    var body: some Scene {
        WindowGroup { PollingView() }
    }
}

@Suite(.serialized) @MainActor struct PollingTaskTests {
    init() { PollLog.lines = [] }

    @Test func theLoopSleepsOnThePhonesClockAndNotWhileSuspended() async throws {
        let device = try SimulatedDevice(app: PollingApp.self, id: "poll", device: .ipad)
        try device.perform("tap poll")
        await device.settle()
        await device.waitAndSettle(.seconds(95))
        #expect(PollLog.lines == ["refresh 1", "refresh 2", "refresh 3", "refresh 4"])
        try device.perform("home")
        await device.settle()
        await device.waitAndSettle(.seconds(600))
        #expect(PollLog.lines.count == 4, "a suspended app's sleep does not end: \(PollLog.lines)")
        try device.perform("tap poll")
        await device.settle()
        #expect(PollLog.lines.last == "refresh 5", "the sleep that ended while suspended ends as the app runs")
        // A second window beside it, then the first closes: its view goes, and its task is cancelled.
        try device.perform("new-window poll split")
        await device.settle()
        #expect(PollLog.lines.last == "refresh 1", "the second window's own task")
        try device.perform("close-window poll#1")
        await device.settle()
        #expect(PollLog.lines.last == "cancelled", "\(PollLog.lines)")
    }

    /// Without `waitAndSettle`, the sleeps that end during a wait go on at the test's next `settle()`, once each.
    @Test func aPlainWaitLeavesTheWokenTaskToTheNextSettle() async throws {
        let device = try SimulatedDevice(app: PollingApp.self, id: "poll")
        try device.perform("tap poll")
        await device.settle()
        device.wait(.seconds(95))
        #expect(PollLog.lines == ["refresh 1"])
        await device.settle()
        #expect(PollLog.lines == ["refresh 1", "refresh 2"])
    }
}
