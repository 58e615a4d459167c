import Foundation
import LifecycleCheck
import LifecycleCore
import LifecycleKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every signal the terminal host takes, in every state an example app can be in at a terminal, sent to both
/// examples as real processes: what their delegates log is what the core gives for the same user actions, a
/// suspended process really stays stopped, and a continue is never lost.
@Suite(.serialized) struct TerminalSignalTests {
    /// An example app: its executable and how its code logs what it hears.
    struct Example: CustomTestStringConvertible, Sendable {
        var executable: String
        var infoPlist: String
        var profile: Profile
        /// The line the launch ends with.
        var launched: String
        var testDescription: String { executable }

        static let appDelegate = Example(
            executable: "logging-app", infoPlist: "Examples/LoggingApp/Resources/Info.plist", profile: .ios12,
            launched: "applicationDidBecomeActive:")
        static let sceneDelegate = Example(
            executable: "logging-scene-app", infoPlist: "Examples/LoggingSceneApp/Resources/Info.plist",
            profile: .ios26, launched: "sceneDidBecomeActive(_:)")
        /// The logging app delegate in UIKit's own names (XcodeTemplates/LoggingApp), on LifecycleUIKit's default
        /// profile: it must log what LifecycleKit's port logs.
        static let uikitAppDelegate = Example(
            executable: "uikit-logging-app", infoPlist: "XcodeTemplates/LoggingApp/Resources/Info.plist",
            profile: .ios26, launched: "applicationDidBecomeActive:")
        static let all = [appDelegate, sceneDelegate, uikitAppDelegate]

        /// The package's folder, where the examples' Info.plists are.
        static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        var info: InfoPlist {
            get throws { try InfoPlist(contentsOf: Self.package.appendingPathComponent(infoPlist)) }
        }

        /// What the example's delegates log for these user actions, by the core: the app delegate's six methods
        /// by their selectors, the scene delegate's by their Swift names (as `LoggingSceneDelegate` writes them).
        func logged(for actions: [UserAction]) throws -> [String] {
            let info = try info
            var phone = Phone(profile: profile, apps: [info.configuration(runsHostedCode: false)])
            var lines: [String] = []
            for action in actions {
                guard let performed = try? phone.perform(action) else { continue }
                for step in performed {
                    switch step {
                    case .callback(_, let callback, _) where Self.appDelegateMethods.contains(callback):
                        lines.append(callback.selector)
                    case .sceneCallback(_, _, let callback, _) where Self.sceneMethods.contains(callback):
                        lines.append(callback.swiftName)
                    default: break
                    }
                }
            }
            return lines
        }

        static let appDelegateMethods: Set<Callback> = [
            .didFinishLaunching, .willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive,
            .willTerminate,
        ]
        static let sceneMethods: Set<Callback> = [
            .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground,
        ]
    }

    /// A running example, its support directory in a folder of its own that goes with it.
    final class Running {
        let child: ChildProcess
        let example: Example
        private let home: URL

        init(_ example: Example) throws {
            self.example = example
            home = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-signals-\(UUID())")
            child = try ChildProcess(
                example.executable, mergingStandardError: true, environment: ["XDG_DATA_HOME": home.path])
        }

        deinit {
            if child.process.isRunning {
                kill(child.process.processIdentifier, SIGKILL)
                child.process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: home)
        }

        /// What the example's code logged, in order: the message of each NSLog line, but the scene phases.
        var logged: [String] {
            child.output.compactMap { line in
                guard let close = line.range(of: "] ") else { return nil }
                let message = String(line[close.upperBound...])
                return message.contains("scenePhase") ? nil : message
            }
        }

        /// Starts the example and waits until its launch has ended.
        static func launched(_ example: Example) async throws -> Running {
            let running = try Running(example)
            #expect(await running.waitFor(example.launched, count: 1), "\(example.executable) launched")
            return running
        }

        func count(_ message: String) -> Int { logged.filter { $0 == message }.count }

        /// Waits until the example has logged `message` `count` times.
        func waitFor(_ message: String, count: Int, timeout: Double = 10) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if self.count(message) >= count { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return self.count(message) >= count
        }

        /// Whether the process keeps running (not stopped, not ended) for `seconds`.
        func keepsRunning(for seconds: Double) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if child.isStopped || !child.process.isRunning { return false }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return !child.isStopped && child.process.isRunning
        }

