import ArgumentParser
import Foundation
import LifecycleCheck
import LifecycleCore
import LifecycleDiagram
import LifecycleScenario
import LifecycleSimulator
import LifecycleSupervisor
import LifecycleTrace

@main
struct Lifecycle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifecycle",
        abstract: "The iOS application lifecycle, simulated: every state change, callback and notification, in order.",
        version: "lifecycle \(Lifecycle.version)",
        subcommands: [
            Run.self, Demo.self, Scenarios.self, Timeline.self, Check.self, Diagram.self, Supervise.self, Ctl.self,
            Explore.self, Serve.self,
        ],
        defaultSubcommand: nil
    )

    /// The version `lifecycle --version` prints.
    static let version = "0.2.0"

    /// Runs the command; a mistake on the command line exits with 2, like every other invalid input.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .validationFailure {
                Terminal.printError(fullMessage(for: error))
                Foundation.exit(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            exit(withError: error)
        }
    }
}

extension Profile: ExpressibleByArgument {}
extension TraceFormat: ExpressibleByArgument {}
extension LogCheck.Format: ExpressibleByArgument {}
extension StateDiagram.Format: ExpressibleByArgument {}
extension Supervisor.FreezerChoice: ExpressibleByArgument {}

/// Options shared by the commands that print traces.
struct TraceOptions: ParsableArguments {
    @Option(
        help: """
            How to print the trace: text (for people), jsonl (one JSON object a line) or chrome-trace (for \
            Perfetto's UI: docs/trace-format.md).
            """)
    var format: TraceFormat = .text

    @Option(
        help: "The profile for scenarios that name none: \(Profile.allCases.map(\.rawValue).joined(separator: ", ")).")
    var profile: Profile = .defaultProfile

    func batch(explains: Bool = false) -> ScenarioBatch {
        ScenarioBatch(
            format: format, defaultProfile: profile, colours: format == .text && Terminal.standardOutputWantsColour,
            explains: explains)
    }
}

