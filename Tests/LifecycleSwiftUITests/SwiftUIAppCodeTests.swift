import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A SwiftUI app whose saving code is written as iOS code is: an `ObservableObject` observes
// `UIApplication.didEnterBackgroundNotification` on `NotificationCenter.default` (queue `.main`), begins a background
// task and ends it from a `Task` once the save is written (the pattern of Apple's "Extending your app's background
// execution time"); the view's `onChange(of: scenePhase)` flushes with `DispatchQueue.main.async`. The leaky variant
// begins its task with no expiration handler and never ends it, which iOS answers by killing the app.

/// The identifier of one save's background task, read by its expiration handler.
@MainActor
final class DraftSaveTask {
    var identifier = UIBackgroundTaskIdentifier.invalid
}

@MainActor
final class DraftSaver: ObservableObject {
    @Published private(set) var saves = 0
    @Published private(set) var flushes = 0
    private var observer: (any NSObjectProtocol)?
    private let endsTask: Bool

    init(endsTask: Bool) {
        self.endsTask = endsTask
        observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.saveInBackground() }
        }
    }

    func saveInBackground() {
        let application = UIApplication.shared
        guard endsTask else {
            // The leak: no expiration handler, and no end.
            _ = application.beginBackgroundTask(withName: "save draft", expirationHandler: nil)
            Task { await self.write() }
            return
        }
        let task = DraftSaveTask()
        task.identifier = application.beginBackgroundTask(withName: "save draft") {
            application.endBackgroundTask(task.identifier)
            task.identifier = .invalid
        }
        Task {
            await self.write()
            application.endBackgroundTask(task.identifier)
            task.identifier = .invalid
        }
    }

    func write() async { saves += 1 }

    func flush() { flushes += 1 }
}

struct DraftView: View {
    @Environment(\.scenePhase) private var scenePhase
    @StateObject private var saver: DraftSaver
    @SceneStorage("draft") private var draft = ""

    init(endsTask: Bool) { _saver = StateObject(wrappedValue: DraftSaver(endsTask: endsTask)) }

    var body: some View {
        TextEditor(text: $draft)
            .onChange(of: scenePhase) { _, phase in
                if phase == .background {
                    DispatchQueue.main.async { saver.flush() }
                }
            }
    }
}

struct CarefulDraftApp: App {
    var body: some Scene {
        WindowGroup { DraftView(endsTask: true) }
    }
}

struct LeakyDraftApp: App {
    var body: some Scene {
        WindowGroup { DraftView(endsTask: false) }
    }
}

@Suite @MainActor struct SwiftUIAppCodeTests {
    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp drafts scenes\napp mail\n")
        try explorer.run("drafts", app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2027)
    }

    @Test func theCarefulSaverHasNoLifecycleBug() async throws {
        let report = try await Self.explore(CarefulDraftApp.self)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theLeakySaversTaskIsFoundNotEnded() async throws {
        let report = try await Self.explore(LeakyDraftApp.self)
        #expect(report.findings.map(\.kind) == [.backgroundTaskNotEnded], "\(report)")
    }
}
