import Benchmark
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleSimulator
import LifecycleTesting
import LifecycleTrace

/// A small app that does its lifecycle work right: a background task ended at once, a fetch completed.
@MainActor
final class ExploredDelegate: ApplicationDelegate {
    var opened = 0
    func applicationDidBecomeActive(_ application: Application) { opened += 1 }
    func applicationDidEnterBackground(_ application: Application) {
        let task = application.beginBackgroundTask(withName: "save") {}
        application.endBackgroundTask(task)
    }
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.newData) }
}

let exploredDeclarations = "profile ios17\napp app background-modes=fetch\napp other\n"

/// The explorer (docs/lifecycle.md §19) beside the simulator running the same generated sessions without app code,
/// in the same run: the cost of real delegates, fresh for each process, and of the checks after every step. The
/// target: at most 5× the baseline, and 10,000 sessions of 50 steps in under a minute on this 2-core machine.
func explorerBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)
    let sessions = 200

    Benchmark("Explorer: 200 sessions of 50 steps, real delegates", configuration: configuration) { _ in
        let findings = await MainActor.run {
            var explorer = try! LifecycleExplorer(declarations: exploredDeclarations)
            explorer.run("app", delegate: { ExploredDelegate() })
            return explorer.explore(sessions: sessions, actions: 50, seed: 7).findings.count
        }
        blackHole(findings)
    }

    // The same sessions, generated once (in the warm-up iteration: the registration is not on the main actor),
    // run by the simulator with scripted apps: what the explorer adds to it.
    Benchmark("Baseline: the same 200 sessions, scripted apps, no checks", configuration: configuration) { _ in
        let scenarios = await GeneratedSessions.scenarios(sessions)
        var records = 0
        for scenario in scenarios {
            let simulator = Simulator(phone: scenario.makePhone(), sink: CollectingTraceSink())
            for step in scenario.steps {
                switch step.command {
                case .perform(let action): _ = try? simulator.perform(action)
                case .wait(let duration): simulator.advance(by: duration)
                case .expect, .expectScene: break
                }
            }
            records += simulator.sink.records.count
        }
        blackHole(records)
    }
}

/// Leaks its background task only the eighth time it enters the background in a process: a failure well into a
/// session (found at step 34 of seed 3's), which the shrinker must cut down to eight rounds of leaving the screen.
@MainActor
final class LateLeaker: ApplicationDelegate {
    var backgrounds = 0
    func applicationDidEnterBackground(_ application: Application) {
        backgrounds += 1
        let task = application.beginBackgroundTask(withName: "save") {}
        if backgrounds != 8 { application.endBackgroundTask(task) }
    }
}

/// Shrinking: one session of up to 200 steps whose failure comes late, found and shrunk (the target: a 200-step
/// failure in under 5 s).
func shrinkingBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 5)
    Benchmark("Explorer: a failure at step 34, found and shrunk to 17 steps", configuration: configuration) { _ in
        let steps = await MainActor.run {
            var explorer = try! LifecycleExplorer(declarations: "profile ios17\napp app\n")
            explorer.weights.memory = 0
            explorer.run("app", delegate: { LateLeaker() })
            return explorer.explore(sessions: 1, actions: 200, seed: 3).findings.map(\.steps)
        }
        blackHole(steps)
    }
}

/// The explorer's sessions as scenarios, made once on the main actor, where the explorer runs.
@MainActor
enum GeneratedSessions {
    static var made: [Scenario]?

    static func scenarios(_ count: Int) -> [Scenario] {
        if let made { return made }
        var explorer = try! LifecycleExplorer(declarations: exploredDeclarations)
        explorer.run("app", delegate: { ExploredDelegate() })
        let scenarios = explorer.generatedSessions(sessions: count, actions: 50, seed: 7).map {
            try! ScenarioParser(file: "session").parse($0)
        }
        made = scenarios
        return scenarios
    }
}
