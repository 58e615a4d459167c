// Runs the scene-based twin of the logging delegate as a real process, on iOS 26's rules: press Ctrl-Z, type
// fg, press Ctrl-C, and watch the scene delegate's log and the scene phase change.
//     swift run logging-scene-app [--trace]
import ArgumentParser
import Foundation
import LifecycleKit
import LifecycleTerminal
import LoggingExample

@main
struct LoggingSceneApp: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logging-scene-app",
        abstract: "The scene-based twin of the logging delegate, in a real process driven by the terminal.",
        discussion: TerminalHost.keys)

    @Flag(help: "Print every state change, callback and notification to standard error.")
    var trace = false

    func run() throws {
        let info = try InfoPlist(
            contentsOf: Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources")!)
        MainActor.assumeIsolated {
            ProcessHost.run(
                info: info, delegate: AppDelegate(), sceneDelegateClass: LoggingSceneDelegate.self, profile: .ios26,
                supportDirectory: TerminalHost.supportDirectory(of: info), tracing: trace
            ) { application in
                application.onScenePhaseChange { phase in NSLog("%@", "app scenePhase: \(phase)") }
            }
        }
    }
}
