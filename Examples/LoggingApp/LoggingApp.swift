// Runs LonelyShadow's logging AppDelegate as a real process: press Ctrl-Z, type fg, press Ctrl-C, and watch the log.
//     swift run logging-app [--trace]
// The same binary runs under `lifecycle supervise` (Examples/device.lifecycle).
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
            // Under `lifecycle supervise` the supervisor runs it; otherwise the terminal session does.
            ProcessHost.run(
                info: info, delegate: AppDelegate(), supportDirectory: TerminalHost.supportDirectory(of: info),
                tracing: trace)
        }
    }
}
