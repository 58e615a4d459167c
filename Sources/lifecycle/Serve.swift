import ArgumentParser
import Foundation
import LifecycleWeb
import Logging

extension Lifecycle {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the playground: a phone in the browser that shows what each app hears, and why.",
            discussion: """
                Open the address it prints. Each browser tab gets its own simulated phone; every button adds a line \
                of the scenario language to the tab's scenario, which can be saved, stepped through and shared. \
                Ctrl-C stops the server. See docs/playground.md.
                """
        )

        @Option(help: "The port to listen on (0 for any free one).")
        var port: Int = 8080

        @Option(help: "The address to listen on; 0.0.0.0 opens the playground to other machines.")
        var host: String = "127.0.0.1"

        @Option(help: "The most browser tabs served at once.")
        var sessions: Int = 32

        @Option(help: "Minutes a tab may stay silent before its session is closed.")
        var idleMinutes: Int = 30

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
            guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1") }
            guard (1...24 * 60).contains(idleMinutes) else {
                throw ValidationError("--idle-minutes must be from 1 to 1440")
            }
        }

        func run() async throws {
            var logger = Logger(label: "lifecycle.serve")
            logger.logLevel = .warning
            let host = host
            let application = PlaygroundServer.application(
                host: host, port: port,
                registry: SessionRegistry(capacity: sessions, idleTimeout: .seconds(idleMinutes * 60)),
                logger: logger
            ) { port in
                let shown = host == "0.0.0.0" ? "127.0.0.1" : host
                FileHandle.standardOutput.write(
                    Data("The playground is at http://\(shown):\(port)/ (Ctrl-C stops it)\n".utf8))
            }
            do {
                try await application.runService()
            } catch {
                Terminal.printError("lifecycle serve: cannot serve on \(host):\(port): \(error)")
                throw ExitCode.failure
            }
        }
    }
}
