import LifecycleCore

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

    /// A scenario to run: its file name (as errors show it), its source, and an optional heading.
    public struct Input: Sendable {
        public var file: String
        public var source: String
        public var heading: String?

        public init(file: String, source: String, heading: String? = nil) {
            self.file = file
            self.source = source
            self.heading = heading
        }
    }

    public var format: TraceFormat
    /// The profile for files that name none.
    public var defaultProfile: Profile
    /// Whether the text format may use colours.
    public var colours: Bool
    /// Whether each line's comment is printed under it, to explain the trace (the demo).
    public var explains: Bool

    public init(
        format: TraceFormat = .text, defaultProfile: Profile = .ios12, colours: Bool = false, explains: Bool = false
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
        var scenarios: [(Scenario, Input)] = []
        var invalid = false
        for input in inputs {
            do {
                let scenario = try ScenarioRunner.load(input.source, file: input.file, defaultProfile: defaultProfile)
                guard !scenario.steps.isEmpty else {
                    invalid = true
                    let what =
                        scenario.apps.isEmpty
                        ? "the file has no command (it is empty, or only comments)"
                        : "the file declares apps but has no action, such as 'tap \(scenario.apps[0].id)'"
                    errors.write("\(input.file): error: nothing to run: \(what)\n")
                    continue
                }
                scenarios.append((scenario, input))
            } catch {
                invalid = true
                errors.write(error.diagnostic + "\n")
            }
        }
        if invalid { return .invalidInput }

        var outcome = Outcome.success
        for (index, (scenario, input)) in scenarios.enumerated() {
            if let heading = input.heading { writeHeading(heading, first: index == 0, to: &output) }
            do {
                let failures = try runOne(scenario, into: &output)
                for failure in failures { errors.write(failure.description + "\n") }
                if !failures.isEmpty { outcome = .expectationFailed }
            } catch {
                // Unreachable after a successful check, but never swallowed.
                errors.write(error.diagnostic + "\n")
                return .invalidInput
            }
        }
        return outcome
    }

    private func runOne<Output: TextOutputStream>(_ scenario: Scenario, into output: inout Output) throws(ScenarioError)
        -> [ScenarioRunner.ExpectationFailure]
    {
        switch format {
        case .jsonl:
            var sink = JSONLinesTraceWriter(output: output)
            defer { output = sink.output }
            return try ScenarioRunner.run(scenario, defaultProfile: defaultProfile, explains: explains, into: &sink)
        case .text:
            var sink = TextTraceWriter(output: output, apps: scenario.apps.map(\.id), colours: colours)
            defer { output = sink.output }
            return try ScenarioRunner.run(scenario, defaultProfile: defaultProfile, explains: explains, into: &sink)
        }
    }

    private func writeHeading<Output: TextOutputStream>(_ heading: String, first: Bool, to output: inout Output) {
        switch format {
        case .jsonl:
            output.write(JSONLinesTraceWriter<String>.line(for: TraceRecord(time: .zero, event: .note(nil, heading))))
            output.write("\n")
        case .text:
            if !first { output.write("\n") }
            // Within 100 columns: a long heading goes on under its first line.
            let lines = TextTraceWriter<Output>.wrapped(heading, width: 90)
            let rule = String(repeating: "━", count: max(3, 96 - lines[0].count))
            let top = "━━ \(lines[0]) \(rule)"
            output.write(colours ? "\u{1B}[1m\(top)\u{1B}[0m\n" : "\(top)\n")
            for line in lines.dropFirst() { output.write(colours ? "\u{1B}[1m   \(line)\u{1B}[0m\n" : "   \(line)\n") }
        }
    }
}
