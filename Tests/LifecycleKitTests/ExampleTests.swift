import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LoggingExample
import Testing

/// The example app's delegate — LonelyShadow's logging AppDelegate, ported — through every built-in scenario:
/// it logs exactly the callbacks of the trace among the six methods it implements.
@Suite @MainActor struct ExampleTests {
    static let implemented: Set<Callback> = [
        .didFinishLaunching, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
        .willTerminate,
    ]

    /// The scenarios whose actions stop fitting this delegate's code before their end: a launch that no longer
    /// hangs, and scheduled tasks, for which this code registers no launch handler: the app crashes when the
    /// system runs one, as on iOS, and the task the scenario then expires does not run; and notifications, as this
    /// code sets no notification delegate: a notification that comes while the app is in front is not shown, so
    /// nothing waits for the tap the scenario then makes.
    static let stopsEarly: Set<String> = [
        "watchdog-launch", "bgtask-refresh", "bgtask-continued", "notification-tap", "notification-lock-screen",
    ]

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func loggingAppDelegateThroughBuiltInScenario(name: String) throws {
        let builtIn = try #require(BuiltInScenario.named(name))
        let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.source)
        var logs: [AppID: [String]] = [:]
        let delegates = Dictionary(
            uniqueKeysWithValues: scenario.apps.map { app in
                (app.id, AppDelegate(log: { logs[app.id, default: []].append($0) }) as any ApplicationDelegate)
            })
        let device = try SimulatedDevice(scenario: scenario, delegates: delegates)
        // The scenarios' expect lines assume what their app lines declare the code does (background tasks,
        // saved state); this delegate's code does none of it, so the trace is what it really does, and the
        // check is that its log matches that trace. Where a later action no longer fits (a launch that hung
        // restoring saved state now succeeds, so the next tap is impossible), the scenario stops there.
        do {
            try device.run(scenario)
        } catch {
            #expect(Self.stopsEarly.contains(name), "\(error)")
        }
        for app in scenario.apps.map(\.id) {
            let expected = device.trace.compactMap { record -> String? in
                if case .callback(app, let callback, _) = record.event, Self.implemented.contains(callback) {
                    callback.selector
                } else {
                    nil
                }
            }
            #expect(logs[app, default: []] == expected, "\(app)")
        }
    }

    static let sceneMethods: Set<Callback> = [
        .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
        .sceneWillEnterForeground, .sceneDidEnterBackground,
    ]

    /// The scene-based twin logs each of its scene delegate's methods, by their Swift names, and the scene's
    /// phase right after the method that changed it.
    @Test(arguments: BuiltInScenario.all.filter { $0.source.contains(" scenes") }.map(\.name))
    func loggingSceneDelegateThroughSceneScenario(name: String) throws {
        let builtIn = try #require(BuiltInScenario.named(name))
        let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.source)
        var log: [String] = []
        LoggingSceneDelegate.log = { log.append($0) }
        let delegates = Dictionary(
            uniqueKeysWithValues: scenario.apps.map { ($0.id, AppDelegate(log: { _ in }) as any ApplicationDelegate) })
        let scenes = Dictionary(
            uniqueKeysWithValues: scenario.apps.map {
                ($0.id, LoggingSceneDelegate.self as any WindowSceneDelegate.Type)
            })
        let device = try SimulatedDevice(scenario: scenario, delegates: delegates, sceneDelegateClasses: scenes)
        try device.run(scenario)
        var expected: [String] = []
        var phases: [SceneID: ScenePhase] = [:]
        for record in device.trace {
            switch record.event {
            case .sceneCallback(_, _, let callback, _) where Self.sceneMethods.contains(callback):
                expected.append(callback.swiftName)
            case .sceneTransition(_, let scene, _, let to) where to.phase != phases[scene, default: .background]:
                phases[scene] = to.phase
                // Reported after the method of its step: for a will… method the transition comes after it.
                expected.append("scenePhase: \(to.phase)")
            default: break
            }
        }
        #expect(log.filter { !$0.hasPrefix("scenePhase") } == expected.filter { !$0.hasPrefix("scenePhase") })
        #expect(log.filter { $0.hasPrefix("scenePhase") } == expected.filter { $0.hasPrefix("scenePhase") })
    }
}
