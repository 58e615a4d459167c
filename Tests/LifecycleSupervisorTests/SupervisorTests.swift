import Foundation
import LifecycleCore
import LifecycleSimulator
import LifecycleTrace
import LifecycleWire
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A running `lifecycle supervise` with apps that are real processes (the test fixture), driven with
/// `lifecycle ctl`.
final class SupervisorRun {
    let folder: URL
    let process = Process()
    let apps: [String]

    /// Starts a supervisor of `apps` (name → the fixture's arguments) with `extra` options; `executables` names
    /// another program than the fixture for some apps, and `output` another folder for the apps' output than
    /// `out` (made by the supervisor).
    init(
        profile: String = "ios17", device kind: String = "", apps: [(String, [String])],
        executables: [String: String] = [:], infos: [String: String] = [:], output: String = "out",
        extra: [String] = []
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "supervisor-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.apps = apps.map(\.0)
        let fixture = ChildProcess.executable("HostFixture").path
        var device = "profile \(profile)\ndevice \(kind.isEmpty ? "" : kind + " ")memory=8GB\n"
        for (name, arguments) in apps {
            device += "app \(name) executable=\(executables[name] ?? fixture)"
            if !arguments.isEmpty { device += " arguments=" + arguments.joined(separator: ",") }
            if let keys = infos[name] {
                let plist = folder.appendingPathComponent("\(name).plist")
                try """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>\(name)</string>\(keys)</dict></plist>
                """.write(to: plist, atomically: true, encoding: .utf8)
                device += " info=\(plist.path)"
            }
            device += "\n"
        }
        try device.write(to: folder.appendingPathComponent("device.lifecycle"), atomically: true, encoding: .utf8)
        process.executableURL = ChildProcess.executable("lifecycle")
        process.arguments =
            [
                "supervise", folder.appendingPathComponent("device.lifecycle").path, "--socket-folder",
                folder.appendingPathComponent("sock").path, "--app-output", folder.appendingPathComponent(output).path,
                "--format", "jsonl", "--trace", folder.appendingPathComponent("trace.jsonl").path,
            ] + extra
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: Self.logFile(in: folder))
        try process.run()
        let socket = folder.appendingPathComponent("sock/control.sock").path
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socket) && process.isRunning { usleep(10_000) }
    }

    static func logFile(in folder: URL) -> URL {
        let url = folder.appendingPathComponent("supervisor.log")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `lifecycle ctl` with these words; its exit status and output.
    @discardableResult
    func ctl(_ words: String...) -> (status: Int32, output: String) {
        ctl(words)
    }

    @discardableResult
    func ctl(_ words: [String]) -> (status: Int32, output: String) {
        let ctl = Process()
        ctl.executableURL = ChildProcess.executable("lifecycle")
        ctl.arguments = ["ctl", "--socket-folder", folder.appendingPathComponent("sock").path] + words
        let pipe = Pipe()
        ctl.standardOutput = pipe
        ctl.standardError = pipe
        try? ctl.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ctl.waitUntilExit()
        return (ctl.terminationStatus, output)
    }

    /// The status line of an app: `notes  active  pid 1234  …`.
    func status(of app: String) -> String {
        ctl("status").output.split(separator: "\n").first { $0.hasPrefix(app + " ") }.map(String.init) ?? ""
    }

    /// The app's pid, if it has a process.
    func pid(of app: String) -> pid_t? {
        let words = status(of: app).split(separator: " ", omittingEmptySubsequences: true)
        guard let index = words.firstIndex(of: "pid"), index + 1 < words.count else { return nil }
        return pid_t(words[index + 1])
    }

    /// What the app's process logged: its callbacks, one a line.
    func log(of app: String) -> [String] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("out/\(app).log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0.contains(":") && !$0.contains(" ") }
    }

    /// Everything the app's processes wrote to standard output.
    func output(of app: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("out/\(app).log"), encoding: .utf8)) ?? ""
    }

    var trace: String {
        (try? String(contentsOf: folder.appendingPathComponent("trace.jsonl"), encoding: .utf8)) ?? ""
    }

    /// Waits until `condition` holds, for at most `seconds`.
    func wait(_ seconds: Double = 5, until condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}

