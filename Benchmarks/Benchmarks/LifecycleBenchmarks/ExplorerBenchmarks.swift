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
