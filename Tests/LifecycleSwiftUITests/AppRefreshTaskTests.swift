import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// `.backgroundTask(.appRefresh)`, after WWDC22's "Efficiency awaits: Background tasks in SwiftUI": the app schedules
// its refresh as it goes to the background, and the action asks a weather service — work off the main actor — whether
// it is freezing before SwiftUI completes the task (docs/lifecycle.md §19, §22). The port leaves out the request's
// `earliestBeginDate` of a day later, which a session of minutes never reaches.

/// The weather service the app asks, an actor of its own as a network client is: its answer comes off the main actor.
actor WeatherService {
    static let shared = WeatherService()
    private(set) var asked = 0

    func temperature() -> Double {
        asked += 1
        return asked.isMultiple(of: 2) ? -3 : 4
    }
}

@MainActor
enum FreezingLog {
    static var lines: [String] = []
}

struct FreezingWeatherApp: App {
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        WindowGroup { Text("Weather") }
            .onChange(of: phase) { _, newPhase in
                if newPhase == .background { scheduleAppRefresh() }
            }
            .backgroundTask(.appRefresh("myapprefresh")) {
                scheduleAppRefresh()
                if await isFreezing() {
                    notifyForFreezing()
                }
            }
    }

    @MainActor func scheduleAppRefresh() {
        let request = BGAppRefreshTaskRequest(identifier: "myapprefresh")
        try? BGTaskScheduler.shared.submit(request)
    }

    func isFreezing() async -> Bool {
        await WeatherService.shared.temperature() < 0
    }

    @MainActor func notifyForFreezing() {
        FreezingLog.lines.append("freezing")
    }
}

@Suite(.serialized) @MainActor struct AppRefreshTaskTests {
    static let declarations =
        "profile ios17\napp weather scenes background-modes=fetch bgtasks=myapprefresh:refresh\napp mail\n"

    @Test func swiftUICompletesTheTaskOnceTheActionsAwaitReturns() async throws {
        let weather = try #require(try ScenarioParser(file: "test").parse(Self.declarations).apps.first)
        let device = try SimulatedDevice(app: FreezingWeatherApp.self, id: "weather", configuration: weather)
        for line in ["tap weather", "home", "wait 5s", "bgtask-launch weather myapprefresh"] {
            try device.perform(line)
        }
        await device.settle()
        let trace = device.printedTrace()
        #expect(trace.contains("setTaskCompleted"), "\(trace)")
        #expect(device.state(of: "weather") == .suspended, "\(trace)")
    }

    @Test func theExplorerFindsNothingToReport() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        try explorer.run("weather", app: FreezingWeatherApp.self)
        let report = await explorer.explore(sessions: ExploredSwiftUINotesTests.sessions, actions: 40, seed: 22)
        #expect(report.findings.isEmpty, "\(report)")
        #expect(FreezingLog.lines.contains("freezing"), "the explorer launched the refresh")
    }
}
