import Benchmark
import Foundation
import LifecycleCheck
import LifecycleCore
import LifecycleSimulator
import LifecycleText

#if canImport(Glibc)
    import Glibc
#endif

/// `lifecycle check` on NSLog logs — read the file twice, recognize and check every line, format what it
/// prints — beside `cat` copying the same log to a file in the same run. Logs of 120,000 lines (about 9 MB):
/// 12,000 processes of ten lines each, one process cycling through the foreground and back, and (issue 37) a
/// BGTask per process and one scene-based process, which must stay within 2x of the first two.
func checkBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .throughput], timeUnits: .milliseconds,
        maxDuration: .seconds(30), maxIterations: 7)
    let files = BenchmarkFiles()
    for log in NSLogLoad.allCases where log != .large {
        Benchmark(
            "Check: NSLog log, \(log.summary)", configuration: configuration,
            closure: { _ in blackHole(files.check(files.log(log))) },
            setup: { files.prepare(log) })
        Benchmark(
            "Baseline: cat of that log (\(log.summary)) to a file", configuration: configuration,
            closure: { _ in blackHole(files.cat(files.log(log), to: files.output)) },
            setup: { files.prepare(log) })
    }
    // Issue 52's goal, in one run: `check` of 85 MB of NSLog at 150 MB/s or more, and within 3x of awk counting the
    // same callbacks (awk reads every line and splits its fields, as `check` must).
    let large = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(60),
        maxIterations: 7)
    Benchmark(
        "Check: NSLog log, \(NSLogLoad.large.summary)", configuration: large,
        closure: { _ in blackHole(files.check(files.log(.large))) },
        setup: { files.prepare(.large) })
    Benchmark(
        "Baseline: awk counting the callbacks of that log (\(NSLogLoad.large.summary))", configuration: large,
        closure: { _ in blackHole(files.awkCount(files.log(.large), to: files.output)) },
        setup: { files.prepare(.large) })
}

/// A console log of NSLog lines, `2016-02-29 10:00:00.123 Notes[1000:3000] applicationDidBecomeActive:`.
enum NSLogLoad: String, CaseIterable {
    case manyProcesses = "many-processes"
    case oneProcess = "one-process"
    /// BGTask lines, which the byte-wise reader reads itself (issue 37): within 2x of the app-delegate logs.
    case scheduledTasks = "scheduled-tasks"
    /// Scene-delegate lines naming their scene by its address (issue 37): within 2x of the app-delegate logs.
    case scenes
    /// Issue 52's size: one process's 1,200,000 lines, 85 MB.
    case large

    var summary: String {
        switch self {
        case .manyProcesses: "12,000 processes, 120,000 lines"
        case .oneProcess: "one process, 120,000 lines"
        case .scheduledTasks: "24,000 processes each running a BGTask, 120,000 lines"
        case .scenes: "one scene-based process, 120,000 lines"
        case .large: "one process, 1,200,000 lines (85 MB)"
        }
    }

    /// The log's text.
    var text: String {
        let launch = ["application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:"]
        let cycle = [
            "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
            "applicationWillEnterForeground:",
        ]
        var text = ""
        var line = 0
        func log(_ name: String, pid: Int) {
            line += 1
            let (seconds, milliseconds) = line.quotientAndRemainder(dividingBy: 1000)
            let clock = [seconds / 3600 % 24, seconds / 60 % 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
            let fraction = String(milliseconds + 1000).dropFirst()
            text += "2016-02-29 \(clock.joined(separator: ":")).\(fraction) Notes[\(pid):\(pid * 3)] \(name)\n"
        }
        switch self {
        case .manyProcesses:
            for process in 0..<12_000 {
                for name in launch + cycle + cycle.prefix(3) + ["applicationWillTerminate:"] {
                    log(name, pid: 1000 + process)
                }
            }
        case .oneProcess:
            for name in launch { log(name, pid: 1000) }
            for index in 0..<119_998 { log(cycle[index % cycle.count], pid: 1000) }
        case .large:
            for name in launch { log(name, pid: 1000) }
            for index in 0..<1_199_998 { log(cycle[index % cycle.count], pid: 1000) }
        case .scheduledTasks:
            let task = [
                "application:didFinishLaunchingWithOptions:", "applicationDidEnterBackground:",
                "launchHandler com.news.refresh", "setTaskCompleted(success: true) com.news.refresh",
                "applicationWillTerminate:",
            ]
            for process in 0..<24_000 {
                for name in task { log(name, pid: 1000 + process) }
            }
        case .scenes:
            let scene = "<UIWindowScene: 0x7f8a1c00>"
            let steps = [
                "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
                "sceneDidEnterBackground:",
            ]
            log("application:didFinishLaunchingWithOptions:", pid: 1000)
            log("scene:willConnectToSession:options: \(scene)", pid: 1000)
            for index in 0..<119_998 { log("\(steps[index % steps.count]) \(scene)", pid: 1000) }
        }
        return text
    }
}

extension BenchmarkFiles {
    func log(_ log: NSLogLoad) -> String { folder.appendingPathComponent("\(log.rawValue).log").path }

    func prepare(_ log: NSLogLoad) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: self.log(log)) {
            _ = FileManager.default.createFile(atPath: self.log(log), contents: Data(log.text.utf8))
        }
    }

    /// `awk '{ count[$NF]++ } END { … }' FILE > OUTPUT`, the real program: each line read and split into fields, and
    /// the callbacks (the last field) counted.
    func awkCount(_ file: String, to output: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/awk")
        process.arguments = ["{ count[$NF]++ } END { for (name in count) print count[name], name }", file]
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Checks a log as `lifecycle check FILE` does, its report counted rather than printed.
    func check(_ path: String) -> LogCheck.Outcome {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var output = CountingOutput()
        var errors = ""
        return LogCheck().run(
            file: path, lines: { LineReader(descriptor: descriptor)! }, output: &output, errors: &errors)
    }
}

/// A text stream that keeps only the number of bytes written to it.
struct CountingOutput: TextOutputStream {
    var bytes = 0
    mutating func write(_ string: String) { bytes += string.utf8.count }
}
