import ArgumentParser
import Foundation
import LifecycleCore
import LifecycleSimulator

@main
struct Lifecycle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifecycle",
        abstract: "The iOS application lifecycle, simulated: every state change, callback and notification, in order.",
        subcommands: [Run.self, Demo.self, Scenarios.self, Check.self, Diagram.self],
        defaultSubcommand: nil
    )

    /// Runs the command; a mistake on the command line exits with 2, like every other invalid input.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
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
extension StateDiagram.Format: ExpressibleByArgument {}

/// Options shared by the commands that print traces.
struct TraceOptions: ParsableArguments {
    @Option(help: "How to print the trace: text (for people) or jsonl (one JSON object a line).")
    var format: TraceFormat = .text

    @Option(help: "The profile for scenarios that name none: ios4, ios12 or ios13.")
    var profile: Profile = .ios12

    func batch() -> ScenarioBatch {
        ScenarioBatch(
            format: format, defaultProfile: profile, colours: format == .text && Terminal.standardOutputWantsColour)
    }
}

extension Lifecycle {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenario files and print their traces.",
            discussion: """
                Exit status: 0 when every expect line held, 1 when one failed, 2 when a file is invalid \
                (then nothing runs). Use - to read a scenario from standard input.
                """
        )

        @Argument(help: "Scenario files to run; - reads standard input.")
        var files: [String]

        @OptionGroup var options: TraceOptions

        func run() throws {
            var inputs: [ScenarioBatch.Input] = []
            for file in files {
                switch ScenarioSource.read(file) {
                case .success(let source):
                    let heading = files.count > 1 ? file : nil
                    inputs.append(
                        ScenarioBatch.Input(
                            file: ScenarioSource.displayName(of: file), source: source, heading: heading))
                case .failure(let error):
                    Terminal.printError(error.description)
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
            }
            try finish(options.batch(), inputs)
        }
    }

    struct Demo: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every built-in scenario, one after another, each under a heading."
        )

        @OptionGroup var options: TraceOptions

        func run() throws {
            let inputs = BuiltInScenario.all.map {
                ScenarioBatch.Input(file: $0.fileName, source: $0.source, heading: "\($0.name) — \($0.summary)")
            }
            try finish(options.batch(), inputs)
        }
    }

    struct Scenarios: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the built-in scenarios, or print one's source to copy and change."
        )

        @Argument(help: "The scenario to print.")
        var name: String?

        func run() throws {
            guard let name else {
                let width = BuiltInScenario.all.map(\.name.count).max() ?? 0
                for scenario in BuiltInScenario.all {
                    print(scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary)
                }
                return
            }
            guard let scenario = BuiltInScenario.named(name) else {
                Terminal.printError(
                    "lifecycle: no built-in scenario is named '\(name)'; 'lifecycle scenarios' lists them")
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            print(scenario.source, terminator: scenario.source.hasSuffix("\n") ? "" : "\n")
        }
    }
}

/// Runs a batch with the process's standard streams and exits with its status.
private func finish(_ batch: ScenarioBatch, _ inputs: [ScenarioBatch.Input]) throws {
    var output = StandardOutput()
    var errors = StandardError()
    let outcome = batch.run(inputs, output: &output, errors: &errors)
    output.flush()
    if outcome != .success { throw ExitCode(outcome.rawValue) }
}