extension Lifecycle {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run scenario files, or built-in scenarios by name, and print their traces.",
            discussion: """
                Each argument is a file, - for standard input, or the name of a built-in scenario \
                ('lifecycle scenarios' lists them); a file of that name comes first. Every file is checked before \
                any runs. With --stream, one input runs line by line as it arrives, each line's trace printed at \
                once: for a program that goes on writing, or a person typing (its first mistake stops it, after \
                what ran before). Exit status: 0 when every expect line held, 1 when one failed, 2 when a file is \
                invalid (then nothing runs, unless streamed).
                """
        )

        @Argument(help: "Scenario files or built-in scenario names; - reads standard input.")
        var files: [String]

        @Flag(help: "Run the one input as its lines arrive, printing each line's trace at once (no check first).")
        var stream = false

        @OptionGroup var options: TraceOptions

        func validate() throws {
            if stream, files.count != 1 { throw ValidationError("--stream runs one input, not \(files.count)") }
        }

        func run() throws {
            if stream { return try runStreamed(files[0]) }
            var inputs: [ScenarioBatch.Input] = []
            // Every file is opened before any runs, so that a path that is no readable scenario stops the command
            // before it prints anything; a regular file is then closed and opened again when its turn comes (many
            // files hold one descriptor at a time), while a copy of standard input or of a pipe stays open until
            // the batch has run.
            var copies: [InputFile] = []
            for file in self.files {
                let heading = self.files.count > 1 ? file : nil
                if let scenario = ScenarioFile.builtInScenario(file) {
                    inputs.append(
                        ScenarioBatch.Input(file: scenario.fileName, source: scenario.source, heading: heading))
                    continue
                }
                do {
                    let opened = try InputFile.open(file, as: .scenario)
                    if opened.isCopy { copies.append(opened) }
                    let source: ScenarioSource = opened.isCopy ? .file(descriptor: opened.descriptor) : .path(file)
                    inputs.append(
                        ScenarioBatch.Input(file: ScenarioFile.displayName(of: file), source: source, heading: heading))
                } catch {
                    var message = error.description
                    if case .missing = error { message += ScenarioFile.notBuiltIn(file) }
                    Terminal.printError(message)
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
            }
            try withExtendedLifetime(copies) { try finish(options.batch(), inputs) }
        }

        /// Runs one input as its lines arrive: standard input read as it comes, not copied first.
        private func runStreamed(_ file: String) throws {
            let input: ScenarioBatch.Input
            if file == "-" {
                input = ScenarioBatch.Input(file: "<stdin>", source: .stream(descriptor: STDIN_FILENO))
            } else if let scenario = ScenarioFile.builtInScenario(file) {
                input = ScenarioBatch.Input(file: scenario.fileName, source: scenario.source)
            } else {
                input = ScenarioBatch.Input(file: ScenarioFile.displayName(of: file), source: .path(file))
            }
            let batch = options.batch()
            try finish { errors throws(TraceSpool.Failure) in
                try batch.stream(input, descriptor: STDOUT_FILENO, errors: &errors)
            }
        }
    }

    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "demo",
            abstract: "Run built-in scenarios, each under a heading, explaining every line as it goes.",
            discussion: """
                Without names, a short tour: five scenarios of the life most apps live, then how to see the rest \
                ('lifecycle scenarios' lists them all; --all runs every one). Under each line of a scenario comes \
                what its file says about it: why the callbacks that follow come.
                """
        )

        @Argument(help: "Built-in scenarios to run; a short tour when none is named.")
        var names: [String] = []

        @Flag(help: "Run every built-in scenario, in order.")
        var all = false

        @OptionGroup var options: TraceOptions

        func validate() throws {
            if all, !names.isEmpty { throw ValidationError("--all runs every scenario: name none, or leave out --all") }
        }

        func run() throws {
            var scenarios: [BuiltInScenario] = []
            for name in names {
                guard let scenario = BuiltInScenario.named(name) else {
                    Terminal.printError(BuiltInScenario.unknownNameMessage(name))
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
                scenarios.append(scenario)
            }
            let isTour = names.isEmpty && !all
            let chosen = all ? BuiltInScenario.all : isTour ? BuiltInScenario.tour : scenarios
            let inputs = chosen.map {
                ScenarioBatch.Input(file: $0.fileName, source: $0.source, heading: "\($0.name) — \($0.summary)")
            }
            try finish(options.batch(explains: true), inputs)
            guard isTour, options.format == .text else { return }
            var output = StandardOutput()
            output.write(
                """

                That was \(chosen.count) of the \(BuiltInScenario.all.count) built-in scenarios. To go on:
                  lifecycle scenarios                  lists them all, with what each shows
                  lifecycle demo NAME...               walks through the ones you name
                  lifecycle demo --all                 walks through every one, in order
                  lifecycle scenarios NAME > my.scenario, then lifecycle run my.scenario
                                                       runs your own change of one

                """)
            try output.finish()
        }
    }

    struct Scenarios: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scenarios",
            abstract: "List the built-in scenarios, or print one's source to copy and change.",
            discussion: """
                With --load, print instead a long scenario of everyday use written from a seed: the file the \
                benchmarks run (2,000 apps, 60,000 rounds), to time `lifecycle run` on any machine.
                """
        )

        @Argument(help: "The scenario to print.")
        var name: String?

        @Option(
            name: .customLong("load"),
            help: ArgumentHelp("Print a load scenario of this many rounds of everyday use.", valueName: "rounds"))
        var loadRounds: Int?

        @Option(
            name: .customLong("apps"),
            help: "The apps a load scenario declares (default: \(LoadScenario.defaultApps)).")
        var loadApps: Int?

        func validate() throws {
            guard let loadRounds else {
                if loadApps != nil { throw ValidationError("--apps goes with --load") }
                return
            }
            if name != nil { throw ValidationError("print a built-in scenario or a load scenario, not both") }
            guard loadRounds >= 0 else { throw ValidationError("--load takes a number of rounds, 0 or more") }
            guard (loadApps ?? 1) >= 1 else { throw ValidationError("--apps takes a number of apps, 1 or more") }
        }

        func run() throws {
            var output = StandardOutput()
            if let loadRounds {
                for line in LoadScenario(apps: loadApps ?? LoadScenario.defaultApps, rounds: loadRounds) {
                    output.write(line + "\n")
                    // A reader that has gone, or a full disk, ends a long scenario at once.
                    if output.failure != nil { break }
                }
                return try output.finish()
            }
            guard let name else {
                let width = BuiltInScenario.all.map(\.name.count).max() ?? 0
                for scenario in BuiltInScenario.all {
                    output.write(
                        scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary
                            + "\n")
                }
                return try output.finish()
            }
            guard let scenario = BuiltInScenario.named(name) else {
                Terminal.printError(BuiltInScenario.unknownNameMessage(name))
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            try Terminal.print(scenario.source.hasSuffix("\n") ? scenario.source : scenario.source + "\n")
        }
    }
}

/// Runs a batch with the process's standard streams and exits with its status.
private func finish(_ batch: ScenarioBatch, _ inputs: [ScenarioBatch.Input]) throws {
    try finish { errors throws(TraceSpool.Failure) in
        try batch.run(inputs, descriptor: STDOUT_FILENO, errors: &errors)
    }
}

/// Runs what writes a trace to standard output and errors to standard error; a write that fails stops the command
/// as ``Terminal/stop(after:)`` says, and an outcome other than success is the exit status.
private func finish(
    _ run: (inout StandardError) throws(TraceSpool.Failure) -> ScenarioBatch.Outcome
) throws {
    var errors = StandardError()
    let outcome: ScenarioBatch.Outcome
    do {
        outcome = try run(&errors)
    } catch {
        throw Terminal.stop(after: error)
    }
    if outcome != .success { throw ExitCode(outcome.rawValue) }
}