/// The callbacks the fixture logs, as the engine gives them for the same actions (a scenario in the simulator).
func engineCallbacks(profile: String, apps: [String], actions: [String]) throws -> [String: [String]] {
    let logged: Set<Callback> = [
        .didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground,
        .willTerminate, .didReceiveMemoryWarning,
    ]
    let source = (["profile \(profile)"] + apps.map { "app \($0) memory=1MB" } + actions).joined(separator: "\n")
    var sink = CollectingTraceSink()
    try ScenarioRunner.run(try ScenarioRunner.load(source, file: "engine.scenario"), into: &sink)
    var callbacks: [String: [String]] = [:]
    for record in sink.records {
        if case .callback(let app, let callback, _) = record.event, logged.contains(callback) {
            callbacks[app.rawValue, default: []].append(callback.selector)
        }
    }
    return callbacks
}

/// The supervisor with real processes: the callbacks each process runs are the engine's, a suspended process
/// really stops, ended processes are gone, the watchdog and the budget are real, and nothing outlives the
/// supervisor.
@Suite(.serialized) struct SupervisorTests {
    static let session = [
        "tap alpha", "home", "tap beta", "switcher", "pick alpha", "switcher", "swipe beta", "pick alpha", "lock",
        "unlock", "home", "tap gamma", "notification-center", "dismiss", "memory-warning",
    ]

    @Test(arguments: ["cgroup", "signals"])
    func theProcessesRunTheEnginesCallbacks(freezer: String) async throws {
        let run = try SupervisorRun(
            profile: "ios12", apps: [("alpha", []), ("beta", []), ("gamma", [])], extra: ["--freezer", freezer])
        for action in Self.session {
            #expect(run.ctl(action.split(separator: " ").map(String.init)).status == 0, "\(action)")
        }
        let engine = try engineCallbacks(profile: "ios12", apps: run.apps, actions: Self.session)
        for app in run.apps {
            #expect(await run.wait { run.log(of: app) == engine[app, default: []] }, "\(app): \(run.log(of: app))")
        }
        #expect(run.status(of: "alpha").contains("suspended"))
        #expect(run.status(of: "alpha").hasSuffix("frozen"))
        #expect(run.ctl("status").output.hasPrefix("freezer: \(freezer)"))
    }

    @Test func aSuspendedProcessReallyStopsAndAnEndedOneIsGone() async throws {
        let counter = FileManager.default.temporaryDirectory.appendingPathComponent("count-\(UUID())").path
        defer { unlink(counter) }
        let run = try SupervisorRun(apps: [("alpha", ["--counter", counter]), ("beta", [])])
        run.ctl("tap", "alpha")
        let count = { (try? String(contentsOfFile: counter, encoding: .utf8)).flatMap { Int($0) } ?? 0 }
        #expect(await run.wait { count() > 2 })
        run.ctl("home")
        #expect(await run.wait { run.status(of: "alpha").hasSuffix("frozen") })
        let pid = try #require(run.pid(of: "alpha"))
        let frozenCount = count()
        try await Task.sleep(for: .milliseconds(300))
        #expect(count() == frozenCount, "a frozen process counts no further")
        run.ctl("tap", "alpha")
        #expect(await run.wait { count() > frozenCount })
        run.ctl("switcher")
        run.ctl("swipe", "alpha")
        #expect(await run.wait { kill(pid, 0) != 0 && errno == ESRCH }, "a swiped app's process is gone")
        #expect(run.status(of: "alpha").contains("notRunning  no process"))
    }

