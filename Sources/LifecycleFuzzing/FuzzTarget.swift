import LifecycleCheck
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleText
import LifecycleTimeline
import LifecycleTrace

/// What the fuzzers feed their inputs to: the scenario language with the simulator behind it, and the log
/// checker. Both must take any bytes at all and answer with a result or a located error — never a trap, a
/// hang or unbounded work. The libFuzzer targets in `Fuzz/` and the seeded mutation fuzzer of the test suite
/// call these same functions.
public enum FuzzTarget {
    /// What one input gave: whether it was refused as invalid, and how much was written as errors (an invalid
    /// input must say why).
    public struct Result: Sendable {
        public var isInvalidInput: Bool
        public var errorBytes: Int

        /// Whether the result is one the tools promise: an invalid input always comes with an error message.
        public var isWellFormed: Bool { !isInvalidInput || errorBytes > 0 }
    }

    /// Parses `bytes` as a scenario; if it is valid, runs it, writes every trace format and draws its timeline.
    @discardableResult
    public static func scenario(_ bytes: UnsafeRawBufferPointer) -> Result {
        let source = String(decoding: bytes, as: UTF8.self)
        var output = BoundedOutput()
        var errors = BoundedOutput()
        var outcome = ScenarioBatch.Outcome.success
        for format in TraceFormat.allCases {
            let batch = ScenarioBatch(format: format, explains: format == .text)
            outcome = batch.run(
                [ScenarioBatch.Input(file: "fuzz.scenario", source: source)], output: &output, errors: &errors)
        }
        if outcome != .invalidInput, let scenario = try? ScenarioRunner.load(source, file: "fuzz.scenario") {
            var recorder = TimelineRecorder()
            _ = try? ScenarioRunner.run(scenario, into: &recorder)
            output.write(TimelineDrawing(width: 400).svg([("fuzz", recorder.finish())]))
        }
        return Result(isInvalidInput: outcome == .invalidInput, errorBytes: errors.written)
    }

    /// Checks `bytes` as a log, with and without a profile, in both output formats, and draws it as a timeline.
    @discardableResult
    public static func logCheck(_ bytes: UnsafeRawBufferPointer) -> Result {
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var output = BoundedOutput()
        var errors = BoundedOutput()
        var outcome = LogCheck.Outcome.success
        for (format, profile) in [(LogCheck.Format.text, nil), (.jsonl, Profile.ios12), (.text, .ios13)] {
            outcome = LogCheck(format: format, profile: profile).run(
                file: "fuzz.log", lines: { lines }, output: &output, errors: &errors)
        }
        var recorder = TimelineRecorder()
        let drawn = LogCheck().run(
            file: "fuzz.log", lines: { LineReader(bytes: Array(bytes), breaks: .lineFeed) }, output: &output,
            errors: &errors, trace: &recorder)
        if drawn.outcome != .invalidInput {
            output.write(TimelineDrawing(width: 400).svg([("fuzz.log", recorder.finish())]))
        }
        return Result(isInvalidInput: outcome == .invalidInput, errorBytes: errors.written)
    }
}

/// An output that counts what is written and keeps only the start: formatting is exercised, memory is not.
struct BoundedOutput: TextOutputStream {
    private(set) var written = 0
    private var kept = ""

    mutating func write(_ string: String) {
        written += string.utf8.count
        if kept.utf8.count < 4096 { kept += string }
    }
}
