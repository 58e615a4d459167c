import Foundation
import LifecycleCore
import LifecycleSimulator
import LifecycleTrace
import TestSupport
import Testing

@testable import LifecycleTerminal

#if canImport(Glibc)
    import Glibc
#endif

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
        // The task's own output shows that it held the app in the background: a stopped process prints nothing,
        // and nothing here continues it. No look at the process's state at a given time, which a loaded machine
        // can make late (the 3 s task once took 22 s of a CI run).
        let child = try ChildProcess("HostFixture", ["--task", "3"])
        #expect(await child.waitFor("applicationDidBecomeActive:"))
        child.send(SIGTSTP)
        #expect(await child.waitFor("applicationDidEnterBackground:"))
        #expect(await child.waitFor("task done", timeout: 60), "the task holds the app in the background")
        #expect(await child.waitUntilStopped(timeout: 60), "and the app is suspended once it ends")
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
