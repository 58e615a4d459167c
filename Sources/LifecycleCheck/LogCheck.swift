import LifecycleCore
import LifecycleText
import LifecycleTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `lifecycle check`: reads a log once, keeping its lifecycle lines as it recognizes them, then holds each to
/// the model — which needs to know first which events the log ever shows. The lines are kept in a
/// ``RecognizedLineSpool`` (memory, then a private temporary file), so memory stays flat on a log of any length.
public struct LogCheck {
    /// What a check found; its raw value is the exit status of `lifecycle check`.
    public enum Outcome: Int32, Sendable {
        /// Every lifecycle line of the log fits the model.
        case success = 0
        /// A line does not fit the model: the report ends with it.
        case violation = 1
        /// The log cannot be checked (it is not text, or no line of it is a lifecycle line).
        case invalidInput = 2
    }

    /// How the report is written.
    public enum Format: String, CaseIterable, Sendable {
        /// For people: each lifecycle line with the states the app may be in after it.
        case text
        /// One JSON object a line, for programs.
        case jsonl
    }

    public var format: Format
    /// The iOS versions the logs come from, if known: only their quirks explain a line.
    public var profile: Profile?
    /// The bytes of kept lines held in memory before they move to a temporary file (small in tests).
    var spoolMemoryLimit = TraceSpool.defaultMemoryLimit

    public init(format: Format = .text, profile: Profile? = nil) {
        self.format = format
        self.profile = profile
    }

    /// Checks one log. `lines` gives the log's lines from the start, each time it is called (a second time only
    /// to show the line of a violation). What the log shows goes to `output`; why it cannot be checked (it is
    /// not text, or no line of it is a lifecycle line) goes to `errors`, with the outcome
    /// ``Outcome/invalidInput``.
    public func run<Lines: Sequence, Output: TextOutputStream, Errors: TextOutputStream>(
        file: String, lines: () throws -> Lines, output: inout Output, errors: inout Errors
    ) rethrows -> Outcome where Lines.Element == Substring {
        var trace = DiscardingTraceSink()
        var violation: (line: Int, event: LoggedEvent)?
        return try check(
            file: file, lines: { TextLines(lines: try lines()) }, output: &output, errors: &errors, trace: &trace,
            violation: &violation)
    }

    /// Checks one log read from a file: ``run(file:lines:output:errors:)``, each line's bytes read where they lie.
    public func run<Output: TextOutputStream, Errors: TextOutputStream>(
        file: String, lines: () throws -> LineReader, output: inout Output, errors: inout Errors
    ) rethrows -> Outcome {
        var trace = DiscardingTraceSink()
        var violation: (line: Int, event: LoggedEvent)?
        return try check(
            file: file, lines: lines, output: &output, errors: &errors, trace: &trace, violation: &violation)
    }

    /// ``run(file:lines:output:errors:)``, also writing the log as a trace to `trace` up to the line checked last
    /// (the one the model cannot explain, at a violation): each line a callback or notification of its process,
    /// and the state the model knows it in after the line as a transition. For a timeline of the log.
    ///
    /// - Returns: the outcome, and at a violation, the line the model cannot explain and what it logged.
    public func run<Output: TextOutputStream, Errors: TextOutputStream, Sink: TraceSink>(
        file: String, lines: () throws -> LineReader, output: inout Output, errors: inout Errors, trace: inout Sink
    ) rethrows -> (outcome: Outcome, violation: (line: Int, event: LoggedEvent)?) {
        var violation: (line: Int, event: LoggedEvent)?
        let outcome = try check(
            file: file, lines: lines, output: &output, errors: &errors, trace: &trace, violation: &violation)
        return (outcome, violation)
    }

