// The smallest real app for the supervisor's benchmarks: an app delegate that keeps UIKit's defaults, run by
// `ProcessHost` as any app is. With `--exit` it ends at once: the baseline of starting the same binary.
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTerminal

@MainActor
final class QuietDelegate: ApplicationDelegate {}

if CommandLine.arguments.contains("--exit") { exit(0) }
let identifier = AppID(ProcessInfo.processInfo.environment[SupervisedHost.Environment.app] ?? "bench")
ProcessHost.run(
    info: InfoPlist(bundleIdentifier: identifier), delegate: QuietDelegate(),
    supportDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("supervised-app-\(getpid())"))
