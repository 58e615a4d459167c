import LifecycleKit
import LifecycleScenario
import LifecycleSimulator
import LifecycleTesting
import LifecycleTrace

// What the explorer's benchmarks and ExplorerLoop (its instructions, for callgrind) explore.

/// A small app that does its lifecycle work right: a background task ended at once, a fetch completed.
@MainActor
public final class ExploredDelegate: ApplicationDelegate {
    public init() {}
    public var opened = 0
    public func applicationDidBecomeActive(_ application: Application) { opened += 1 }
    public func applicationDidEnterBackground(_ application: Application) {
        let task = application.beginBackgroundTask(withName: "save") {}
        application.endBackgroundTask(task)
    }
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.newData) }
}

/// Two apps, the first with the explored code.
public let exploredDeclarations = "profile ios17\napp app background-modes=fetch\napp other\n"

/// Leaks its background task only the `leakingAt`th time it enters the background in a process (the eighth unless
/// told): a failure well into a session, which the shrinker must cut down to that many rounds of leaving the screen.
@MainActor
public final class LateLeaker: ApplicationDelegate {
    public let leakingAt: Int
    public var backgrounds = 0
    public init(leakingAt: Int = 8) { self.leakingAt = leakingAt }
    public func applicationDidEnterBackground(_ application: Application) {
        backgrounds += 1
        let task = application.beginBackgroundTask(withName: "save") {}
        if backgrounds != leakingAt { application.endBackgroundTask(task) }
    }
}

/// A late leak found and shrunk: one session of up to `actions` steps of `seed`, with no memory steps (a purge would
/// start the count again). Gives the steps of the session as found and as shrunk.
@MainActor
public func shrinkLateLeak(leakingAt: Int, actions: Int, seed: UInt64) async -> (found: Int, shrunk: Int)? {
    var explorer = try! LifecycleExplorer(declarations: "profile ios17\napp app\n")
    explorer.weights.memory = 0
    explorer.run("app", delegate: { LateLeaker(leakingAt: leakingAt) })
    return await explorer.explore(sessions: 1, actions: actions, seed: seed).findings.first.map {
        ($0.originalSteps, $0.steps)
    }
}

/// The explorer's sessions as scenarios, made once on the main actor, where the explorer runs.
@MainActor
public enum GeneratedSessions {
    static var made: [Scenario]?

    public static func scenarios(_ count: Int) async -> [Scenario] {
        if let made { return made }
        var explorer = try! LifecycleExplorer(declarations: exploredDeclarations)
        explorer.run("app", delegate: { ExploredDelegate() })
        let scenarios = await explorer.generatedSessions(sessions: count, actions: 50, seed: 7).map {
            try! ScenarioParser(file: "session").parse($0)
        }
        made = scenarios
        return scenarios
    }

    /// The explorer over `count` sessions of 50 steps of seed 7 with the careful delegate: how many findings (none).
    public static func explore(_ count: Int) async -> Int {
        var explorer = try! LifecycleExplorer(declarations: exploredDeclarations)
        explorer.run("app", delegate: { ExploredDelegate() })
        return await explorer.explore(sessions: count, actions: 50, seed: 7).findings.count
    }

    /// The same sessions run by the simulator with scripted apps and no checks: how many trace records they make.
    public nonisolated static func runScripted(_ scenarios: [Scenario]) -> Int {
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
        return records
    }
}