    private func check<Lines: LogLines, Output: TextOutputStream, Errors: TextOutputStream, Sink: TraceSink>(
        file: String, lines: () throws -> Lines, output: inout Output, errors: inout Errors, trace: inout Sink,
        violation found: inout (line: Int, event: LoggedEvent)?
    ) rethrows -> Outcome {
        // Only a sink that keeps the trace is given it: the check of a log, unwatched, makes no records.
        let traces = Sink.self != DiscardingTraceSink.self
        var checkedTrace = CheckedLogTrace()
        var survey = LogSurvey()
        let kept = RecognizedLineSpool(memoryLimit: spoolMemoryLimit)
        var count = 0
        var memory = LineMemory()
        var unreadable = false
        var entries = PrettyPrintedLogEntries()
        let reader = try lines()
        reader.forEachLine { line in
            count += 1
            if let base = line.baseAddress, memchr(base, 0, line.count) != nil {
                errors.write(
                    "\(file): error: this is not a text log: line \(count) holds a NUL byte (binary data, or text in "
                        + "UTF-16); lifecycle check reads UTF-8 text\n")
                unreadable = true
                return false
            }
            if entries.isOpen || PrettyPrintedLogEntries.opens(line) {
                guard let entry = entries.read(line, number: count), let line = LogRecognizer.recognize(entry.text)
                else { return true }
                unreadable = !Self.keep(
                    line, number: entry.number, survey: &survey, in: kept, file: file, errors: &errors)
                return !unreadable
            }
            guard let line = LogRecognizer.recognize(line, memory: &memory) else { return true }
            unreadable = !Self.keep(line, number: count, survey: &survey, in: kept, file: file, errors: &errors)
            return !unreadable
        }
        if !unreadable, let entry = entries.finish(), let line = LogRecognizer.recognize(entry.text) {
            unreadable = !Self.keep(line, number: entry.number, survey: &survey, in: kept, file: file, errors: &errors)
        }
        if unreadable { return .invalidInput }
        if reader.stoppedAtLongLine {
            errors.write(
                "\(file):\(count + 1): error: the line is longer than \(LineReader.longestLineOfText) bytes, longer "
                    + "than any line of a log\n")
            return .invalidInput
        }
        guard !survey.logged.isEmpty else {
            errors.write(
                "\(file): error: no line of this log names a lifecycle callback or notification (\(count) lines "
                    + "read); lifecycle check reads lines that name one as a whole word: a selector "
                    + "(applicationDidBecomeActive:), a Swift name (applicationDidBecomeActive(_:)), "
                    + "-[AppDelegate applicationDidBecomeActive:], a notification "
                    + "(UIApplicationDidBecomeActiveNotification), or a jsonl trace of lifecycle run\n")
            return .invalidInput
        }
        survey.endRun()
        var checker = LogChecker(
            logged: Set(survey.logged.events), loggedByApp: survey.loggedByTraceApp.mapValues { Set($0.events) },
            loggedByAppName: survey.loggedByAppName.mapValues { Set($0.events) },
            scenesConnectingFirst: survey.scenesConnectingFirst, profile: profile)
        var report = Report()
        // The first line that does not fit, with what the checker said of it.
        var violation: (number: Int, event: LoggedEvent, possible: Set<LogChecker.State>, allowed: [LoggedEvent])?
        do {
            try kept.forEach { line, number in
                switch checker.check(line) {
                case .consistent(let states):
                    if traces { checkedTrace.add(line, states: states, into: &trace) }
                    write(
                        line: number, event: line.event, states: (states, checker.lastStateSetNumber),
                        report: &report, to: &output)
                case .quirk(let quirk, let states):
                    if traces { checkedTrace.add(line, states: states, into: &trace) }
                    writeQuirk(
                        quirk, line: number, event: line.event, states: (states, checker.lastStateSetNumber),
                        report: &report, to: &output)
                case .violation(let possible, let allowed):
                    if traces { checkedTrace.add(line, states: nil, into: &trace) }
                    violation = (number, line.event, possible, allowed)
                    return false
                }
                return true
            }
        } catch {
            report.flush(to: &output)
            errors.write("\(file): error: the lifecycle lines kept for the check cannot be read back: \(error)\n")
            return .invalidInput
        }
        report.flush(to: &output)
        if let violation {
            found = (violation.number, violation.event)
            let text = try Self.line(violation.number, of: lines())
            writeViolation(
                file: file, line: violation.number, text: text, event: violation.event,
                possible: violation.possible, allowed: violation.allowed, to: &output)
            return .violation
        }
        let recognized = survey.recognized
        let summary = "\(recognized) lifecycle lines fit the model; \(count - recognized) other lines skipped"
        switch format {
        case .text: output.write("\(file): \(summary)\n")
        case .jsonl:
            var json = JSONObject()
            json.add("file", file)
            json.add("consistent", raw: "true")
            json.add("lifecycleLines", decimal: recognized)
            json.add("skippedLines", decimal: count - recognized)
            output.write(json.closed + "\n")
        }
        return .success
    }

    /// Takes a lifecycle line into the survey and keeps it for the second pass; `false`, with the reason written
    /// to `errors`, when it cannot be kept.
    @inline(__always)
    private static func keep<Errors: TextOutputStream>(
        _ line: LogRecognizer.Recognized, number: Int, survey: inout LogSurvey, in kept: RecognizedLineSpool,
        file: String, errors: inout Errors
    ) -> Bool {
        survey.add(line)
        do {
            try kept.append(line, number: number)
            return true
        } catch {
            errors.write("\(file): error: the lifecycle lines cannot be kept for the check: \(error)\n")
            return false
        }
    }

    /// The line of a log with the given number (from 1), read again to be shown.
    private static func line<Lines: LogLines>(_ number: Int, of lines: Lines) -> Substring {
        var count = 0
        var text: Substring = ""
        lines.forEachLine { line in
            count += 1
            guard count == number else { return true }
            text = String(decoding: line, as: UTF8.self)[...]
            return false
        }
        return text
    }

    fileprivate static func names(_ states: Set<LogChecker.State>) -> [String] {
        states.sorted().map(\.description)
    }

    /// The report of a log as it is written: lines not yet handed to the output, and the text of each set of
    /// states, by the set's number in the checker.
    private struct Report {
        /// About this much is handed to the output at a time, as one string: a string per line would cost
        /// more than the rest of writing it.
        static let pieceSize = 1 << 16

