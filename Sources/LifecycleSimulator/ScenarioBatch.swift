import LifecycleCore
import LifecycleScenario
import LifecycleTrace

/// Runs several scenario sources the way `lifecycle run` and `lifecycle demo` do: every file is checked
/// before anything runs, then each runs with its trace streamed to the output.
public struct ScenarioBatch {
    /// The exit status of a batch.
    public enum Outcome: Int32, Sendable {
        /// Every scenario ran and every `expect` held.
        case success = 0
        /// Some `expect` line failed.
        case expectationFailed = 1
        /// Some input was invalid; nothing ran.
        case invalidInput = 2
    }

    /// A scenario to run: its file name (as errors show it), where its lines come from, and an optional heading.
    public struct Input: Sendable {
        public var file: String
        public var source: ScenarioSource
        public var heading: String?

        public init(file: String, source: ScenarioSource, heading: String? = nil) {
            self.file = file
            self.source = source
            self.heading = heading
        }

        public init(file: String, source: String, heading: String? = nil) {
            self.init(file: file, source: .text(source), heading: heading)
        }
    }

    public var format: TraceFormat
    /// The profile for files that name none.
    public var defaultProfile: Profile
    /// Whether the text format may use colours.
    public var colours: Bool
    /// Whether each line's comment is printed under it, to explain the trace (the demo).
    public var explains: Bool

    /// How much of the traces the batch holds back in memory before it moves them to a file.
    var spoolMemoryLimit = TraceSpool.defaultMemoryLimit

    public init(
        format: TraceFormat = .text, defaultProfile: Profile = .defaultProfile, colours: Bool = false,
        explains: Bool = false
    ) {
        self.format = format
        self.defaultProfile = defaultProfile
        self.colours = colours
        self.explains = explains
    }

    /// Checks every input, then runs them all; traces go to `output`, errors and failed expectations to `errors`.
    public func run<Output: TextOutputStream, Errors: TextOutputStream>(
        _ inputs: [Input], output: inout Output, errors: inout Errors
    ) -> Outcome {
        let spooled = spoolAll(inputs, errors: &errors)
        do {
            return try release(spooled, errors: &errors) { spool, start, end throws(TraceSpool.Failure) in
                try spool.copy(from: start, to: end, into: &output)
            }
        } catch {
            // A text stream takes every write: only the spool's own file can fail, read back.
            errors.write("error: the trace cannot be shown: \(error)\n")
            return .invalidInput
        }
    }

    /// Checks every input, then runs them all; traces go to the file `descriptor` is open on, errors and failed
    /// expectations to `errors`.
    ///
    /// - Throws: when the traces cannot be written (a full disk, a reader that has gone: the failure's
    ///   ``TraceSpool/Failure/errorNumber`` says which) or read back from the spool; what was written stays.
    public func run<Errors: TextOutputStream>(_ inputs: [Input], descriptor: Int32, errors: inout Errors)
        throws(TraceSpool.Failure) -> Outcome
    {
        try release(spoolAll(inputs, errors: &errors), errors: &errors) {
            spool, start, end throws(TraceSpool.Failure) in
            try spool.copy(from: start, to: end, into: descriptor)
        }
    }

    /// The app column of a streamed text trace, sized before any app is declared: a longer id shifts the columns
    /// of its lines.
    static let streamedAppWidth = 16

    /// Runs one input as its lines arrive — from a program that goes on writing, or a person typing — and writes
    /// each line's trace at once to the file `descriptor` is open on. Nothing is held back, so memory and disk
    /// stay flat however long the input runs; the price is that the input is not checked first: its first
    /// mistake, or an impossible action, stops it after what ran before it (``Outcome/invalidInput``). A failed
    /// expectation is reported to `errors` when it fails.
    ///
    /// - Throws: when the trace cannot be written (a full disk, a reader that has gone).
    public func stream<Errors: TextOutputStream>(_ input: Input, descriptor: Int32, errors: inout Errors)
        throws(TraceSpool.Failure) -> Outcome
    {
        let layout = layout(longestAppID: Self.streamedAppWidth)
        var sink = SpoolingTraceSink(layout: layout, spool: TraceSpool(writingThroughTo: descriptor))
        begin(layout, into: &sink, input: input, first: true, several: false)
        var streamed: Errors? = errors
        let result = runOne(input, into: &sink, streamingFailuresTo: &streamed)
        if let streamed { errors = streamed }
        end(layout, into: &sink, last: true)
        sink.flush()
        if let failure = sink.failure { throw failure }
        switch result {
        case .success(let failures): return failures.isEmpty ? .success : .expectationFailed
        case .failure(let diagnostic):
            errors.write(diagnostic + "\n")
            return .invalidInput
        }
    }

