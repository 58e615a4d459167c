import ArgumentParser
import LifecycleCheck
import LifecycleCore
import LifecycleTrace

extension Lifecycle {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract:
                "Hold real iOS logs (NSLog, print, __func__, #function, notification names, jsonl traces) against the model.",
            discussion: """
                Prints each lifecycle line with the states the app may be in after it; at the first line the model \
                cannot explain, says why. Exit status: 0 when the log fits, 1 at a violation, 2 when a log cannot \
                be read, is not text, or has no lifecycle line.
                """
        )

        @Argument(help: "Log files; - reads standard input.")
        var files: [String]

        @Option(help: "text (for people) or jsonl.")
        var format: TraceFormat = .text

        @Option(help: "The iOS versions the logs come from: only their known quirks are excused.")
        var profile: Profile?

        func run() throws {
            // Every file is opened before any is checked: a path that is no readable log stops the command
            // before it prints anything.
            var logs: [(name: String, file: InputFile)] = []
            for path in files {
                do {
                    logs.append((ScenarioFile.displayName(of: path), try InputFile.open(path)))
                } catch {
                    Terminal.printError(error.description)
                    throw ExitCode(LogCheck.Outcome.invalidInput.rawValue)
                }
            }
            var output = StandardOutput()
            var errors = StandardError()
            var outcome = LogCheck.Outcome.success
            for log in logs {
                let result = try LogCheck(format: format, profile: profile).run(
                    file: log.name, lines: { try log.file.lines(path: log.name) }, output: &output, errors: &errors)
                if result.rawValue > outcome.rawValue { outcome = result }
                output.flush()
                // What cannot be written is not checked further: the report would be lost.
                if output.failure != nil { break }
            }
            try output.finish()
            if outcome != .success { throw ExitCode(outcome.rawValue) }
        }
    }
}
