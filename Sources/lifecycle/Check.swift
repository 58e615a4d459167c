import ArgumentParser
import Foundation
import LifecycleCheck
import LifecycleCore
import LifecycleTimeline
import LifecycleTrace

extension Lifecycle {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract:
                "Hold real iOS logs (NSLog, print, __func__, #function, notification names, jsonl traces) against the model.",
            discussion: """
                Prints each lifecycle line with the states the app may be in after it; at the first line the model \
                cannot explain, says why. With --timeline, also draws each log as 'lifecycle timeline' draws a \
                scenario: a row per process, its lines as ticks, the states the model knows, and the line it cannot \
                explain marked in red. Exit status: 0 when the log fits, 1 at a violation, 2 when a log cannot be \
                read, is not text, or has no lifecycle line.
                """
        )

        @Argument(help: "Log files; - reads standard input.")
        var files: [String]

        @Option(help: "text (for people) or jsonl.")
        var format: LogCheck.Format = .text

        @Option(help: "The iOS versions the logs come from: only their known quirks are excused.")
        var profile: Profile?

        @Option(
            help: ArgumentHelp(
                "Also draw the logs as an SVG timeline, to this file, up to the line the model cannot explain.",
                valueName: "svg"))
        var timeline: String?

        @Option(help: "The timeline's width in pixels.")
        var width = 1000

        func validate() throws {
            guard width >= TimelineDrawing.minimumWidth else {
                throw ValidationError("--width takes \(TimelineDrawing.minimumWidth) pixels at least, not \(width)")
            }
        }

        func run() throws {
            // Every file is opened before any is checked, so that a path that is no readable log stops the
            // command before it prints anything; a regular file is then closed and opened again when its turn
            // comes (many files hold one descriptor at a time), while a copy of standard input stays open.
            var logs: [(path: String, copy: InputFile?)] = []
            for path in files {
                do {
                    let opened = try InputFile.open(path)
                    logs.append((path, opened.isCopy ? opened : nil))
                } catch {
                    Terminal.printError(error.description)
                    throw ExitCode(LogCheck.Outcome.invalidInput.rawValue)
                }
            }
            var output = StandardOutput()
            var errors = StandardError()
            var outcome = LogCheck.Outcome.success
            var drawn: [(title: String?, timeline: LifecycleTimeline.Timeline)] = []
            for log in logs {
                let name = ScenarioFile.displayName(of: log.path)
                let file: InputFile
                if let copy = log.copy {
                    file = copy
                } else {
                    do {
                        file = try InputFile.open(log.path)
                    } catch {
                        // Gone or changed since it was first opened.
                        output.flush()
                        Terminal.printError(error.description)
                        outcome = .invalidInput
                        continue
                    }
                }
                let check = LogCheck(format: format, profile: profile)
                let result: LogCheck.Outcome
                if timeline == nil {
                    result = try check.run(
                        file: name, lines: { try file.lines(path: name) }, output: &output, errors: &errors)
                } else {
                    // Only a drawn log is made a trace: the check alone makes no records.
                    var recorder = TimelineRecorder()
                    let checked = try check.run(
                        file: name, lines: { try file.lines(path: name) }, output: &output, errors: &errors,
                        trace: &recorder)
                    result = checked.outcome
                    if let violation = checked.violation {
                        recorder.mark(.violation, "line \(violation.line): \(violation.event) cannot happen here")
                    }
                    if result != .invalidInput { drawn.append((logs.count > 1 ? name : nil, recorder.finish())) }
                }
                if result.rawValue > outcome.rawValue { outcome = result }
                output.flush()
                // What cannot be written is not checked further: the report would be lost.
                if output.failure != nil { break }
            }
            try output.finish()
            if let timeline, !drawn.isEmpty {
                try Terminal.write(TimelineDrawing(width: width).svg(drawn), toFile: timeline)
            }
            if outcome != .success { throw ExitCode(outcome.rawValue) }
        }
    }
}