    /// The layout of the batch's format; a text trace's app column is sized for `longestAppID` characters.
    ///
    /// The width is asked for only by a text trace: measuring it reads the whole input, which JSON lines never need.
    private func layout(longestAppID: @autoclosure () -> Int) -> SpoolingTraceSink.Layout {
        switch format {
        case .jsonl: .jsonl
        case .text: .text(TextTraceLayout(longestAppID: longestAppID(), colours: colours))
        case .chromeTrace: .chromeTrace(ChromeTraceLayout())
        }
    }

    /// What comes before an input's trace: its heading, or for a Chrome trace, the document's opening before the
    /// first input, and the input's processes named after it when there are several.
    private func begin(
        _ layout: SpoolingTraceSink.Layout, into sink: inout SpoolingTraceSink, input: Input, first: Bool,
        several: Bool
    ) {
        guard case .chromeTrace(let chrome) = layout else {
            if let heading = input.heading { sink.write(headingBytes(heading, first: first)) }
            return
        }
        if first { sink.write { chrome.appendOpening(into: &$0) } }
        chrome.begin(label: several ? Self.scenarioName(of: input.file) : nil)
    }

    /// What comes after an input's trace: for a Chrome trace, what is still open ends, and after the last input
    /// the document closes.
    private func end(_ layout: SpoolingTraceSink.Layout, into sink: inout SpoolingTraceSink, last: Bool) {
        guard case .chromeTrace(let chrome) = layout else { return }
        sink.write { chrome.end(into: &$0) }
        if last { sink.write { chrome.appendClosing(into: &$0) } }
    }

    /// A scenario's name from its file's: `home` for `home.scenario` or `scenarios/home.scenario`.
    static func scenarioName(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    }

    /// What running every input left: their traces, held back, and what each showed.
    private struct Spooled {
        var spool: TraceSpool
        /// Each input's stretch of the spool and its failed expectations, in order.
        var pieces: [(end: Int, failures: [ScenarioRunner.ExpectationFailure])] = []
        var outcome = Outcome.success
    }

    /// Shows what the inputs wrote, each followed by its failed expectations, when every input was valid.
    private func release<Errors: TextOutputStream>(
        _ spooled: Spooled, errors: inout Errors,
        copy: (TraceSpool, Int, Int) throws(TraceSpool.Failure) -> Void
    ) throws(TraceSpool.Failure) -> Outcome {
        guard spooled.outcome != .invalidInput else { return .invalidInput }
        var start = 0
        for piece in spooled.pieces {
            try copy(spooled.spool, start, piece.end)
            for failure in piece.failures { errors.write(failure.description + "\n") }
            start = piece.end
        }
        return spooled.outcome
    }

