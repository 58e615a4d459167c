import Foundation
import LifecycleCore
import TestSupport
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleTrace

/// Every built-in scenario's jsonl and text traces, checked exactly against the golden files written by
/// `scripts/update-golden-traces`.
@Suite struct GoldenTraceTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    @Test(arguments: BuiltInScenario.all.map(\.name), [TraceFormat.jsonl, .text])
    func traceMatchesGolden(name: String, format: TraceFormat) throws {
        let scenario = try #require(BuiltInScenario.named(name))
        let golden = try String(
            contentsOf: Self.goldenFolder.appendingPathComponent("\(name).\(format == .jsonl ? "jsonl" : "txt")"),
            encoding: .utf8)
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch(format: format).run(
            [ScenarioBatch.Input(file: "<stdin>", source: scenario.source)], output: &output, errors: &errors)
        #expect(outcome == .success, "\(errors)")
        expectSameLines(output, as: golden, in: "\(name).\(format == .jsonl ? "jsonl" : "txt")")
    }

    @Test func everyGoldenFileBelongsToABuiltInScenario() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path)
        for suffix in [".jsonl", ".txt"] {
            let names = Set(files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
            #expect(names == Set(BuiltInScenario.all.map(\.name)))
        }
    }

    /// Each row of docs/lifecycle.md §3, and the scenario whose golden trace shows it.
    static let specRows: [(row: String, scenario: String)] = [
        ("tap icon, notRunning", "cold-launch"),
        ("tap icon, suspended", "resume-from-suspended"),
        ("tap icon, background", "resume-from-background"),
        ("press Home, active", "home"),
        ("open app switcher, active", "switcher-back-to-same-app"),
        ("close switcher back to the same app", "switcher-back-to-same-app"),
        ("pick another app in the switcher", "switcher-pick-another-app"),
        ("swipe away, inactive frontmost card", "swipe-frontmost-app"),
        ("swipe away, background not suspended", "swipe-background-app"),
        ("swipe away, suspended", "swipe-suspended-app"),
        ("Notification Center / Control Center", "notification-and-control-center"),
        ("system alert", "system-alert"),
        ("incoming call", "incoming-call"),
        ("lock device", "lock-and-unlock"),
        ("unlock device", "lock-and-unlock"),
        ("memory warning", "memory-warning"),
        ("significant time change", "time-change-queued"),
        ("open URL, notRunning", "open-url-cold-launch"),
        ("open URL, a launch method returned NO", "open-url-refused-by-launch"),
        ("open URL, background/suspended", "open-url-running-app"),
        ("open URL, active", "open-url-running-app"),
        ("quick action, notRunning", "quick-action"),
        ("quick action, background/suspended", "quick-action"),
        ("continue user activity", "continue-user-activity"),
        ("user taps a push notification", "push-notification-tap"),
        ("background event, notRunning", "background-fetch-launch"),
        ("background event, suspended", "background-event-wakes-suspended-app"),
        ("memory pressure, suspended", "memory-pressure-lru"),
        ("the foreground app gives way to another app", "foreground-app-gives-way"),
    ]

    @Test func everySpecRowHasABuiltInScenario() {
        for (row, name) in Self.specRows {
            #expect(BuiltInScenario.named(name) != nil, "no scenario for §3 row '\(row)'")
        }
    }
}
