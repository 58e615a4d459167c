import LifecycleCore

@testable import LifecycleSimulator
@testable import LifecycleTrace

/// Helpers to run a scenario source and look at what happened to one app.
enum Trace {
    static func records(_ source: String, profile: Profile = .ios12) throws -> [TraceRecord] {
        let scenario = try ScenarioRunner.load(source, file: "test.scenario", defaultProfile: profile)
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(scenario, defaultProfile: profile, into: &sink)
        return sink.records
    }

    /// The callbacks an app received, by selector, in order.
    static func callbacks(_ source: String, app: AppID, profile: Profile = .ios12) throws -> [String] {
        try records(source, profile: profile).compactMap {
            if case .callback(app, let callback, _) = $0.event { callback.selector } else { nil }
        }
    }

    /// The callbacks an app received after the action on `line`.
    static func callbacks(_ source: String, app: AppID, afterLine line: Int) throws -> [String] {
        let all = try records(source)
        guard let start = all.firstIndex(where: { if case .action(line, _) = $0.event { true } else { false } })
        else { return [] }
        return all[start...].compactMap {
            if case .callback(app, let callback, _) = $0.event { callback.selector } else { nil }
        }
    }
}
