import LifecycleKit
import LifecycleTesting
import Testing

/// A test shows a simulated device's trace as `lifecycle run` prints it, with no import beyond the two it
/// already has; a record printed alone is a line of a `jsonl` trace, not a dump of Swift values.
@Suite @MainActor struct PrintedTraceTests {
    @Test func theTraceIsPrintedAsLifecycleRunPrintsIt() throws {
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "notes")], delegates: [:])
        try device.perform(.tap("notes"))
        let text = device.printedTrace()
        #expect(text.contains("0s   notes    notRunning → inactive\n"), "\(text)")
        #expect(text.contains("0s   notes    applicationDidBecomeActive:\n"), "\(text)")
        let lines = device.printedTrace(.jsonl).split(separator: "\n")
        #expect(lines.count == device.trace.count)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"t":0,"#) })
        #expect("\(device.trace[0])" == lines[0])
        #expect(!"\(device.trace)".contains("TraceRecord("))
    }
}
