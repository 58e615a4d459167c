import Benchmark
import CoreWorkloads
import LifecycleCore

/// `Phone` per transition it emits, beside a bare `switch` over the same chart making the same number of
/// transitions, in the same run: the cost of the system's policy, its callbacks and notifications as data,
/// over the state machine's table itself.
func coreBenchmarks() {
    // Each sample makes 1,000 transitions and is reported whole, in nanoseconds: reported per transition (scaled by
    // package-benchmark), the bare `switch`'s 3 or 4 ns were whole numbers, too coarse for a ratio.
    let transitionsPerSample = 1_000
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .nanoseconds, maxDuration: .seconds(10))

    // 100 apps, each tapped and sent Home in turn (`TapAndHome`). One phone lives through every sample, as in a long
    // simulation: building a phone of 100 apps in each sample of 1,000 transitions had been a quarter of what the
    // sample measured. The phone's actions go into one list of plain values, emptied before each event and kept
    // from one sample to the next, as the simulator keeps one for a run. `PhoneLoop` runs the same loop alone, to
    // count its instructions.
    let plain = TapAndHome()
    Benchmark("Phone: tap and Home, per 1,000 transitions", configuration: configuration) { _ in
        blackHole(plain.drive(until: transitionsPerSample))
    }

    // The same through the convenience method, which hands back a new array of `Action`s (apps by name) each time.
    let arrays = TapAndHome()
    Benchmark("Phone: tap and Home as Action arrays, per 1,000 transitions", configuration: configuration) { _ in
        let transitions = arrays.drive(until: transitionsPerSample) { phone, action in
            var transitions = 0
            for case .transition in try! phone.perform(action) { transitions += 1 }
            return transitions
        }
        blackHole(transitions)
    }

    // A bare `switch` over the app chart, driven through the same kind of life, as many transitions.
    Benchmark("Baseline: a bare switch over the chart, per 1,000 transitions", configuration: configuration) { _ in
        var states = [UInt8](repeating: 0, count: 100)
        var transitions = 0
        var round = 0
        while transitions < transitionsPerSample {
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