        var pending = RawTraceBytes(capacity: Report.pieceSize + 4096)
        /// The ends of text lines made so far (after the line's number: the event in 68 columns, then the
        /// states), one after another: a log repeats a few of them.
        private let lineEnds = RawTraceBytes(capacity: 4096)
        /// Where each end lies in ``lineEnds`` (its start times 2^16, plus its length), by the number of the set
        /// of states in the checker times ``LoggedEvent/ordinalLimit`` plus the event's ordinal; -1 for an end
        /// not made yet.
        private var lineEndPlaces: [Int] = []

        /// Hands what is pending to the output once there is a piece's worth.
        func flushIfFull<Output: TextOutputStream>(to output: inout Output) {
            if pending.count >= Self.pieceSize { flush(to: &output) }
        }

        /// Hands what is pending to the output: before anything else is written to it, and at the end.
        func flush<Output: TextOutputStream>(to output: inout Output) {
            guard pending.count > 0 else { return }
            output.write(String(decoding: pending.bytes, as: UTF8.self))
            pending.removeAll()
        }

        /// Appends the end of a text line: made once for each set of states that has a number.
        mutating func appendLineEnd(of event: LoggedEvent, states: Set<LogChecker.State>, numbered number: Int?) {
            guard let number else {
                Self.lineEnd(of: event, states: states).withUnsafeBufferPointer { pending.append($0) }
                return
            }
            let key = number * LoggedEvent.ordinalLimit + event.ordinal
            if key >= lineEndPlaces.count {
                lineEndPlaces.append(contentsOf: repeatElement(-1, count: key + 1 - lineEndPlaces.count))
            }
            if lineEndPlaces[key] < 0 {
                let start = lineEnds.count
                Self.lineEnd(of: event, states: states).withUnsafeBufferPointer { lineEnds.append($0) }
                lineEndPlaces[key] = start << 16 | (lineEnds.count - start)
            }
            let start = lineEndPlaces[key] >> 16
            let length = lineEndPlaces[key] & 0xFFFF
            pending.append(UnsafeBufferPointer(rebasing: lineEnds.bytes[start..<start + length]))
        }

        private static func lineEnd(of event: LoggedEvent, states: Set<LogChecker.State>) -> [UInt8] {
            // The name in 68 columns (every name is ASCII, and shorter).
            let name = event.description
            let width = min(name.utf8.count, 68)
            let text = "  \(name.prefix(width))\(String(repeating: " ", count: 68 - width)) "
            return Array((text + LogCheck.names(states).joined(separator: " | ") + "\n").utf8)
        }
    }

    /// Writes a line's event and the states the app may then be in; `states.number` is the set's number in the
    /// checker, under which its text is kept.
    private func write<Output: TextOutputStream>(
        line: Int, event: LoggedEvent, states: (set: Set<LogChecker.State>, number: Int?), report: inout Report,
        to output: inout Output
    ) {
        switch format {
        case .text:
            report.pending.append(number: UInt(line), paddedTo: 6)
            report.appendLineEnd(of: event, states: states.set, numbered: states.number)
        case .jsonl:
            var json = JSONObject()
            json.add("line", decimal: line)
            json.add("event", event.description)
            json.add("states", strings: Self.names(states.set))
            report.pending.append(contentsOf: json.closed + "\n")
        }
        report.flushIfFull(to: &output)
    }

    private func writeQuirk<Output: TextOutputStream>(
        _ quirk: LogQuirk, line: Int, event: LoggedEvent, states: (set: Set<LogChecker.State>, number: Int?),
        report: inout Report, to output: inout Output
    ) {
        switch format {
        case .text:
            write(line: line, event: event, states: states, report: &report, to: &output)
            report.pending.append(
                contentsOf: "        a known quirk, not a violation: \(quirk.summary) (\(quirk.source))\n")
        case .jsonl:
            var json = JSONObject()
            json.add("line", decimal: line)
            json.add("event", event.description)
            json.add("states", strings: Self.names(states.set))
            json.add("quirk", quirk.summary)
            json.add("source", quirk.source)
            report.pending.append(contentsOf: json.closed + "\n")
        }
        report.flushIfFull(to: &output)
    }

    private func writeViolation<Output: TextOutputStream>(
        file: String, line: Int, text: Substring, event: LoggedEvent, possible: Set<LogChecker.State>,
        allowed: [LoggedEvent],
        to output: inout Output
    ) {
        let allowedText =
            allowed.isEmpty ? "nothing this log shows" : allowed.map(\.description).joined(separator: ", ")
        switch format {
        case .text:
            output.write("\(file):\(line): violation: \(event) cannot happen here\n")
            output.write(SourceExcerpt.render(text, line: line) + "\n")
            output.write("  the app may have been: \(Self.names(possible).joined(separator: " | "))\n")
            output.write("  the model allows there: \(allowedText)\n")
        case .jsonl:
            var json = JSONObject()
            json.add("file", file)
            json.add("line", decimal: line)
            json.add("violation", event.description)
            json.add("text", String(text))
            json.add("possible", strings: Self.names(possible))
            json.add("allowed", strings: allowed.map(\.description))
            output.write(json.closed + "\n")
        }
    }
}
