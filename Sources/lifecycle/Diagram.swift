import ArgumentParser
import Foundation
import LifecycleDiagram
import LifecycleSimulator

extension Lifecycle {
    struct Diagram: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diagram",
            abstract: "Draw the state diagram, generated from the core's transition tables.",
            discussion: """
                The app's states by default; --scenes draws a scene's (iOS 13 and later), --both draws the two. \
                svg runs Graphviz's dot, which must be installed (apt-get install graphviz).
                """
        )

        @Option(help: "dot (Graphviz), mermaid (Markdown) or svg (drawn by Graphviz's dot).")
        var format: StateDiagram.Format = .mermaid

        @Flag(help: "Draw a scene's states (UIScene.ActivationState) instead of the app's.")
        var scenes = false

        @Flag(help: "Draw both charts: the app's and a scene's.")
        var both = false

        private var charts: [StateDiagram.Chart] { both ? [.app, .scenes] : scenes ? [.scenes] : [.app] }

        func run() throws {
            switch format {
            case .dot: try Terminal.print(StateDiagram.dot(charts))
            case .mermaid: try Terminal.print(charts.map(StateDiagram.mermaid).joined(separator: "\n"))
            case .svg: try drawSVG()
            }
        }

        private func drawSVG() throws {
            guard let dot = Self.findDot() else {
                Terminal.printError(
                    """
                    lifecycle: --format svg needs Graphviz's dot, which is not installed.
                    Install it (Debian, Ubuntu: apt-get install graphviz; macOS: brew install graphviz), or use \
                    --format dot and draw it elsewhere.
                    """)
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            let process = Process()
            process.executableURL = dot
            process.arguments = ["-Tsvg"]
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data(StateDiagram.dot(charts).utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                Terminal.printError("lifecycle: dot failed with status \(process.terminationStatus)")
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
        }

        /// Graphviz's `dot` on the PATH, if it is installed.
        static func findDot() -> URL? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("dot") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
    }
}