    /// Runs every input once, its trace into a spool; reports every invalid input to `errors`.
    private func spoolAll<Errors: TextOutputStream>(_ inputs: [Input], errors: inout Errors) -> Spooled {
        var spooled = Spooled(spool: TraceSpool(memoryLimit: spoolMemoryLimit))
        // A Chrome trace is one document for every input: one layout, shared.
        let chrome = format == .chromeTrace ? layout(longestAppID: 0) : nil
        for (index, input) in inputs.enumerated() {
            let layout = chrome ?? layout(longestAppID: longestAppID(in: input))
            var sink = SpoolingTraceSink(layout: layout, spool: spooled.spool)
            begin(layout, into: &sink, input: input, first: index == 0, several: inputs.count > 1)
            var held: String?
            let result = runOne(input, into: &sink, streamingFailuresTo: &held)
            end(layout, into: &sink, last: index == inputs.count - 1)
            sink.flush()
            if let failure = sink.failure {
                errors.write("\(input.file): error: the trace cannot be held back: \(failure)\n")
                spooled.outcome = .invalidInput
            }
            switch result {
            case .success(let failures):
                spooled.pieces.append((spooled.spool.count, failures))
                if !failures.isEmpty, spooled.outcome == .success { spooled.outcome = .expectationFailed }
            case .failure(let diagnostic):
                errors.write(diagnostic + "\n")
                spooled.outcome = .invalidInput
            }
        }
        return spooled
    }

    /// What one input gave: the expectations that failed, or what is wrong with it, as it is shown.
    private enum OneRun {
        case success([ScenarioRunner.ExpectationFailure])
        case failure(String)
    }

    /// Reads, checks and runs one input in a single pass, its trace into `sink`. Running stops at the first
    /// mistake; reading goes on, to report every mistake of the file.
    ///
    /// When `stream` is given, the input is streamed (``stream(_:descriptor:errors:)``): the trace is handed on
    /// after each line, each failed expectation is written to `stream` when it fails, and reading stops at the
    /// first mistake (the rest of a stream may never come).
    ///
    /// - Returns: the failed expectations, or what is wrong with the input, as it is shown.
    private func runOne<Stream: TextOutputStream>(
        _ input: Input, into sink: inout SpoolingTraceSink, streamingFailuresTo stream: inout Stream?
    ) -> OneRun {
        let streams = stream != nil
        var parser = ScenarioParser(file: input.file)
        // Only an explained trace shows the comments: the others do not keep them (200 MB of comment lines were
        // held in memory to the line below them).
        parser.keepsComments = explains
        var mistakes = ScenarioErrors(errors: [])
        var impossible: ScenarioError?
        // Whether a mistake or an impossible action has stopped the run: the loop tests a flag, where testing the
        // error itself, captured by the closure, copied it out and destroyed it on every line.
        var stopped = false
        var simulator: Simulator<SpoolingTraceSink>?
        var failures: [ScenarioRunner.ExpectationFailure] = []
        var hasSteps = false
        // Requirements are checked as their apps are declared: running stops at the first one unmet.
        var requirementsChecked = 0
        var unmetRequirement = false
        // The line reading stopped at, once the mistakes are as many as are reported.
        var lastLineRead: Int?
        // A comment line nobody shows is skipped as bytes, before it is made text: a line of Chinese cost twice
        // its length in English, most of it in checking its UTF-8 and splitting it into words. (The copy of
        // standard input skips them too.)
        let unreadable = input.source.forEachLine(
            file: input.file, chunkSize: 1 << 20, where: { explains || $0.first != UInt8(ascii: "#") }
        ) { line, number in
            let read: ScenarioParser.Line
            do throws(ScenarioError) {
                // A blank line, a comment, the profile or the device: nothing to do. Returning here keeps an
                // optional out of the rest of the closure: destroying one at its end took a generic path, through
                // the type's metadata, some 180 instructions a line.
                guard let parsed = try parser.read(line, number: number) else { return true }
                read = parsed
            } catch {
                stopped = true
                if streams {
                    // The first mistake stops a stream: what comes after it may never end.
                    _ = mistakes.record(error)
                    return false
                }
                guard mistakes.record(error) else {
                    // Enough to fix first: the rest of the file is only counted.
                    lastLineRead = number
                    return false
                }
                return true
            }
            switch read {
            case .app(let app):
                simulator?.declare(app)
                if simulator != nil {
                    checkRequirements(of: parser, from: &requirementsChecked, unmet: &unmetRequirement)
                }
            case .step(let step):
                hasSteps = true
                if simulator == nil {
                    checkRequirements(of: parser, from: &requirementsChecked, unmet: &unmetRequirement)
                    simulator = Simulator(
                        phone: parser.declarations.makePhone(defaultProfile: defaultProfile), sink: sink)
                }
                guard !stopped, !unmetRequirement, let simulator else { break }
                do throws(ScenarioError) {
                    if let failure = try ScenarioRunner.run(
                        step, inFile: input.file, on: simulator, explains: explains)
                    {
                        failures.append(failure)
                        stream?.write(failure.description + "\n")
                    }
                } catch {
                    var error = error
                    error.sourceLine = String(line)
                    impossible = error
                    stopped = true
                    return !streams
                }
                if streams { return Self.handOn(simulator) }
            }
            return !(streams && unmetRequirement)
        }
        if let simulator { sink = simulator.sink }
        if let unreadable { return .failure(unreadable) }
        if !mistakes.errors.isEmpty {
            if let lastLineRead { mistakes.uncheckedLines = input.source.lineCount(file: input.file) - lastLineRead }
            return .failure(mistakes.diagnostic)
        }
        let unmet = parser.declarations.unmetRequirements(defaultProfile: defaultProfile)
        if !unmet.isEmpty { return .failure(ScenarioErrors(errors: unmet).diagnostic) }
        if let impossible { return .failure(impossible.diagnostic) }
        guard hasSteps else {
            let apps = parser.declarations.apps
            let what =
                apps.isEmpty
                ? "the file has no command (it is empty, or only comments)"
                : "the file declares apps but has no action, such as 'tap \(apps[0].id)'"
            return .failure("\(input.file): error: nothing to run: \(what)")
        }
        return .success(failures)
    }

