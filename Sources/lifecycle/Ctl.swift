import ArgumentParser
import Foundation
import LifecycleSupervisor
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

extension Lifecycle {
    struct Ctl: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ctl",
            abstract: "Control a running 'lifecycle supervise': perform actions, show status, play a scenario.",
            discussion: """
                lifecycle ctl status          each app's state, pid, scene, memory, and whether it is frozen
                lifecycle ctl tap notes       any line of the scenario language (home, switcher, memory-pressure …)
                lifecycle ctl play FILE       a scenario's actions, 'wait' in real time, 'expect' checked
                Exit status: 0 when it was done (and every expect held), 1 when an expect failed or an app's process \
                could not start, 2 on a mistake.
                """
        )

        @Option(help: "The supervisor's socket folder (default $XDG_RUNTIME_DIR/lifecycle or /tmp/lifecycle-UID).")
        var socketFolder: String?

        @Argument(parsing: .captureForPassthrough, help: "status, play FILE, or a line of the scenario language.")
        var words: [String] = []

        func run() throws {
            // The words are passed through whole, options and all: asking for help is told apart here.
            if words == ["--help"] || words == ["-h"] || words == ["help"] { throw CleanExit.helpRequest(Self.self) }
            guard !words.isEmpty else {
                Terminal.printError("lifecycle ctl: expected status, play FILE, or an action such as 'tap notes'")
                throw ExitCode(2)
            }
            let request: String
            switch words[0] {
            case "status" where words.count == 1:
                request = "status\n"
            case "play" where words.count == 2:
                guard let source = try? String(contentsOfFile: words[1], encoding: .utf8) else {
                    Terminal.printError("\(words[1]): error: no such file, or not UTF-8 text")
                    throw ExitCode(2)
                }
                let lines = ScenarioLines.split(source).map { $0 == "." ? " ." : $0 }
                request = "play \(words[1])\n" + lines.joined(separator: "\n") + "\n.\n"
            default:
                request = ControlClient.action(words.joined(separator: " "))
            }
            let answer: [String]
            do {
                answer = try ControlClient.send(request, socketFolder: socketFolder ?? UnixSocket.defaultFolder())
            } catch {
                Terminal.printError("lifecycle ctl: \(error); is 'lifecycle supervise' running?")
                throw ExitCode(2)
            }
            var output = StandardOutput()
            for line in answer where !line.isEmpty {
                if line == "ok" || line == "error" || line.hasPrefix("failed ") { continue }
                if line.hasPrefix("error: ") {
                    Terminal.printError(String(line.dropFirst(7)))
                } else {
                    output.write(line + "\n")
                }
            }
            try output.finish()
            let last = answer.last(where: { !$0.isEmpty }) ?? ""
            if last == "ok" { return }
            if last.hasPrefix("failed ") { throw ExitCode(1) }
            throw ExitCode(2)
        }
    }
}

/// The lines of a scenario file, whatever its line endings.
enum ScenarioLines {
    static func split(_ source: String) -> [String] {
        source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
    }
}
