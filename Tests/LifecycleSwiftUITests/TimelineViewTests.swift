import LifecycleSwiftUI
import LifecycleTesting
import Observation
import Testing

// A rest timer as a view of iOS 17 writes it: the time since the rest began in a `TimelineView`, a gauge, a number
// that rolls, a symbol that bounces, an alert about a value, key presses. It builds unchanged, and what its timeline
// shows is the phone's time: `Date.now` in the view's code is the phone's date (docs/lifecycle.md §19, §22), so after
// Home and a minute and a half away, the view evaluated on return shows 1:30 since the start. What the app shows
// is logged by the content as it is evaluated.

@MainActor
enum RestLog {
    static var shown: [TimeInterval] = []
}

@Observable final class RestModel {
    var startedAt = Date.now
    var rounds = 0
    var warning: String?
}

struct RestView: View {
    @State private var model = RestModel()
    @State private var showsWarning = false
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        VStack {
            TimelineView(.periodic(from: model.startedAt, by: 1)) { context in
                let elapsed = context.date.timeIntervalSince(model.startedAt)
                let _ = RestLog.shown.append(elapsed)
                Text(Duration.seconds(elapsed).formatted(.time(pattern: .minuteSecond)))
                    .monospacedDigit()
                    .contentTransition(.numericText())
            }
            Gauge(value: min(Double(model.rounds), 10), in: 0...10) { Text("Rounds") }
            Image(systemName: "figure.run").symbolEffect(.bounce, value: model.rounds)
            Button("Next round") { model.rounds += 1 }
                .onKeyPress(.return) {
                    model.rounds += 1
                    return .handled
                }
        }
        .alert("Rest", isPresented: $showsWarning, presenting: model.warning) { _ in
            Button("OK", role: .cancel) {}
        } message: { warning in
            Text(warning)
        }
        .contentMargins(16)
        .onChange(of: scenePhase) { _, phase in
            if phase == .active, model.rounds > 0 { showsWarning = true }
        }
    }
}

struct RestTimerApp: App {
    var body: some Scene {
        WindowGroup { RestView() }
    }
}

@Suite(.serialized) @MainActor struct TimelineViewTests {
    init() { RestLog.shown = [] }

    @Test func theTimelineShowsThePhonesTime() async throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let device = try SimulatedDevice(app: RestTimerApp.self, id: "rest", startDate: start)
        try device.perform("tap rest")
        await device.settle()
        // Evaluated as the scene connects and at each phase change: at the start each time.
        #expect(!RestLog.shown.isEmpty && RestLog.shown.allSatisfy { $0 == 0 }, "\(RestLog.shown)")
        for line in ["home", "wait 90s", "tap rest"] { try device.perform(line) }
        await device.settle()
        #expect(RestLog.shown.last.map { ($0 * 1000).rounded() / 1000 } == 90, "\(RestLog.shown)")
    }
}
