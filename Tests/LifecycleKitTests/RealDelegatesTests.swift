import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleTrace
import Testing

/// Every built-in scenario, run again with a real delegate for every app: one core, two hosts, the same
/// lifecycle. Each delegate receives exactly the callbacks of the scripted trace (which the golden tests hold
/// to docs/lifecycle.md §3), and observers hear each notification right after its delegate method.
@Suite @MainActor struct RealDelegatesTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LifecycleSimulatorTests/Golden")

    /// The records that real code must reproduce: everything but notes, whose wording differs between a
    /// scripted task ("20 s of work") and a real one (its identifier).
    static func lifecycleLines(_ lines: [String]) -> [String] {
        lines.filter { !$0.contains(#""kind":"note""#) }
    }

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func realDelegatesReproduceTheScriptedTrace(name: String) throws {
        let builtIn = try #require(BuiltInScenario.named(name))
        let scenario = try ScenarioParser(file: builtIn.fileName).parse(builtIn.source)
        let delegates = Dictionary(
            uniqueKeysWithValues: scenario.apps.map {
                (
                    $0.id,
                    ScriptedDelegate(
                        behavior: $0.behavior, permittedTasks: $0.permittedTasks.map(\.identifier),
                        notificationDelegate: $0.notificationDelegate)
                )
            })
        let scenes = Dictionary(
            uniqueKeysWithValues: scenario.apps.filter(\.usesScenes).map {
                ($0.id, ScriptedSceneDelegate.self as any WindowSceneDelegate.Type)
            })
        ScriptedSceneDelegate.appDelegates = delegates
        let device = try SimulatedDevice(scenario: scenario, delegates: delegates, sceneDelegateClasses: scenes)
        for (app, delegate) in delegates { delegate.observeNotifications(of: try #require(device.applications[app])) }

        let failures = try device.run(scenario)
        #expect(failures.isEmpty, "\(failures)")

        let actual = device.trace.map(JSONLinesTraceWriter<String>.line(for:))
        let golden = try String(contentsOf: Self.goldenFolder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(Self.lifecycleLines(actual) == Self.lifecycleLines(golden))

        for (app, delegate) in delegates {
            let expected = device.trace.compactMap { record -> String? in
                switch record.event {
                case .callback(app, let callback, _), .sceneCallback(app, _, let callback, _): callback.selector
                case .notification(app, let notification), .sceneNotification(app, _, let notification):
                    "↳ " + notification.name
                default: nil
                }
            }
            #expect(delegate.log == expected, "\(app)")
        }
    }
}
