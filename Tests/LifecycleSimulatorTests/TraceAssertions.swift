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

    /// The callbacks an app received, by selector, in order: its app delegate's and its scenes'.
    static func callbacks(_ source: String, app: AppID, profile: Profile = .ios12) throws -> [String] {
        try records(source, profile: profile).compactMap { selector(of: $0, app: app) }
    }

    static func selector(of record: TraceRecord, app: AppID) -> String? {
        switch record.event {
        case .callback(app, let callback, _), .sceneCallback(app, _, let callback, _): callback.selector
        default: nil
        }
    }

    /// The callbacks an app received after the action on `line`.
    static func callbacks(_ source: String, app: AppID, afterLine line: Int) throws -> [String] {
        let all = try records(source)
        guard let start = all.firstIndex(where: { if case .action(line, _) = $0.event { true } else { false } })
        else { return [] }
        return all[start...].compactMap { selector(of: $0, app: app) }
    }
}