        /// Whether the process stays stopped for `seconds`.
        func staysStopped(for seconds: Double) async -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if !child.isStopped { return false }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return child.isStopped
        }
    }

    /// The user actions the terminal host makes of a signal (no terminal: a continue is always `fg`).
    static func actions(for signal: Int32, app: AppID) -> [UserAction] {
        switch signal {
        case SIGTSTP: [.home]
        case SIGCONT: [.tap(app)]
        case SIGINT: [.openSwitcher, .swipe(app)]
        case SIGTERM: [.terminate(app)]
        case SIGUSR1: [.memoryWarning]
        default: []
        }
    }

    static let signals = [SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGUSR1]

    enum State: String, CaseIterable, Sendable {
        /// In the foreground, running.
        case active
        /// After Ctrl-Z: the process stopped.
        case suspended
    }

    /// Sends `signal` in `state`, then ends the app as a user would (`fg` if it is stopped, Ctrl-C): what the
    /// example logged from its launch to its end is what the core gives for the same actions.
    @Test(arguments: Example.all, State.allCases)
    func everySignal(example: Example, state: State) async throws {
        for signal in Self.signals {
            let running = try await Running.launched(example)
            let child = running.child
            let app = try example.info.bundleIdentifier
            var actions: [UserAction] = [.tap(app)]
            if state == .suspended {
                child.send(SIGTSTP)
                #expect(await child.waitUntilStopped())
                actions.append(.home)
            }
            let name = String(cString: strsignal(signal))
            child.send(signal)
            actions += Self.actions(for: signal, app: app)
            switch (state, signal) {
            case (_, SIGINT), (_, SIGTERM):
                // Ends the app: with its callbacks in the foreground; silently, and without being continued, when
                // suspended (nothing here sends `SIGCONT`). No wall-clock limit: on a loaded machine an exit's
                // seconds say nothing about the host; the log compared below says what ran.
                #expect(await child.exitStatus() == 0, "\(name) in \(state)")
            case (.active, SIGTSTP):
                #expect(await child.waitUntilStopped(), "\(name) in \(state)")
            case (.suspended, _) where signal != SIGCONT:
                // Waits, as every signal waits on a stopped process, until it is continued.
                #expect(await running.staysStopped(for: 0.3), "\(name) in \(state)")
            default:
                #expect(await running.keepsRunning(for: 0.3), "\(name) in \(state)")
            }
            if child.process.isRunning {
                if child.isStopped {
                    child.send(SIGCONT)
                    actions.append(.tap(app))
                    #expect(await running.keepsRunning(for: 0.3), "fg after \(name) in \(state)")
                }
                child.send(SIGINT)
                actions += Self.actions(for: SIGINT, app: app)
                #expect(await child.exitStatus() == 0, "\(name) in \(state)")
            }
            let expected = try example.logged(for: actions)
            #expect(running.logged == expected, "\(name) in \(state)")
        }
    }

    /// The examples hold no background task, so they are never in the background for long: the fixture holds
    /// one (30 s), and hears every signal there, as the core says.
    @Test func everySignalInTheBackground() async throws {
        for signal in Self.signals {
            let child = try ChildProcess("HostFixture", ["--task", "30"])
            let name = String(cString: strsignal(signal))
            #expect(await child.waitFor("applicationDidBecomeActive:"))
            child.send(SIGTSTP)
            #expect(await child.waitFor("applicationDidEnterBackground:"))
            var actions: [UserAction] = [.tap("fixture"), .home]
            child.send(signal)
            actions += Self.actions(for: signal, app: "fixture")
            if signal == SIGINT || signal == SIGTERM {
                #expect(await child.exitStatus() == 0, "\(name) in the background")
            } else {
                try await Task.sleep(for: .milliseconds(300))
                #expect(!child.isStopped && child.process.isRunning, "\(name) in the background")
                child.send(SIGINT)
                actions += Self.actions(for: SIGINT, app: "fixture")
                #expect(await child.exitStatus() == 0, "\(name) in the background")
            }
            var phone = Phone(apps: [
                AppConfiguration(id: "fixture", behavior: AppBehavior(backgroundTaskWork: .seconds(30)))
            ])
            let expected = actions.flatMap { action in
                ((try? phone.perform(action)) ?? []).compactMap { step -> String? in
                    guard case .callback(_, let callback, _) = step, callback != .willFinishLaunching else {
                        return nil
                    }
                    return callback.selector
                }
            }
            #expect(child.output == expected, "\(name) in the background")
        }
    }

    /// A signal handled while the app is suspended (`kill -USR1`, then `fg`) does not stop the process again
    /// over the continue that waits behind it: ten times in a row.
    @Test(arguments: Example.all)
    func aSignalWhileSuspendedKeepsTheContinue(example: Example) async throws {
        let running = try await Running.launched(example)
        let child = running.child
        for round in 1...10 {
            child.send(SIGTSTP)
            #expect(await child.waitUntilStopped(), "round \(round)")
            child.send(SIGUSR1)
            child.send(SIGCONT)
            #expect(await running.waitFor(example.launched, count: round + 1, timeout: 5), "round \(round)")
            #expect(await running.keepsRunning(for: 0.1), "round \(round)")
        }
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
    }

    /// Five Ctrl-Z and `fg` pairs sent back to back, ten times: the app always ends up in the foreground and
    /// running, and what it logged fits the model.
    @Test(arguments: Example.all)
    func pairsOfCtrlZAndFgBackToBack(example: Example) async throws {
        let running = try await Running.launched(example)
        let child = running.child
        for round in 1...10 {
            for _ in 1...5 {
                child.send(SIGTSTP)
                child.send(SIGCONT)
            }
            let settled = Date().addingTimeInterval(5)
            while Date() < settled, child.isStopped || running.logged.last != example.launched {
                try? await Task.sleep(for: .milliseconds(10))
            }
            #expect(await running.keepsRunning(for: 0.2), "round \(round): stopped for good")
            #expect(running.logged.last == example.launched, "round \(round)")
        }
        child.send(SIGINT)
        #expect(await child.exitStatus() == 0)
        let log = running.logged.joined(separator: "\n")
        var output = ""
        var errors = ""
        let outcome = LogCheck().run(
            file: "pairs.log", lines: { log.split(separator: "\n") }, output: &output, errors: &errors)
        #expect(outcome == .success, "\(output)\(errors)")
    }
}
