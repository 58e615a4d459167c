import LifecycleCore
import Testing

@testable import LifecycleSimulator
@testable import LifecycleTrace

/// The bugs the property tests found, each reproduced by a scenario: one app leaves the foreground before
/// the next comes, however slow the leaving is.
@Suite struct ForegroundHandOverTests {
    static func check(_ source: String) throws -> (records: [TraceRecord], violations: [String]) {
        let scenario = try ScenarioRunner.load(source, file: "t.scenario")
        var checker = InvariantChecker()
        try ScenarioRunner.run(scenario, into: &checker)
        var collector = CollectingTraceSink()
        try ScenarioRunner.run(scenario, into: &collector)
        return (collector.records, checker.violations)
    }

    static func transitions(_ records: [TraceRecord]) -> [String] {
        records.compactMap {
            if case .transition(let app, let from, let to, _) = $0.event {
                "\($0.time.secondsText) \(app) \(from)→\(to)"
            } else {
                nil
            }
        }
    }

    /// A slow `applicationWillResignActive:` once let the next app launch while the first was still in the
    /// foreground, and the first then never left it.
    @Test func theNextAppWaitsForASlowResign() throws {
        let (records, violations) = try Self.check(
            "app slow will-resign-active=2s\napp reader\ntap slow\nopen-url reader reader://x\nexpect slow suspended\n")
        #expect(violations.isEmpty)
        #expect(
            Self.transitions(records) == [
                "0 slow notRunning→inactive", "0 slow inactive→active", "2 slow active→inactive",
                "2 slow inactive→background", "2 slow background→suspended", "2 reader notRunning→inactive",
                "2 reader inactive→active",
            ])
    }

    /// An app waiting for the screen was killed while it waited, and then received foreground callbacks as if
    /// it were still running: it must be launched afresh.
    @Test func anAppKilledWhileWaitingForTheScreenIsLaunched() throws {
        let source = """
            profile ios13
            app slow will-resign-active=3s
            app stubborn background-task=10m ignores-expiration
            tap stubborn
            home
            tap slow
            wait 28s
            open-url stubborn stubborn://x
            expect stubborn active
            """
        let (records, violations) = try Self.check(source)
        #expect(violations.isEmpty)
        let stubborn = Self.transitions(records).filter { $0.contains("stubborn") }
        #expect(
            stubborn.suffix(3) == [
                "30 stubborn background→notRunning", "31 stubborn notRunning→inactive", "31 stubborn inactive→active",
            ])
        #expect(
            try Trace.callbacks(source, app: "stubborn", afterLine: 8).first
                == "application:willFinishLaunchingWithOptions:")
    }
}
