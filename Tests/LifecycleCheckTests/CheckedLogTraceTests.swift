import LifecycleCheck
import LifecycleCore
import LifecycleText
import LifecycleTrace
import Testing

/// `lifecycle check --timeline`: a checked log as a trace, up to the line the model cannot explain.
@Suite struct CheckedLogTraceTests {
    static func trace(_ log: String) -> (records: [TraceRecord], violation: (line: Int, event: LoggedEvent)?) {
        var output = ""
        var errors = ""
        var sink = CollectingTraceSink()
        let checked = LogCheck().run(
            file: "log", lines: { LineReader(bytes: Array(log.utf8), breaks: .lineFeed) }, output: &output,
            errors: &errors, trace: &sink)
        return (sink.records, checked.violation)
    }

    @Test func eachProcessStartsAtItsFirstLineAndChangesStateAsTheModelKnowsIt() {
        let log = """
            2026-11-22 06:45:34.331 MyApp[100:1] application:didFinishLaunchingWithOptions:
            2026-11-22 06:45:34.331 MyApp[100:1] applicationDidBecomeActive:
            2026-11-22 06:45:40.722 MyApp[100:7] applicationWillResignActive:
            2026-11-22 06:45:41.722 MyApp[100:7] applicationDidEnterBackground:
            2026-11-22 06:45:50.000 MyApp[100:7] applicationWillTerminate:
            2026-11-22 06:45:51.000 MyApp[200:1] application:didFinishLaunchingWithOptions:
            """
        let (records, violation) = Self.trace(log)
        #expect(violation == nil)
        let transitions = records.compactMap { record -> String? in
            guard case .transition(let app, let from, let to, _) = record.event else { return nil }
            return "\(record.time.inSeconds) \(app) \(from)→\(to)"
        }
        #expect(
            transitions == [
                "0.0 MyApp[100] notRunning→inactive", "0.0 MyApp[100] inactive→active",
                "6.391 MyApp[100] active→inactive", "7.391 MyApp[100] inactive→background",
                "15.669 MyApp[100] background→notRunning", "16.669 MyApp[200] notRunning→inactive",
            ])
        #expect(records.filter { if case .callback = $0.event { true } else { false } }.count == 6)
    }

    /// Found by the fuzzer: a time a million years on, or before the first, is drawn at the latest time a trace
    /// holds, or at the time before — never a trap.
    @Test func timesThatLeapOrGoBackAreHeldWithinTheTrace() {
        let log = """
            {"t":5,"kind":"callback","app":"a","name":"application:didFinishLaunchingWithOptions:"}
            {"t":99999999999999999999,"kind":"callback","app":"a","name":"applicationDidBecomeActive:"}
            {"t":1,"kind":"callback","app":"a","name":"applicationWillResignActive:"}
            """
        let (records, _) = Self.trace(log)
        let callbacks = records.filter { if case .callback = $0.event { true } else { false } }
        #expect(callbacks.map(\.time) == [.zero, .seconds(1_000_000_000), .seconds(1_000_000_000)])
    }

    @Test func theTraceStopsAtTheLineTheModelCannotExplain() {
        let log = """
            MyApp[100:1] application:didFinishLaunchingWithOptions:
            MyApp[100:1] applicationDidBecomeActive:
            MyApp[100:1] applicationWillResignActive:
            MyApp[100:1] applicationDidEnterBackground:
            MyApp[100:1] applicationWillTerminate:
            MyApp[100:1] applicationDidBecomeActive:
            MyApp[100:1] applicationWillResignActive:
            """
        let (records, violation) = Self.trace(log)
        #expect(violation?.line == 6)
        #expect(violation?.event == .callback(.didBecomeActive))
        // The violating line is the last record; nothing after it.
        guard case .callback(_, let last, _) = records.last?.event else {
            Issue.record("the trace does not end with the violating line: \(records)")
            return
        }
        #expect(last == .didBecomeActive)
        #expect(records.filter { if case .callback = $0.event { true } else { false } }.count == 6)
    }
}
