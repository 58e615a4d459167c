import LifecycleKit
import LifecycleSimulator
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

    /// The scenarios whose actions stop fitting this delegate's code before their end.
    static let stopsEarly: Set<String> = ["watchdog-launch"]

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func loggingAppDelegateThroughBuiltInScenario(name: String) throws {
        let builtIn = try #require(BuiltInScenario.named(name))
        let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.source)
        var logs: [AppID: [String]] = [:]
        let delegates = Dictionary(
            uniqueKeysWithValues: scenario.apps.map { app in
                (app.id, AppDelegate(log: { logs[app.id, default: []].append($0) }) as any ApplicationDelegate)
            })
        let device = SimulatedDevice(scenario: scenario, delegates: delegates)
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
}
