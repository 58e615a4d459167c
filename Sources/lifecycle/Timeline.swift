import ArgumentParser
import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleTimeline

extension Lifecycle {
    struct Timeline: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "timeline",
            abstract: "Draw scenarios as an SVG timeline: a row per app and per scene, states over time.",
            discussion: """
                Each argument is a file, - for standard input, or the name of a built-in scenario. States are \
                coloured spans, callbacks ticks named on hover, background work thin bars, the background time a \
                bar running down, kills marked with ✕, the scenario's lines along the top. Several scenarios are \
                drawn one under the other. Exit status: 0 when drawn and every expect line held, 1 when one \
                failed (it is marked in red), 2 when a file is invalid (nothing is drawn). For Perfetto, use \
                'lifecycle run --format chrome-trace' instead (docs/trace-format.md).
                """
        )

        @Argument(help: "Scenario files or built-in scenario names; - reads standard input.")
        var files: [String]

        @Option(help: "The picture's width in pixels (\(TimelineDrawing.minimumWidth) at least).")
        var width = 1000

        @Option(name: .shortAndLong, help: "The SVG file to write (default: standard output).")
        var output: String?

        @Option(
            help:
                "The profile for scenarios that name none: \(Profile.allCases.map(\.rawValue).joined(separator: ", "))."
        )
        var profile: Profile = .defaultProfile

        func validate() throws {
            guard width >= TimelineDrawing.minimumWidth else {
                throw ValidationError("--width takes \(TimelineDrawing.minimumWidth) pixels at least, not \(width)")
            }
        }

        func run() throws {
            var sections: [(title: String?, timeline: LifecycleTimeline.Timeline)] = []
            var failed = false
            for file in files {
                let (name, source) = try Self.source(of: file)
                let scenario: Scenario
                do {
                    scenario = try ScenarioRunner.load(source, file: name, defaultProfile: profile)
                } catch {
                    Terminal.printError(error.diagnostic)
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
                var recorder = TimelineRecorder()
                let failures: [ScenarioRunner.ExpectationFailure]
                do {
                    failures = try ScenarioRunner.run(scenario, defaultProfile: profile, into: &recorder)
                } catch {
                    // `load` ran it already: an impossible action would have stopped there.
                    Terminal.printError(error.diagnostic)
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
                for failure in failures { Terminal.printError(failure.description) }
                failed = failed || !failures.isEmpty
                sections.append((files.count > 1 ? name : nil, recorder.finish()))
            }
            let svg = TimelineDrawing(width: width).svg(sections)
            if let output {
                try Terminal.write(svg, toFile: output)
            } else {
                try Terminal.print(svg)
            }
            if failed { throw ExitCode(ScenarioBatch.Outcome.expectationFailed.rawValue) }
        }

        /// A scenario's name and text: a file (first), standard input, or a built-in scenario.
        static func source(of file: String) throws -> (name: String, source: String) {
            if let scenario = ScenarioFile.builtInScenario(file) { return (scenario.name, scenario.source) }
            switch ScenarioFile.read(file) {
            case .success(let text): return (ScenarioFile.displayName(of: file), text)
            case .failure(let error):
                var message = error.description
                if !FileManager.default.fileExists(atPath: file), file != "-" {
                    message += ScenarioFile.notBuiltIn(file)
                }
                Terminal.printError(message)
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
        }
    }
}