    /// Hands the trace of a streamed line to its output; whether the stream may go on (the output took it).
    private static func handOn(_ simulator: Simulator<SpoolingTraceSink>) -> Bool {
        var sink = simulator.sink
        sink.flush()
        simulator.sink = sink
        return sink.failure == nil
    }

    /// Notes whether the requirements declared since the last check (`checked` of them before it) are met by the
    /// profile the scenario runs on. A function of its own: a nested function that captured the run's variables
    /// made every access to them in the line-by-line closure a checked one, three a line.
    private func checkRequirements(of parser: ScenarioParser, from checked: inout Int, unmet: inout Bool) {
        let declarations = parser.declarations
        let profile = declarations.profile ?? defaultProfile
        for requirement in declarations.requirements[checked...] where profile.version < requirement.version {
            unmet = true
        }
        checked = declarations.requirements.count
    }

    /// The length of the longest app id an input declares, to size the text trace's app column before the
    /// first line runs.
    private func longestAppID(in input: Input) -> Int {
        var longest = 0
        // Only lines that may declare an app are made text. An unreadable file is reported when it runs.
        _ = input.source.forEachLine(file: input.file, chunkSize: 1 << 20, where: ScenarioParser.mayDeclareApp) {
            line, _ in
            longest = max(longest, ScenarioParser.longestDeclaredAppID(in: line))
            return true
        }
        return longest
    }

    private func headingBytes(_ heading: String, first: Bool) -> TraceBuffer {
        var buffer = TraceBuffer()
        switch format {
        case .chromeTrace:
            break  // the processes are named after their scenario instead (``begin(_:into:input:first:several:)``)
        case .jsonl:
            JSONLinesTraceWriter<String>.append(TraceRecord(time: .zero, event: .note(nil, heading)), to: &buffer)
        case .text:
            if !first { buffer.append(UInt8(ascii: "\n")) }
            // Within 100 columns: a long heading goes on under its first line.
            let lines = TextTraceLayout.wrapped(heading, width: 90)
            let rule = String(repeating: "━", count: max(3, 96 - lines[0].count))
            let top = "━━ \(lines[0]) \(rule)"
            buffer.append(contentsOf: colours ? "\u{1B}[1m\(top)\u{1B}[0m\n" : "\(top)\n")
            for line in lines.dropFirst() {
                buffer.append(contentsOf: colours ? "\u{1B}[1m   \(line)\u{1B}[0m\n" : "   \(line)\n")
            }
        }
        return buffer
    }
}
