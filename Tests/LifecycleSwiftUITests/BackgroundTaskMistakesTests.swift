import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// Two ways a SwiftUI app's `.backgroundTask(.appRefresh(…))` never runs, both reported as published apps met them:
// the identifier the app submits differs from the one its modifier handles (the task launches the app with no handler,
// which crashes it: WordPress-iOS issue 18156, "No launch handler registered for task with identifier"), and the
// identifier is missing from the Info.plist's permitted ones (cuplivo pull request 382: the handler was never
// registered, and the task never scheduled). The app is WWDC22's "Efficiency awaits" refresh, with the mistakes.

@MainActor
enum RefreshLog {
    static var lines: [String] = []
}

struct RefreshingApp: App {
    /// The identifier the app submits, and the one its modifier handles.
    static var submitted = "refresh"
    static var handled = "refresh"

    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup { Text("News") }
            .onChange(of: phase) { _, newPhase in
                if newPhase == .background {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: Self.submitted))
                }
            }
            .backgroundTask(.appRefresh(Self.handled)) {
                await MainActor.run { RefreshLog.lines.append("refreshed") }
            }
    }
}

@Suite(.serialized) @MainActor struct BackgroundTaskMistakesTests {
    init() {
        RefreshLog.lines = []
        RefreshingApp.submitted = "refresh"
        RefreshingApp.handled = "refresh"
    }

    static func declarations(permitting identifier: String) -> String {
        "profile ios17\napp news scenes background-modes=fetch bgtasks=\(identifier):refresh\napp mail\n"
    }

    static func device(permitting identifier: String) throws -> SimulatedDevice {
        let parsed = try ScenarioParser(file: "test").parse(declarations(permitting: identifier))
        let news = try #require(parsed.apps.first)
        return try SimulatedDevice(app: RefreshingApp.self, id: "news", configuration: news)
    }

    @Test func theRefreshRunsWhenItsIdentifierIsPermittedAndHandled() async throws {
        let device = try Self.device(permitting: "refresh")
        for line in ["tap news", "home", "wait 5s", "bgtask-launch news refresh"] { try device.perform(line) }
        await device.settle()
        #expect(RefreshLog.lines == ["refreshed"], "\(device.printedTrace())")
    }

    @Test func anIdentifierMissingFromTheInfoPlistNeverRuns() throws {
        let device = try Self.device(permitting: "com.news.refresh")
        for line in ["tap news", "home", "wait 5s"] { try device.perform(line) }
        let trace = device.printedTrace()
        #expect(trace.contains("the backgroundTask action for refresh is not registered"), "\(trace)")
        #expect(device.pendingTaskRequests(of: "news").isEmpty, "the submit was refused: \(trace)")
        #expect(RefreshLog.lines.isEmpty)
    }

    @Test func aTaskSubmittedUnderAnotherIdentifierCrashesTheAppItLaunches() async throws {
        RefreshingApp.submitted = "com.news.refresh"
        var explorer = try LifecycleExplorer(declarations: Self.declarations(permitting: "com.news.refresh"))
        try explorer.run("news", app: RefreshingApp.self)
        let report = await explorer.explore(sessions: ExploredSwiftUINotesTests.sessions, actions: 40, seed: 23)
        let crash = try #require(report.findings.first, "\(report)")
        #expect(crash.kind == .bgtaskRegisteredLate, "\(report)")
        #expect(crash.detail.contains("No launch handler registered for task with identifier com.news.refresh"))
        #expect(crash.scenario.hasSuffix("bgtask-launch news com.news.refresh\n"), "\(crash)")
    }
}

// A test that lets its device go while an app's task still awaits work off the main actor: the work comes back after
// the device is gone, and the task's code goes on against no phone, doing nothing, rather than crashing the tests.

actor SlowLibrary {
    static let shared = SlowLibrary()

    func books() async -> [String] {
        // Work off the main actor that takes a moment of real time, as a database read does.
        try? await _Concurrency.Task<Never, Never>.sleep(for: .milliseconds(50))
        return ["Dune"]
    }
}

@MainActor
enum LibraryLog {
    static var lines: [String] = []
}

struct LibraryView: View {
    @State private var books: [String] = []

    var body: some View {
        List(books, id: \.self) { Text($0) }
            .task {
                books = await SlowLibrary.shared.books()
                LibraryLog.lines.append("loaded \(books)")
                UIApplication.shared.open(URL(string: "https://example.com")!)
            }
    }
}

struct LibraryApp: App {
    var body: some Scene {
        WindowGroup { LibraryView() }
    }
}

@Suite(.serialized) @MainActor struct DeviceLetGoTests {
    @Test func anAppsTaskThatComesBackAfterItsDeviceWentDoesNothing() async throws {
        LibraryLog.lines = []
        weak var gone: SimulatedDevice?
        do {
            let device = try SimulatedDevice(app: LibraryApp.self, id: "library")
            try device.perform("tap library")
            gone = device
        }
        #expect(gone == nil, "the test let its device go")
        for _ in 0..<200 where LibraryLog.lines.isEmpty {
            try await _Concurrency.Task<Never, Never>.sleep(for: .milliseconds(10))
        }
        #expect(LibraryLog.lines == ["loaded [\"Dune\"]"])
    }
}

// A refresh whose work outlasts the task's time: SwiftUI cancels the action's task when the task expires, the sleep
// throws, the action returns, and SwiftUI completes the task, in time.

@MainActor
enum PodcastLog {
    static var lines: [String] = []
}

struct LongRefreshApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup { Text("Podcasts") }
            .onChange(of: phase) { _, newPhase in
                if newPhase == .background {
                    try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "refresh"))
                }
            }
            .backgroundTask(.appRefresh("refresh")) {
                do {
                    try await Task.sleep(for: .seconds(120))  // the episodes' download
                    await MainActor.run { PodcastLog.lines.append("downloaded") }
                } catch {
                    await MainActor.run { PodcastLog.lines.append("cancelled") }
                }
            }
    }
}

@Suite(.serialized) @MainActor struct LongRefreshTests {
    static let declarations = "profile ios17\napp podcasts scenes background-modes=fetch bgtasks=refresh:refresh\n"

    @Test func theExpirationCancelsTheActionAndSwiftUICompletesTheTask() async throws {
        PodcastLog.lines = []
        let parsed = try ScenarioParser(file: "test").parse(Self.declarations)
        let podcasts = try #require(parsed.apps.first)
        let device = try SimulatedDevice(app: LongRefreshApp.self, id: "podcasts", configuration: podcasts)
        for line in ["tap podcasts", "home", "bgtask-launch podcasts refresh"] { try device.perform(line) }
        await device.settle()
        await device.waitAndSettle(.seconds(60))
        let trace = device.printedTrace()
        #expect(PodcastLog.lines == ["cancelled"], "\(trace)")
        #expect(trace.contains("setTaskCompleted"), "\(trace)")
        #expect(device.state(of: "podcasts") == .suspended, "\(trace)")
    }

    @Test func theExplorerFindsNothingToReport() async throws {
        PodcastLog.lines = []
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        try explorer.run("podcasts", app: LongRefreshApp.self)
        let report = await explorer.explore(sessions: ExploredSwiftUINotesTests.sessions, actions: 40, seed: 24)
        #expect(report.findings.isEmpty, "\(report)")
        #expect(PodcastLog.lines.contains("cancelled"), "the explorer launched the refresh, and let it expire")
    }
}
