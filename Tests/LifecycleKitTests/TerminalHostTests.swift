import Foundation
import LifecycleCore
import LifecycleSimulator
import LifecycleTrace
import Testing

@testable import LifecycleTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// A child process whose standard output is read line by line as it comes.
///
/// `@unchecked Sendable`: the pipe's reading handler runs on a Foundation queue, and every access to `lines`,
/// `partial` and `outputEnded` goes through `lock`.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    /// Whether the reading handler has seen the end of the output: what the process wrote is all in `lines`.
    private var outputEnded = false
    private let errors = Pipe()

    /// - Parameters:
    ///   - mergingStandardError: whether standard error's lines are read with standard output's, in order (the
    ///     examples log with NSLog, which writes to standard error).
    ///   - environment: variables to set beside the test's own.
    init(
        _ executable: String, _ arguments: [String] = [], mergingStandardError: Bool = false,
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = ChildProcess.executable(executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = mergingStandardError ? output : errors
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                lock.withLock { outputEnded = true }
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            lock.withLock {
                partial += text
                while let newline = partial.firstIndex(of: "\n") {
                    lines.append(String(partial[..<newline]))
                    partial = String(partial[partial.index(after: newline)...])
                }
            }
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// An executable of this package, beside the test bundle.
    static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    var output: [String] { lock.withLock { lines } }

    private var hasOutputEnded: Bool { lock.withLock { outputEnded } }

    /// Waits until `line` has appeared `count` times; false on timeout.
    func waitFor(_ line: String, count: Int = 1, timeout: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.filter({ $0 == line }).count >= count { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // Once more: a busy machine may wake this task only after the deadline.
        return output.filter({ $0 == line }).count >= count
    }

    func send(_ signalNumber: Int32) {
        kill(process.processIdentifier, signalNumber)
    }

    /// Whether the kernel has the process stopped (state T in /proc).
    var isStopped: Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "T"
    }

    func waitUntilStopped(timeout: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if isStopped { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isStopped
    }

    /// The exit status, once the process has ended; nil on timeout.
    /// The exit status once the process has ended and its output has all been read (the reading handler runs
    /// on its own queue, and may still hold the last lines when the process is already gone); `nil` on timeout.
    func exitStatus(timeout: Double = 20) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning || !hasOutputEnded, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// What the process wrote to its standard error. A process still running is killed first: reading to the end
    /// of a pipe its writer holds open would wait forever, and a test that finds a process alive when it should
    /// have ended must fail, not hang the suite.
    var standardError: String {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// The terminal host with real processes and real signals.
@Suite(.serialized) struct TerminalHostTests {
    /// Xcode's templates in UIKit's names, built behind the three import lines, run as processes: `@main` on the app
    /// delegate starts the terminal host with the Info.plist of the target's resources, whose scene manifest makes
    /// the scene-based one live the scene life cycle. Ctrl-Z, `fg`, Ctrl-C, as for the examples.
    @Test(arguments: [
        ("uikit-scene-app", "sceneDidBecomeActive:", "sceneDidEnterBackground:"),
        ("uikit-classic-app", "applicationDidBecomeActive:", "applicationDidEnterBackground:"),
    ])
    func anXcodeTemplateRunsAsAProcess(executable: String, active: String, background: String) async throws {
        let child = try ChildProcess(executable, ["--trace", "--profile", "ios17"], mergingStandardError: true)
        // The trace's lines end with the callback they record.
        func traced(_ callback: String, count: Int) async -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, child.output.filter({ $0.hasSuffix(callback) }).count < count {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return child.output.filter { $0.hasSuffix(callback) }.count >= count
        }
        #expect(await traced(active, count: 1), "\(child.output)")
        child.send(SIGTSTP)
        #expect(await child.waitUntilStopped())
        #expect(child.output.contains { $0.hasSuffix(background) })
        child.send(SIGCONT)
        #expect(await traced(active, count: 2), "\(child.output)")
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
    }

    /// A scene-based template under the default profile (iOS 12, which has no scenes) stops at once and says which
    /// profile it needs, rather than run without a scene.
    @Test func aSceneBasedAppUnderTheDefaultProfileSaysWhichProfileItNeeds() async throws {
        let child = try ChildProcess("uikit-scene-app")
        #expect(await child.exitStatus() == 2)
        let errors = child.standardError
        #expect(errors.contains("declares scenes (a scene-based app), which needs iOS 13 or later"), "\(errors)")
        #expect(errors.contains("the profile is ios12, the default: run it with --profile ios13"), "\(errors)")
    }

    /// BGTaskScheduler in a real process: its code registers the launch handler and submits a refresh on Ctrl-Z;
    /// SIGUSR2 to the stopped process runs it once the process is continued, before the return to the foreground,
    /// and the handler's work completes the task.
    @Test func sigusr2RunsTheScheduledTaskTheAppSubmitted() async throws {
        let child = try ChildProcess("HostFixture", ["--profile", "ios17", "--bgtask", "com.fixture.refresh"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitUntilStopped())
        child.send(SIGUSR2)
        child.send(SIGCONT)
        #expect(await child.waitFor("launch handler com.fixture.refresh"))
        #expect(await child.waitFor("applicationDidBecomeActive:", count: 2))
        #expect(await child.waitFor("task completed"))
        let order = child.output.filter { $0.hasPrefix("launch handler") || $0 == "applicationWillEnterForeground:" }
        #expect(order == ["launch handler com.fixture.refresh", "applicationWillEnterForeground:"])
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
    }

    /// A local notification the process's code schedules comes on the real clock, and is presented to its delegate
    /// while it is active (docs/lifecycle.md §18).
    @Test func aReminderTheCodeSchedulesIsPresentedOnTheRealClock() async throws {
        let child = try ChildProcess("HostFixture", ["--profile", "ios17", "--notifications", "--reminder", "1"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        #expect(await child.waitFor("willPresent local notification 1"))
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
    }

    @Test func ctrlZThenFgThenCtrlC() async throws {
        let child = try ChildProcess("HostFixture")
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitFor("applicationDidEnterBackground:"))
        #expect(await child.waitUntilStopped(), "suspended means the process really stops")
        child.send(SIGCONT)
        #expect(await child.waitFor("applicationDidBecomeActive:", count: 2))
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
        // The same events in the engine: launch, Home, back, then quit as a swipe does.
        let engine = try Self.callbacks(
            ofScenario: "app fixture\ntap fixture\nhome\ntap fixture\nswitcher\nswipe fixture\n")
        #expect(child.output == engine)
        #expect(engine.count == 9)
    }

    @Test func aSceneBasedProcessHearsItsSceneDelegate() async throws {
        let child = try ChildProcess("HostFixture", ["--scenes", "--profile", "ios26"])
        #expect(await child.waitFor("sceneDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitFor("sceneDidEnterBackground:"))
        #expect(await child.waitUntilStopped(), "suspended means the process really stops")
        child.send(SIGCONT)
        #expect(await child.waitFor("sceneDidBecomeActive:", count: 2))
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
        let engine = try Self.callbacks(
            ofScenario: "profile ios26\napp fixture scenes\ntap fixture\nhome\ntap fixture\nswitcher\nswipe fixture\n")
        #expect(child.output == engine)
        #expect(
            engine.contains("scene:willConnectToSession:options:") && !engine.contains("applicationDidBecomeActive:"))
    }

    /// The callbacks the fixture logs, as the simulator's trace of a scenario has them.
    static func callbacks(ofScenario source: String) throws -> [String] {
        let logged: Set<Callback> = [
            .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground,
            .willTerminate, .didReceiveMemoryWarning, .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground,
        ]
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(try ScenarioRunner.load(source, file: "signals.scenario"), into: &sink)
        return sink.records.compactMap {
            switch $0.event {
            case .callback(_, let callback, _) where logged.contains(callback): callback.selector
            case .sceneCallback(_, _, let callback, _) where logged.contains(callback): callback.selector
            default: nil
            }
        }
    }

    @Test func sigtermAndMemoryWarning() async throws {
        let child = try ChildProcess("HostFixture")
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGUSR1)
        #expect(await child.waitFor("applicationDidReceiveMemoryWarning:"))
        child.send(SIGTERM)
        #expect(await child.exitStatus() == 0)
        var phone = Phone(apps: [AppConfiguration(id: "fixture")])
        let engine = try [UserAction.tap("fixture"), .memoryWarning, .terminate("fixture")].flatMap {
            try phone.perform($0).compactMap { action -> String? in
                if case .callback(_, let callback, _) = action, callback != .willFinishLaunching {
                    callback.selector
                } else {
                    nil
                }
            }
        }
        #expect(child.output == engine)
    }

    @Test func aBackgroundTaskRunsBeforeTheProcessStops() async throws {
        // A task of 3 s, looked at after 0.3 s: room for a busy machine that wakes this test late.
        let child = try ChildProcess("HostFixture", ["--task", "3"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitFor("applicationDidEnterBackground:"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(!child.isStopped, "the task holds the app in the background")
        #expect(await child.waitFor("task done"))
        #expect(await child.waitUntilStopped())
        child.send(SIGKILL)
    }

    @Test func theWatchdogEndsAProcessStuckInDidEnterBackground() async throws {
        let child = try ChildProcess("HostFixture", ["--slow", "applicationDidEnterBackground:", "8"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.exitStatus(timeout: 7) == 85)
        #expect(
            child.standardError.contains(
                "watchdog (0x8badf00d): applicationDidEnterBackground: did not finish within 5 s; the app is killed"))
    }

    @Test func ctrlCWhileSuspendedStillEndsTheProcessWhenAContinueFollows() async throws {
        let child = try ChildProcess("HostFixture")
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitUntilStopped())
        child.send(SIGINT)  // as with `kill -INT %1`
        child.send(SIGCONT)  // and a `fg` right after: the app is gone, the continue must not launch it again
        #expect(await child.exitStatus(timeout: 10) == 0)
        #expect(child.output.last == "applicationDidEnterBackground:", "a suspended app is ended without a word")
    }

    @Test func workCenturiesAwayNeitherCrashesNorRuns() async throws {
        let child = try ChildProcess("HostFixture", ["--far-timer", "--keys"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        #expect(await child.waitFor("now"))
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
        #expect(!child.output.contains("far"))
        #expect(child.standardError.hasPrefix("fixture: Ctrl-Z: press Home (the app is suspended) · fg: tap its icon"))
    }

    @Test func theExampleAppHonoursHelp() async throws {
        let child = try ChildProcess("logging-app", ["--help"])
        #expect(await child.exitStatus() == 0)
        #expect(child.output.contains { $0.contains("USAGE: logging-app [--trace]") })
        #expect(child.output.joined(separator: " ").contains("Ctrl-Z: press Home"))
    }

    @Test func aTaskNotEndedInItsBackgroundTimeGetsTheProcessKilled() async throws {
        let child = try ChildProcess("HostFixture", ["--profile", "ios13", "--task", "600", "--ignore-expiration"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitFor("expiration handler", timeout: 30))
        #expect(await child.exitStatus(timeout: 10) == 86)
        #expect(child.standardError.contains("killed: a background task was not ended within the background time"))
        #expect(!child.output.contains("applicationWillTerminate:"))
    }
}
