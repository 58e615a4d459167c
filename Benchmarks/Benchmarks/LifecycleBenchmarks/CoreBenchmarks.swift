import Benchmark
import LifecycleCore

/// `Phone` per transition it emits, beside a bare `switch` over the same chart making the same number of
/// transitions, in the same run: the cost of the system's policy, its callbacks and notifications as data,
/// over the state machine's table itself.
func coreBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(10))

    // 100 apps, each tapped and sent Home in turn: a launch or a resume, then a trip to the background.
    Benchmark("Phone: tap and Home, per 1,000 transitions", configuration: configuration) { benchmark in
        let apps = (0..<100).map { AppConfiguration(id: AppID("app\($0)")) }
        var phone = Phone(profile: .ios12, apps: apps)
        var transitions = 0
        var round = 0
        while transitions < benchmark.scaledIterations.count {
            let app = apps[round % apps.count].id
            round += 1
            for action in [UserAction.tap(app), .home] {
                for case .transition in try! phone.perform(action) { transitions += 1 }
            }
        }
        blackHole(transitions)
    }

    // The same, as a host drives the phone: each event's actions appended to one buffer the host keeps
    // (`perform(_:appendingTo:)`), where `perform(_:)` hands back a new array each time.
    Benchmark("Phone: tap and Home into one buffer, per 1,000 transitions", configuration: configuration) {
        benchmark in
        let apps = (0..<100).map { AppConfiguration(id: AppID("app\($0)")) }
        var phone = Phone(profile: .ios12, apps: apps)
        var actions: [Action] = []
        var transitions = 0
        var round = 0
        while transitions < benchmark.scaledIterations.count {
            let app = apps[round % apps.count].id
            round += 1
            for action in [UserAction.tap(app), .home] {
                actions.removeAll(keepingCapacity: true)
                try! phone.perform(action, appendingTo: &actions)
                for case .transition in actions { transitions += 1 }
            }
        }
        blackHole(transitions)
    }

    // A bare `switch` over the app chart, driven through the same kind of life, as many transitions.
    Benchmark("Baseline: a bare switch over the chart, per 1,000 transitions", configuration: configuration) {
        benchmark in
        var states = [UInt8](repeating: 0, count: 100)
        var transitions = 0
        var round = 0
        while transitions < benchmark.scaledIterations.count {
            let app = round % states.count
            round += 1
            for event in [UInt8(0), 1, 2, 3] {
                let next = BareChart.next(states[app], event)
                if next != states[app] {
                    states[app] = next
                    transitions += 1
                }
            }
        }
        blackHole(states)
        blackHole(transitions)
    }
}

/// The app chart as a bare `switch` on small numbers: 0 notRunning, 1 inactive, 2 active, 3 background; events
/// 0 tap, 1 become active, 2 resign active, 3 enter background.
enum BareChart {
    @inline(never)
    static func next(_ state: UInt8, _ event: UInt8) -> UInt8 {
        switch (state, event) {
        case (0, 0), (3, 0): 1
        case (1, 1): 2
        case (2, 2): 1
        case (1, 3): 3
        default: state
        }
    }
}
