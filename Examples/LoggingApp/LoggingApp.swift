// Runs LonelyShadow's logging AppDelegate as a real process: press Ctrl-Z, type fg, press Ctrl-C, and watch the log.
//     swift run logging-app [--trace]
import ArgumentParser
import Foundation
import LifecycleKit
import LifecycleTerminal
import LoggingExample

@main
struct LoggingApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logging-app",
        abstract: "LonelyShadow's logging app delegate, in a real process driven by the terminal.",
        discussion: TerminalHost.keys)

    @Flag(help: "Print every state change, callback and notification to standard error.")
    var trace = false

    func run() throws {
        let info = try InfoPlist(
            contentsOf: Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources")!)
        MainActor.assumeIsolated {
            TerminalHost(
                info: info, delegate: AppDelegate(), supportDirectory: TerminalHost.supportDirectory(of: info),
                tracing: trace
            ).run()
        }
    }
}
