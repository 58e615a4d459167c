import LifecycleSwiftUI
import LifecycleTesting
import Testing

// `.backgroundTask(.urlSession)`, as WWDC22's "Efficiency awaits: Background tasks in SwiftUI" writes it: the app
// is woken for its background URL session's events, SwiftUI runs the action, and calls UIKit's completion handler
// once the action returns.

@MainActor
enum UploadLog {
    static var lines: [String] = []
}

/// Where the app keeps what its session finished: main-actor work (AppRefreshTaskTests has an action whose work goes
/// off the main actor).
@MainActor
final class UploadStore {
    static let shared = UploadStore()
    private(set) var uploaded: [String] = []

    func markUploaded(_ session: String) async { uploaded.append(session) }
}

struct UploadingApp: App {
    var body: some Scene {
        WindowGroup { Text("Uploads") }
            .backgroundTask(.urlSession) { identifier in
                UploadLog.lines.append("events of \(identifier)")
                await UploadStore.shared.markUploaded(identifier)
                UploadLog.lines.append("handled")
            }
    }
}

@Suite(.serialized) @MainActor struct URLSessionTaskTests {
    init() { UploadLog.lines = [] }

    @Test func theActionRunsAndSwiftUICallsTheCompletionHandler() throws {
        let device = try SimulatedDevice(app: UploadingApp.self, id: "uploads")
        for line in ["tap uploads", "home", "download uploads"] { try device.perform(line) }
        #expect(UploadLog.lines == ["events of background", "handled"])
        #expect(
            device.printedTrace().contains(
                "completion handler of application:handleEventsForBackgroundURLSession:completionHandler: called"),
            "\(device.printedTrace())")
        #expect(device.state(of: "uploads") == .suspended)
    }

    @Test func theExplorerFindsNothingToReport() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp uploads scenes\napp mail\n")
        try explorer.run("uploads", app: UploadingApp.self)
        let report = await explorer.explore(sessions: ExploredSwiftUINotesTests.sessions, actions: 40, seed: 22)
        #expect(report.findings.isEmpty, "\(report)")
        #expect(UploadLog.lines.contains("handled"), "the explorer woke the app for its session's events")
    }
}
