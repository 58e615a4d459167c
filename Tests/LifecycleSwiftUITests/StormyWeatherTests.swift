import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// WWDC22's "Efficiency awaits: Background tasks in SwiftUI", its networking as the session writes it: the app refresh
// action asks the forecast with `data(for:)` on a background session; if the refresh task expires first, the
// cancellation handler hands the request to a download task of the same session, which the system finishes while the
// app is suspended, and `.backgroundTask(.urlSession("isStormy"))` runs when iOS wakes the app for its events. The port
// leaves out the request's `earliestBeginDate` of the next day's noon, which a session of minutes never reaches, and
// logs what the app's code does. SwiftUI's actions belong to no actor, so the session writes `await
// scheduleAppRefresh()`; LifecycleSwiftUI runs them on the main actor (docs/writing-an-app.md), where that `await` draws
// a warning, so the port leaves it out.

@MainActor
enum StormyLog {
    static var lines: [String] = []
}

struct StormyApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup {
            Text("Stormy")
        }
        .onChange(of: phase) { newPhase in
            switch newPhase {
            case .background: scheduleAppRefresh()
            default: break
            }
        }
        .backgroundTask(.appRefresh("myapprefresh")) {
            scheduleAppRefresh()
            let stormy = await isStormy()
            StormyLog.lines.append("refresh: stormy \(stormy.map(String.init) ?? "unknown")")
        }
        .backgroundTask(.urlSession("isStormy")) {
            StormyLog.lines.append("isStormy's events")
        }
    }
}

@MainActor func scheduleAppRefresh() {
    let request = BGAppRefreshTaskRequest(identifier: "myapprefresh")
    try? BGTaskScheduler.shared.submit(request)
}

/// Whether the forecast says storm: `nil` when the answer did not come in time.
func isStormy() async -> Bool? {
    let config = URLSessionConfiguration.background(withIdentifier: "isStormy")
    config.sessionSendsLaunchEvents = true
    let session = URLSession(configuration: config)

    let request = URLRequest(url: URL(string: "https://weather.example.com/forecast")!)
    let response = await withTaskCancellationHandler {
        try? await session.data(for: request)
    } onCancel: {
        let task = session.downloadTask(with: request)
        task.resume()
    }
    return response.map { String(decoding: $0.0, as: UTF8.self) == "storm" }
}

@Suite(.serialized) @MainActor struct StormyWeatherTests {
    static let declarations = "profile ios17\napp weather scenes background-modes=fetch bgtasks=myapprefresh:refresh\n"

    init() { StormyLog.lines = [] }

    private func device(answeringAfter latency: Duration) throws -> SimulatedDevice {
        let weather = try #require(try ScenarioParser(file: "test").parse(Self.declarations).apps.first)
        let device = try SimulatedDevice(app: StormyApp.self, id: "weather", configuration: weather)
        device.network.respond(to: "https://weather.example.com/forecast", body: "storm", after: latency)
        return device
    }

    /// A forecast that comes within the refresh task's time answers the action itself.
    @Test func aPromptForecastAnswersTheRefresh() async throws {
        let device = try device(answeringAfter: .seconds(2))
        for line in ["tap weather", "home", "wait 5s", "bgtask-launch weather myapprefresh"] {
            try device.perform(line)
        }
        await device.settle()
        await device.waitAndSettle(.seconds(3))
        #expect(StormyLog.lines == ["refresh: stormy true"])
        #expect(device.state(of: "weather") == .suspended)
    }

    /// A forecast slower than the refresh task: the task expires, the download carries the request on, and when it
    /// ends iOS wakes the suspended app for the session's events, where SwiftUI runs the `.urlSession` action.
    @Test func aSlowForecastWakesTheAppForItsSession() async throws {
        let device = try device(answeringAfter: .seconds(60))
        for line in ["tap weather", "home", "wait 5s", "bgtask-launch weather myapprefresh"] {
            try device.perform(line)
        }
        await device.settle()
        try device.perform("bgtask-expire weather myapprefresh")
        await device.settle()
        #expect(StormyLog.lines == ["refresh: stormy unknown"])
        #expect(device.state(of: "weather") == .suspended)
        await device.waitAndSettle(.seconds(61))
        #expect(StormyLog.lines == ["refresh: stormy unknown", "isStormy's events"])
        let trace = device.printedTrace()
        #expect(trace.contains("application:handleEventsForBackgroundURLSession:completionHandler:"), "\(trace)")
        #expect(trace.contains("background session isStormy: GET https://weather.example.com/forecast finished (200)"))
        #expect(device.state(of: "weather") == .suspended, "\(trace)")
    }
}