    @Test func theWatchdogKillsAProcessStuckInDidEnterBackground() async throws {
        let run = try SupervisorRun(apps: [("stuck", ["--slow", "applicationDidEnterBackground:", "30"])])
        run.ctl("tap", "stuck")
        let pid = try #require(run.pid(of: "stuck"))
        run.ctl("home")
        #expect(await run.wait(8) { kill(pid, 0) != 0 && errno == ESRCH })
        #expect(run.trace.contains(#""from":"background","to":"notRunning","reason":"watchdog""#))
        #expect(
            run.trace.contains(
                "watchdog: applicationDidEnterBackground: did not finish within 5 s"))
    }

    @Test func aBackgroundTaskExpiresOnTheRealClock() async throws {
        // iOS 13's budget is 30 s: the expiration handler runs at 25 s and ends the task. That the handler ran shows the
        // task held the app in the background until then: a look at its state 2 s after Home failed on a loaded
        // machine, where those 2 s took longer than the budget.
        let run = try SupervisorRun(profile: "ios13", apps: [("syncer", ["--task", "600"])])
        run.ctl("tap", "syncer")
        run.ctl("home")
        #expect(await run.wait(60) { run.status(of: "syncer").contains("suspended") })
        #expect(run.log(of: "syncer").last == "applicationDidEnterBackground:")
        let output = try String(contentsOf: run.folder.appendingPathComponent("out/syncer.log"), encoding: .utf8)
        #expect(output.contains("expiration handler"))
    }

    /// `--format chrome-trace`: the supervisor's real times, a process per launch, its background time counted
    /// down, and the document whole once the supervisor stops on SIGTERM.
    @Test func theSupervisorWritesAChromeTraceOfRealTime() async throws {
        let run = try SupervisorRun(
            profile: "ios13", apps: [("syncer", ["--task", "1"])], extra: ["--format", "chrome-trace"])
        run.ctl("tap", "syncer")
        run.ctl("home")
        #expect(await run.wait(10) { run.status(of: "syncer").contains("suspended") })
        run.process.terminate()
        run.process.waitUntilExit()
        let object = try JSONSerialization.jsonObject(with: Data(run.trace.utf8)) as? [String: Any]
        let events = try #require(object?["traceEvents"] as? [[String: Any]])
        #expect(
            events.contains {
                $0["name"] as? String == "process_name"
                    && ($0["args"] as? [String: Any])?["name"] as? String == "syncer"
            })
        let states = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["name"] as? String }
        #expect(states.contains("active") && states.contains("background"))
        // The task ran about a second of real time, and the budget started at 30 s and fell with it.
        let counters = events.filter { $0["ph"] as? String == "C" }.compactMap {
            (($0["args"] as? [String: Any])?["seconds"] as? NSNumber)?.doubleValue
        }
        #expect(counters.first.map { $0 > 29 && $0 <= 30 } == true, "\(counters)")
        #expect(counters.last == 0)
        let work = events.filter { $0["ph"] as? String == "e" && $0["cat"] as? String == "background task" }
        let begun = events.filter { $0["ph"] as? String == "b" && $0["cat"] as? String == "background task" }
        let duration =
            ((work.first?["ts"] as? NSNumber)?.doubleValue ?? 0) - ((begun.first?["ts"] as? NSNumber)?.doubleValue ?? 0)
        #expect(duration > 500_000 && duration < 10_000_000, "the task took \(duration) µs of real time")
    }

    @Test func memoryPressureThroughCtlEndsSuspendedApps() async throws {
        let run = try SupervisorRun(apps: [("alpha", []), ("beta", [])])
        run.ctl("tap", "alpha")
        run.ctl("home")
        run.ctl("tap", "beta")
        let alpha = try #require(run.pid(of: "alpha"))
        #expect(run.ctl("memory-pressure").status == 0)
        #expect(await run.wait { kill(alpha, 0) != 0 && errno == ESRCH })
        #expect(run.trace.contains(#""app":"alpha","from":"suspended","to":"notRunning","reason":"memory""#))
        #expect(run.status(of: "beta").contains("active"))
    }

    @Test func aProcessThatCrashesIsNotRunningWithReasonCrash() async throws {
        let run = try SupervisorRun(apps: [("fragile", ["--crash-after", "0.5"])])
        run.ctl("tap", "fragile")
        #expect(await run.wait { run.status(of: "fragile").contains("notRunning") })
        #expect(run.trace.contains(#""reason":"crash""#))
    }

    @Test func nothingOutlivesTheSupervisorAndARestartStartsClean() async throws {
        let run = try SupervisorRun(apps: [("alpha", []), ("beta", [])])
        run.ctl("tap", "alpha")
        run.ctl("home")
        run.ctl("tap", "beta")
        let pids = [run.pid(of: "alpha"), run.pid(of: "beta")].compactMap { $0 }
        #expect(pids.count == 2)
        kill(run.process.processIdentifier, SIGKILL)
        run.process.waitUntilExit()
        // The frozen app dies with its supervisor too, thawed by nobody: the next supervisor clears it.
        let again = try SupervisorRun(apps: [("alpha", [])])
        #expect(
            await again.wait { pids.allSatisfy { kill($0, 0) != 0 && errno == ESRCH } },
            "no app outlived its supervisor")
        #expect(again.status(of: "alpha").contains("notRunning"))
    }

    @Test func aStrangerCannotSpeakForAnApp() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])])
        run.ctl("tap", "alpha")
        let descriptor = try UnixSocket.connect(to: run.folder.appendingPathComponent("sock/apps.sock").path)
        for line in [#"{"hello":{"app":{"rawValue":"alpha"}}}"#, "not json at all"] {
            // MSG_NOSIGNAL: the supervisor may already have closed the connection after the first line.
            _ = Array((line + "\n").utf8).withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
        }
        var byte: UInt8 = 0
        #expect(recv(descriptor, &byte, 1, 0) == 0, "the supervisor closes the connection")
        close(descriptor)
        #expect(run.ctl("home").status == 0, "and goes on")
        #expect(await run.wait { run.status(of: "alpha").contains("suspended") })
    }

    @Test func theAppOutputFolderIsMadeWithItsParents() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])], output: "not/yet/there")
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(
            await run.wait {
                FileManager.default.fileExists(
                    atPath: run.folder.appendingPathComponent("not/yet/there/alpha.log").path)
            })
        #expect(await run.wait { run.status(of: "alpha").contains("active") })
    }

    @Test func anAppOutputFolderThatCannotBeMadeIsRefusedAtStart() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])], output: "device.lifecycle/out")
        #expect(await run.wait { !run.process.isRunning })
        #expect(run.process.terminationStatus == 2)
        let log = try String(contentsOf: run.folder.appendingPathComponent("supervisor.log"), encoding: .utf8)
        #expect(log.contains("--app-output \(run.folder.path)/device.lifecycle/out: cannot make the folder"), "\(log)")
    }

    /// A process that cannot be started is a crash at once, told to `ctl`, with its cause in the trace — not a
    /// launch watchdog 20 s later for a process that never existed.
    @Test func anAppWhoseProcessCannotStartCrashesAtOnce() async throws {
        let run = try SupervisorRun(apps: [("alpha", []), ("beta", [])])
        // Its output file cannot be opened: a folder stands where it would be.
        try FileManager.default.createDirectory(
            at: run.folder.appendingPathComponent("out/alpha.log"), withIntermediateDirectories: true)
        let tap = run.ctl("tap", "alpha")
        #expect(tap.status == 1)
        #expect(
            tap.output.contains("alpha: the process could not be started: cannot open its output file "),
            "\(tap.output)")
        #expect(tap.output.contains("alpha.log: Is a directory"), "\(tap.output)")
        #expect(run.status(of: "alpha").contains("notRunning  no process"))
        #expect(run.trace.contains(#""reason":"crash""#))
        #expect(!run.trace.contains("watchdog"))
        #expect(
            !run.trace.contains(#""kind":"callback","app":"alpha""#), "no callback reached a process that never ran")
        // The phone goes on: another app launches.
        #expect(run.ctl("tap", "beta").status == 0)
        #expect(run.status(of: "beta").contains("active"))
    }

    @Test func anExecutableThatCannotRunCrashesAtOnce() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])], executables: ["alpha": "/nonexistent/app"])
        let tap = run.ctl("tap", "alpha")
        #expect(tap.status == 1)
        #expect(
            tap.output.contains(
                "alpha: the process could not be started: /nonexistent/app: cannot start it: No such file"),
            "\(tap.output)")
        #expect(run.status(of: "alpha").contains("notRunning"))
    }

    /// The example's binary says hello as the bundle identifier of its own Info.plist: declared under another id,
    /// it is refused, with both ids and the fix, and it ends as a crash at once.
    @Test func aProcessThatSaysItIsAnotherAppIsRefused() async throws {
        let example = ChildProcess.executable("logging-app").path
        let run = try SupervisorRun(apps: [("app1", [])], executables: ["app1": example])
        let tap = run.ctl("tap", "app1")
        #expect(tap.status == 1)
        #expect(tap.output.contains("app1: its process (pid "), "\(tap.output)")
        #expect(tap.output.contains("says it is 'com.example.logging-app'"), "\(tap.output)")
        #expect(tap.output.contains("'app com.example.logging-app executable=…'"), "\(tap.output)")
        #expect(run.status(of: "app1").contains("notRunning  no process"))
        #expect(run.trace.contains(#""reason":"crash""#))
        #expect(!run.trace.contains("watchdog"))
        #expect(!run.trace.contains(#""kind":"callback","app":"app1""#), "its launch methods were never delivered")
    }

    /// A real process's keychain outlives it, in the app's support directory; the supervisor tells each process what
    /// data protection lets it read, so a launch before the first unlock after a restart finds its item locked
    /// (docs/lifecycle.md §21).
    @Test func aProcessKeychainOutlivesItAndIsLockedUntilTheFirstUnlock() async throws {
        let support = FileManager.default.temporaryDirectory.appendingPathComponent("keychain-\(UUID())")
        defer { try? FileManager.default.removeItem(at: support) }
        let run = try SupervisorRun(apps: [("alpha", ["--keychain", "--support", support.path])])
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(
            await run.wait { run.output(of: "alpha").contains("keychain: launch 1\n") }, "\(run.output(of: "alpha"))")
        #expect(run.ctl("switcher").status == 0)
        #expect(run.ctl("swipe", "alpha").status == 0)
        let home = run.ctl("home")
        #expect(home.status == 0, "\(home.output)")
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(
            await run.wait { run.output(of: "alpha").contains("keychain: launch 2\n") }, "\(run.output(of: "alpha"))")
        #expect(run.ctl("restart").status == 0)
        #expect(await run.wait { run.pid(of: "alpha") == nil })
        // A background download launches it before the first unlock: its AfterFirstUnlock item is locked.
        #expect(run.ctl("download", "alpha").status == 0)
        #expect(
            await run.wait { run.output(of: "alpha").contains("keychain: errSecInteractionNotAllowed\n") },
            "\(run.output(of: "alpha"))")
        #expect(run.trace.contains(#""reason":"restart""#))
        // Unlocked, a new process reads it again.
        #expect(run.ctl("unlock").status == 0)
        #expect(run.ctl("memory-pressure").status == 0)
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(
            await run.wait { run.output(of: "alpha").contains("keychain: launch 3\n") }, "\(run.output(of: "alpha"))")
    }

    /// A launch right after a kill, before the reaper (every 20 ms) has collected the killed process, starts a new
    /// one: it used to talk to the dead process, and the launch watchdog killed the app (the explorer found it).
    @Test func anAppLaunchedAtOnceAfterAKillGetsANewProcess() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])])
        let file = run.folder.appendingPathComponent("play.scenario")
        try "tap alpha\nhome\nmemory-pressure 1\ntap alpha\nexpect alpha active\n".write(
            to: file, atomically: true, encoding: .utf8)
        let played = run.ctl("play", file.path)
        #expect(played.status == 0, "\(played.output)")
        #expect(!run.trace.contains("watchdog"))
    }

    @Test func aPlayedScenarioChecksItsExpectationsAndItsTraceFitsTheModel() async throws {
        let run = try SupervisorRun(apps: [("alpha", []), ("beta", [])])
        let file = run.folder.appendingPathComponent("play.scenario")
        try """
        # played on the real phone
        tap alpha
        home
        wait 500ms
        expect alpha suspended
        tap beta
        expect beta background
        """.write(to: file, atomically: true, encoding: .utf8)
        let played = run.ctl("play", file.path)
        #expect(played.status == 1)
        #expect(
            played.output.contains(
                "play.scenario:7:1: expectation failed: expected beta to be background, but it is active"))
        run.ctl("home")
        _ = await run.wait { run.status(of: "beta").contains("suspended") }
        let check = Process()
        check.executableURL = ChildProcess.executable("lifecycle")
        check.arguments = ["check", run.folder.appendingPathComponent("trace.jsonl").path]
        check.standardOutput = FileHandle.nullDevice
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "lifecycle check holds the real run against the model")
    }

    /// Several scenes of one real process (docs/lifecycle.md §16): an iPad app's second window side by side and an
    /// external display's scene, each carried out by the supervisor as the engine does, the process running
    /// every scene-delegate method the engine calls, in the engine's order.
    @Test func aRealProcessRunsTheScenesOfItsWindowsAndOfADisplay() async throws {
        let arguments = ["--scenes", "--multiple-windows"]
        let manifest = """
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
            """
        let run = try SupervisorRun(
            profile: "ios17", device: "ipad", apps: [("alpha", arguments)], infos: ["alpha": manifest])
        let actions = [
            "tap alpha", "new-window alpha split", "connect-display alpha", "home", "tap alpha", "close-window alpha#2",
            "disconnect-display",
        ]
        for action in actions {
            #expect(run.ctl(action.split(separator: " ").map(String.init)).status == 0, "\(action)")
        }
        let logged: Set<Callback> = [
            .didFinishLaunching, .sceneWillConnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground,
        ]
        let source =
            (["profile ios17", "device ipad", "app alpha scenes multiple-windows memory=1MB"] + actions)
            .joined(separator: "\n")
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(try ScenarioRunner.load(source, file: "engine.scenario"), into: &sink)
        let engine = sink.records.compactMap { record -> String? in
            switch record.event {
            case .callback(_, let callback, _) where logged.contains(callback): callback.selector
            case .sceneCallback(_, _, let callback, _) where logged.contains(callback): callback.selector
            default: nil
            }
        }
        #expect(engine.filter { $0 == "scene:willConnectToSession:options:" }.count == 3)
        #expect(await run.wait { run.log(of: "alpha") == engine }, "\(run.log(of: "alpha"))")
        #expect(run.status(of: "alpha").contains("active"))
    }

    /// Two real processes on an iPad's screen at once (docs/lifecycle.md §16): another app's window beside the one in
    /// front, both active and both running (neither frozen); Home sends both to the background, and both are frozen.
    @Test func twoRealProcessesShareTheScreen() async throws {
        let counters = ["alpha", "beta"].map {
            FileManager.default.temporaryDirectory.appendingPathComponent("count-\($0)-\(UUID())").path
        }
        defer { counters.forEach { unlink($0) } }
        let manifest = "<key>UIApplicationSceneManifest</key><dict></dict>"
        let run = try SupervisorRun(
            profile: "ios18", device: "ipad",
            apps: [
                ("alpha", ["--scenes", "--counter", counters[0]]), ("beta", ["--scenes", "--counter", counters[1]]),
            ],
            infos: ["alpha": manifest, "beta": manifest])
        let count = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)).flatMap { Int($0) } ?? 0 }
        for action in ["tap alpha", "new-window beta split", "focus alpha#1"] {
            #expect(run.ctl(action.split(separator: " ").map(String.init)).status == 0, "\(action)")
        }
        #expect(
            await run.wait { run.status(of: "alpha").contains("active") && run.status(of: "beta").contains("active") })
        let before = counters.map(count)
        #expect(await run.wait { zip(counters.map(count), before).allSatisfy { $0 > $1 } }, "both processes run")
        #expect(!run.status(of: "alpha").hasSuffix("frozen"))
        #expect(!run.status(of: "beta").hasSuffix("frozen"))
        run.ctl("home")
        #expect(
            await run.wait { run.status(of: "alpha").hasSuffix("frozen") && run.status(of: "beta").hasSuffix("frozen") }
        )
    }

    /// An app delegate written with UIKit's names (`@main class AppDelegate: UIResponder, UIApplicationDelegate`,
    /// behind the three lines that choose UIKit or LifecycleUIKit) runs under the supervisor as LifecycleKit's port
    /// does: it hears the engine's callbacks, in the engine's order.
    @Test func anAppDelegateInUIKitNamesRunsUnderTheSupervisor() async throws {
        let app = "com.example.uikit-logging-app"
        let run = try SupervisorRun(
            profile: "ios17", apps: [(app, [])],
            executables: [app: ChildProcess.executable("uikit-logging-app").path], infos: [app: ""])
        for action in ["tap \(app)", "home", "tap \(app)", "switcher", "swipe \(app)"] {
            #expect(run.ctl(action.split(separator: " ").map(String.init)).status == 0, "\(action)")
        }
        let expected = [
            "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:",
            "applicationWillResignActive:", "applicationDidEnterBackground:", "applicationWillEnterForeground:",
            "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
            "applicationWillTerminate:",
        ]
        let logged = {
            ((try? String(contentsOf: run.folder.appendingPathComponent("out/\(app).log"), encoding: .utf8)) ?? "")
                .split(separator: "\n").compactMap { line in line.range(of: "] ").map { String(line[$0.upperBound...]) }
                }
        }
        #expect(await run.wait { logged() == expected }, "\(logged())")
    }

    /// Xcode's iOS 13+ template, built behind the three import lines, under the supervisor: the supervisor reads its
    /// scene manifest, and the process makes the template's `SceneDelegate` by the name its Info.plist gives.
    @Test func theSceneTemplateRunsUnderTheSupervisor() async throws {
        let app = "com.example.scene-app"
        let manifest = """
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><false/></dict>
            """
        let run = try SupervisorRun(
            profile: "ios17", apps: [(app, [])],
            executables: [app: ChildProcess.executable("uikit-scene-app").path], infos: [app: manifest])
        for action in ["tap \(app)", "home", "tap \(app)"] {
            #expect(run.ctl(action.split(separator: " ").map(String.init)).status == 0, "\(action)")
        }
        #expect(await run.wait { run.status(of: app).contains("active") }, "\(run.status(of: app))")
        let connected =
            #""kind":"callback","app":"\#(app)","scene":"\#(app)#1","name":"scene:willConnectToSession:options:""#
        #expect(run.trace.contains(connected), "\(run.trace)")
        #expect(run.trace.components(separatedBy: #""name":"sceneDidBecomeActive:""#).count == 3)
    }

    /// Xcode's SwiftUI template (XcodeTemplates/SwiftUIApp) under the supervisor: SwiftUI's delegates get the
    /// engine's callbacks, and what SwiftUI does in the process (a phase its views and its `App` read, docs/lifecycle.md
    /// §22) reaches the supervisor's trace as the app's notes, each change before the process is stopped.
    @Test func theSwiftUITemplateRunsUnderTheSupervisor() async throws {
        // Xcode generates the template's Info.plist; with none beside it, the process is its module, lowercased.
        let app = "swiftuiapp"
        let manifest = """
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
            """
        let run = try SupervisorRun(
            profile: "ios17", apps: [(app, [])],
            executables: [app: ChildProcess.executable("swiftui-app").path], infos: [app: manifest])
        let notes = {
            run.trace.split(separator: "\n").compactMap { line -> String? in
                guard line.contains(#""kind":"note","app":"\#(app)""#),
                    let start = line.range(of: #""text":"SwiftUI: "#),
                    let end = line.range(of: "\"}", options: .backwards)
                else { return nil }
                return String(line[start.upperBound..<end.lowerBound])
            }
        }
        let scene = "\(app)#1"
        let expected = [
            "\(scene)'s views appear, reading scenePhase inactive", "the App's scenePhase background → inactive",
            "\(scene)'s scenePhase inactive → active", "the App's scenePhase inactive → active",
            "\(scene)'s scenePhase active → inactive", "the App's scenePhase active → inactive",
            "\(scene)'s scenePhase inactive → background", "the App's scenePhase inactive → background",
            "\(scene)'s scenePhase background → inactive", "the App's scenePhase background → inactive",
            "\(scene)'s scenePhase inactive → active", "the App's scenePhase inactive → active",
        ]
        #expect(run.ctl("tap", app).status == 0)
        #expect(await run.wait { notes().count >= 4 }, "\(notes())")
        #expect(run.ctl("home").status == 0)
        #expect(await run.wait { run.status(of: app).contains("suspended") }, "\(run.status(of: app))")
        #expect(notes() == Array(expected.prefix(8)), "the phases were read before the process was stopped")
        #expect(run.ctl("tap", app).status == 0)
        #expect(await run.wait { notes().count >= expected.count }, "\(notes())")
        #expect(notes() == expected)
    }

    /// A real process's refresh task (docs/lifecycle.md §17): its code registers the launch handler and submits
    /// the request; the system runs it at `bgtask-launch`, the process runs the handler, and it is suspended once
    /// its code completes the task.
    @Test func aRealProcessRunsItsScheduledTask() async throws {
        let keys = """
            <key>UIBackgroundModes</key><array><string>fetch</string></array>\
            <key>BGTaskSchedulerPermittedIdentifiers</key><array><string>com.alpha.refresh</string></array>
            """
        let run = try SupervisorRun(
            profile: "ios17", apps: [("alpha", ["--bgtask", "com.alpha.refresh"])], infos: ["alpha": keys])
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(run.ctl("home").status == 0)
        #expect(await run.wait { run.status(of: "alpha").contains("suspended") }, "\(run.status(of: "alpha"))")
        let launched = run.ctl("bgtask-launch", "alpha", "com.alpha.refresh")
        #expect(launched.status == 0, "\(launched.output)")
        let output = {
            (try? String(contentsOf: run.folder.appendingPathComponent("out/alpha.log"), encoding: .utf8)) ?? ""
        }
        #expect(await run.wait { output().contains("task completed") }, "\(output())")
        #expect(output().contains("launch handler com.alpha.refresh"))
        #expect(await run.wait { run.status(of: "alpha").contains("suspended") }, "\(run.status(of: "alpha"))")
        #expect(
            run.trace.contains(#""kind":"task","app":"alpha","identifier":"com.alpha.refresh","name":"launchHandler""#))
        #expect(await run.wait { run.trace.contains(#""name":"setTaskCompleted","success":true"#) }, "\(run.trace)")
    }

    /// A real process that set a notification delegate hears a notification `ctl` sends and the user's tap on it,
    /// through the supervisor (docs/lifecycle.md §18).
    @Test func aRealProcessHearsANotificationTapThroughItsDelegate() async throws {
        let run = try SupervisorRun(profile: "ios17", apps: [("alpha", ["--notifications"])])
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(run.ctl("home").status == 0)
        #expect(await run.wait { run.status(of: "alpha").contains("suspended") }, "\(run.status(of: "alpha"))")
        #expect(run.ctl("notify", "alpha").status == 0)
        let tapped = run.ctl("notification-tap", "alpha")
        #expect(tapped.status == 0, "\(tapped.output)")
        let output = {
            (try? String(contentsOf: run.folder.appendingPathComponent("out/alpha.log"), encoding: .utf8)) ?? ""
        }
        #expect(await run.wait { output().contains("didReceive \(Phone.defaultActionIdentifier)") }, "\(output())")
        #expect(await run.wait { run.status(of: "alpha").contains("active") }, "\(run.status(of: "alpha"))")
    }

    /// The app's own code asks the supervisor for a window: granted on an iPad to an app with several windows
    /// (its second scene connects in the process), refused to one without, through its error handler.
    @Test func aRealProcessAsksForAWindow() async throws {
        let manifest = { (several: Bool) in
            "<key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key>"
                + (several ? "<true/>" : "<false/>") + "</dict>"
        }
        let run = try SupervisorRun(
            profile: "ios17", device: "ipad",
            apps: [
                ("alpha", ["--scenes", "--multiple-windows", "--open-window-after", "200"]),
                ("beta", ["--scenes", "--open-window-after", "200"]),
            ],
            infos: ["alpha": manifest(true), "beta": manifest(false)])
        #expect(run.ctl("tap", "alpha").status == 0)
        #expect(
            await run.wait {
                run.log(of: "alpha").filter { $0 == "scene:willConnectToSession:options:" }.count == 2
            }, "\(run.log(of: "alpha"))")
        // The new window comes forward full screen; the one it covers goes last (its lines may still be on their way).
        #expect(
            await run.wait {
                run.log(of: "alpha").suffix(3) == [
                    "sceneDidBecomeActive:", "sceneWillResignActive:", "sceneDidEnterBackground:",
                ]
            }, "\(run.log(of: "alpha"))")
        #expect(run.ctl("home").status == 0)
        #expect(run.ctl("tap", "beta").status == 0)
        let refusal = "beta has one window and no more (declare it with 'scenes multiple-windows')"
        let text = {
            (try? String(contentsOf: run.folder.appendingPathComponent("out/beta.log"), encoding: .utf8)) ?? ""
        }
        #expect(await run.wait { text().contains("refused: " + refusal) }, "\(text())")
    }

    @Test func theKernelsKillerAgreesWithThePolicy() async throws {
        let run = try SupervisorRun(apps: [("alpha", [])])
        run.ctl("tap", "alpha")
        let pid = try #require(run.pid(of: "alpha"))
        let score = {
            (try? String(contentsOfFile: "/proc/\(pid)/oom_score_adj", encoding: .utf8))?.trimmingCharacters(
                in: .whitespacesAndNewlines)
        }
        #expect(await run.wait { score() == "0" })
        run.ctl("home")
        #expect(await run.wait { score() == "900" })
    }

    /// Whether this machine can confine a memory hog to a cgroup (the memory controller in cgroup v2) so that it
    /// stalls on memory and the kernel reports pressure, without starving the machine.
    static let kernelPressureIsPossible: Bool = {
        guard
            let mount = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8))?
                .split(separator: "\n").first(where: { $0.contains(" - cgroup2 ") })?.split(separator: " ")[4]
        else { return false }
        let controllers = (try? String(contentsOfFile: "\(mount)/cgroup.controllers", encoding: .utf8)) ?? ""
        return controllers.split(separator: " ").contains { $0.hasPrefix("memory") }
    }()

    @Test(
        .enabled(
            if: kernelPressureIsPossible,
            "this machine's cgroup v2 has no memory controller: a hog cannot be confined to make kernel pressure"))
    func kernelMemoryPressureEndsASuspendedApp() async throws {
        let run = try SupervisorRun(apps: [("alpha", []), ("beta", [])], extra: ["--pressure", "some 10000 2000000"])
        run.ctl("tap", "alpha")
        run.ctl("home")
        run.ctl("tap", "beta")
        let alpha = try #require(run.pid(of: "alpha"))
        // A hog limited to 64 MB by memory.high stalls on reclaim: memory pressure the kernel reports.
        let hog = Process()
        hog.executableURL = URL(fileURLWithPath: "/bin/sh")
        let cgroup = "/sys/fs/cgroup/lifecycle-hog-\(getpid())"
        hog.arguments = [
            "-c",
            "mkdir \(cgroup) && echo 64M > \(cgroup)/memory.high && echo $$ > \(cgroup)/cgroup.procs && "
                + "python3 -c 'b=[bytearray(1<<20) for _ in range(512)]'",
        ]
        try hog.run()
        defer {
            hog.terminate()
            rmdir(cgroup)
        }
        #expect(await run.wait(30) { kill(alpha, 0) != 0 && errno == ESRCH })
        #expect(run.trace.contains("memory pressure reported by the kernel (PSI)"))
    }
}
