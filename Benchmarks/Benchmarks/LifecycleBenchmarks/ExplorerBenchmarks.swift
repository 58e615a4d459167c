import Benchmark
import ExplorerWorkloads
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleTesting

/// The explorer (docs/lifecycle.md §19) beside the simulator running the same generated sessions without app code,
/// in the same run: the cost of real delegates, fresh for each process, and of the checks after every step. The
/// target: at most 5× the baseline, and 10,000 sessions of 50 steps in under a minute on this 2-core machine.
func explorerBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)
    let sessions = 200

    Benchmark("Explorer: 200 sessions of 50 steps, real delegates", configuration: configuration) { _ in
        let findings = await GeneratedSessions.explore(sessions)
        blackHole(findings)
    }

    // The same sessions, generated once (in the warm-up iteration: the registration is not on the main actor),
    // run by the simulator with scripted apps: what the explorer adds to it.
    Benchmark("Baseline: the same 200 sessions, scripted apps, no checks", configuration: configuration) { _ in
        let scenarios = await GeneratedSessions.scenarios(sessions)
        let records = GeneratedSessions.runScripted(scenarios)
        blackHole(records)
    }
}

/// Shrinking: one session whose failure comes late, found and shrunk, replays included (the target: a 200-step
/// failure in under 5 s).
func shrinkingBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 5)
    Benchmark("Explorer: a failure at step 34, found and shrunk to 17 steps", configuration: configuration) { _ in
        blackHole(await shrinkLateLeak(leakingAt: 8, actions: 200, seed: 3))
    }
    // The target's size: a failure after 209 steps (seed 2's session leaks at its 14th background).
    Benchmark("Explorer: a failure at step 209, found and shrunk to 30 steps", configuration: configuration) { _ in
        blackHole(await shrinkLateLeak(leakingAt: 14, actions: 400, seed: 2))
    }
}
