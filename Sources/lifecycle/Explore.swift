import ArgumentParser
import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleSupervisor
import LifecycleTesting

extension Lifecycle {
    struct Explore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explore",
            abstract: "Look for lifecycle bugs in a device's real apps: random sessions, each finding shrunk.",
            discussion: """
                Runs sessions a seed generates — taps, Home, the switcher, calls, locks, memory pressure, background \
                events, URLs, waits — on the device's apps as real processes under a supervisor, a fresh one for \
                each session, and reports what can be seen from outside: a process that crashes, the watchdog, a \
                kill for a background task not ended or a completion handler not called. Each finding is shrunk \
                against fresh processes to the shortest scenario that still shows it. Progress goes to standard \
                error, the report to standard output; the exit status is 1 when anything was found. \
                See docs/testing.md, "Exploring real processes".
                """
        )

        @Argument(help: "The device description: its profile, memory and apps (app ID executable=PATH info=PATH).")
        var device: String

        @Option(help: "An app the sessions act on (repeatable); all of the device's by default.")
        var app: [String] = []

        @Option(help: "How many sessions to run.")
        var sessions = 20

        @Option(help: "The most steps in a session.")
        var actions = 30

        @Option(help: "The seed: the same seed gives the same sessions.")
        var seed: UInt64 = 1

        @Option(help: "How many times faster than real time the system's clocks run (watchdogs, budgets, waits).")
        var timeScale: Double = 1

        @Option(help: "The longest wait in seconds a session draws, of 1, 5, 10, 20, 30, 180 and 600.")
        var longestWait = 600

        @Option(help: "How to suspend apps: auto, cgroup (a cgroup v2 leaf per app) or signals (SIGSTOP).")
        var freezer: Supervisor.FreezerChoice = .auto

        @Option(help: "A folder for each app's output (APP.log); by default it is thrown away.")
        var appOutput: String?

        func validate() throws {
            guard sessions >= 1 else { throw ValidationError("--sessions must be at least 1") }
            guard actions >= 1 else { throw ValidationError("--actions must be at least 1") }
            guard longestWait >= 1 else { throw ValidationError("--longest-wait must be at least 1 (second)") }
            guard timeScale >= 1, timeScale <= 1_000, timeScale.isFinite else {
                throw ValidationError("--time-scale must be from 1 to 1000")
            }
        }

        func run() async throws {
            let (description, infos) = try Supervise.load(device)
            let known = Set(description.apps.map(\.id.rawValue))
            for name in app where !known.contains(name) {
                Terminal.printError(
                    "lifecycle explore: --app \(name): the device has no such app; it has "
                        + description.apps.map(\.id.rawValue).joined(separator: ", "))
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            var explorer = ProcessExplorer(device: description, infos: infos)
            explorer.apps = app.map { AppID($0) }
            explorer.timeScale = timeScale
            explorer.longestWait = .seconds(longestWait)
            explorer.freezer = freezer
            explorer.outputFolder = appOutput
            let report: ExplorationReport
            do {
                report = try await explorer.explore(sessions: sessions, actions: actions, seed: seed) { done, found in
                    Terminal.printError("explored \(done) of \(sessions) sessions; \(found) found")
                }
            } catch {
                Terminal.printError("lifecycle explore: \(error)")
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            try Terminal.print(report.description + "\n")
            if !report.findings.isEmpty { throw ExitCode(1) }
        }
    }
}
