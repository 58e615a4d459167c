// Runs seed 001's logging AppDelegate as a real process: press Ctrl-Z, type fg, press Ctrl-C, and watch the log.
//     swift run logging-app [--trace]
import Foundation
import LifecycleKit
import LifecycleTerminal
import LoggingExample

let info: InfoPlist
do {
    info = try InfoPlist(
        contentsOf: Bundle.module.url(forResource: "Info", withExtension: "plist", subdirectory: "Resources")!)
} catch {
    FileHandle.standardError.write(Data("logging-app: \(error)\n".utf8))
    exit(2)
}
let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    .appendingPathComponent(info.bundleIdentifier.rawValue)
let tracing = CommandLine.arguments.contains("--trace")
TerminalHost(info: info, delegate: AppDelegate(), supportDirectory: support, tracing: tracing).run()
