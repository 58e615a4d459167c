import Dispatch
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleSupervisor
import LifecycleTrace
import Logging

/// Explores a device's real apps under a supervisor (docs/lifecycle.md §19, `lifecycle explore`): the sessions a
/// seed generates, performed on real processes, and what can be seen of them from outside — a process that
/// crashes, the watchdog, a kill for a background task not ended or a completion handler not called — each
/// finding shrunk against fresh processes.
///
/// Each session, and each replay while shrinking, gets a supervisor of its own, so every app starts as a fresh
/// process. The system's clock runs ``timeScale`` times faster than real time: its watchdogs, budgets and the
/// sessions' waits; the apps' own code keeps real time.
public struct ProcessExplorer {
    public let device: DeviceDescription
    let infos: [AppID: InfoPlist]
    /// How often each kind of step comes.
    public var weights = ExplorationWeights()
    /// How many times faster than real time the system's clock runs.
    public var timeScale: Double = 1
    /// How apps are suspended (a cgroup v2 leaf per app, or signals).
    public var freezer: Supervisor.FreezerChoice = .auto
    /// Where each app's output goes (`APP.log`); when `nil`, a folder of each session's own, removed after it.
    public var outputFolder: String?
    /// The apps the sessions act on; every app of the device when empty.
    public var apps: [AppID] = []
    /// The longest wait a session draws, of 1, 5, 10, 20, 30, 180 and 600 s: real time is spent waiting, a
    /// ``timeScale``th of it.
    public var longestWait: Duration = .seconds(600)

    public init(device: DeviceDescription, infos: [AppID: InfoPlist]) {
        self.device = device
        self.infos = infos
    }

    /// Runs `sessions` sessions of up to `actions` steps each from `seed`, telling `progress` after each how many
    /// have run and how many findings there are; each distinct finding (its kind and app) is shrunk and reported
    /// once. Throws when a supervisor cannot start (its sockets, the freezer asked for).
    public func explore(
        sessions: Int, actions: Int, seed: UInt64, progress: (_ sessions: Int, _ findings: Int) -> Void = { _, _ in }
    ) async throws -> ExplorationReport {
        let loop = ExplorationLoop<any Error>(
            runSession: { session in try runSession(session, actions: actions, seed: seed) }, replay: replay,
            scenarioSource: scenarioSource)
        return try await loop.explore(sessions: sessions, actions: actions, seed: seed, progress: progress)
    }

    /// The declarations of a finding's scenario: the device's, without the programs (`lifecycle run` replays it
    /// on the model; the same lines played with `lifecycle ctl play` replay it on the processes).
    var declarations: String {
        var lines = ["profile \(device.profile.rawValue)"]
        lines.append("device \(device.device == .ipad ? "ipad " : "")memory=\(device.memory)MB")
        for app in device.apps {
            lines.append(Self.declaration(of: configuration(of: app.id)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An app's `app` line: what its Info.plist declares that the lifecycle depends on.
    static func declaration(of app: AppConfiguration) -> String {
        var words = ["app", app.id.rawValue]
        if app.usesScenes { words.append("scenes") }
        if app.supportsMultipleWindows { words.append("multiple-windows") }
        if !app.backgroundModes.isEmpty {
            words.append("background-modes=" + app.backgroundModes.map(\.rawValue).sorted().joined(separator: ","))
        }
        if app.exitsOnSuspend { words.append("exits-on-suspend") }
        if !app.permittedTasks.isEmpty {
            // An Info.plist names no kinds, which the language wants: a refresh where the app declares `fetch`,
            // else a processing task (the class of each request the app's code submits decides on the processes).
            let guess: ScheduledTaskKind = app.backgroundModes.contains(.fetch) ? .appRefresh : .processing
            let tasks = app.permittedTasks.map { "\($0.identifier):\(($0.kind ?? guess).rawValue)" }
            words.append("bgtasks=" + tasks.joined(separator: ","))
        }
        return words.joined(separator: " ")
    }

    func scenarioSource(_ commands: [Scenario.Command]) -> String {
        declarations + commands.compactMap(LifecycleExplorer.line(of:)).joined(separator: "\n") + "\n"
    }

    func configuration(of app: AppID) -> AppConfiguration {
        (infos[app] ?? InfoPlist(bundleIdentifier: app)).configuration(runsHostedCode: true)
    }

    /// One generated session on fresh processes, up to its first finding.
    private func runSession(_ session: Int, actions: Int, seed: UInt64) throws -> LifecycleExplorer.Outcome {
        let explored = apps.isEmpty ? device.apps.map(\.id) : apps
        var generator = SessionGenerator(
            seed: LifecycleExplorer.sessionSeed(session, of: seed), weights: weights,
            apps: explored.map(configuration(of:)), longestWait: longestWait)
        let run = try SupervisedRun(self)
        defer { run.stop() }
        var commands: [Scenario.Command] = []
        for _ in 0..<max(0, actions) {
            var performed: Scenario.Command?
            for _ in 0..<12 {
                let command = generator.next(on: run.phone)
                if run.perform(command, line: commands.count + 1) {
                    performed = command
                    break
                }
            }
            let command = performed ?? .wait(.seconds(1))
            if performed == nil { _ = run.perform(command, line: commands.count + 1) }
            commands.append(command)
            if let finding = run.check() { return .init(commands: commands, finding: finding, trace: "") }
        }
        return .init(commands: commands, finding: nil, trace: "")
    }

    /// Steps on fresh processes, those that have become impossible dropped, up to the first finding.
    private func replay(_ commands: [Scenario.Command]) throws -> LifecycleExplorer.Outcome {
        let run = try SupervisedRun(self)
        defer { run.stop() }
        var kept: [Scenario.Command] = []
        for command in commands {
            guard run.perform(command, line: kept.count + 1) else { continue }
            kept.append(command)
            if let finding = run.check() { return .init(commands: kept, finding: finding, trace: run.printedTrace()) }
        }
        return .init(commands: kept, finding: nil, trace: run.printedTrace())
    }
}

/// A supervisor of fresh processes for one session, and what its trace has shown so far.
///
/// `@unchecked Sendable`: `records` is appended to on the supervisor's queue (its record callback) and read only
/// through `supervisor.queue.sync`, so every access is on that queue.
private final class SupervisedRun: @unchecked Sendable {
    let supervisor: Supervisor
    let timeScale: Double
    let apps: [AppID]
    private var records: [TraceRecord] = []
    private var checked = 0
    private let folder: String

    init(_ explorer: ProcessExplorer) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "lifecycle-explore-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
            ).path
        var logger = Logger(label: "lifecycle.explore")
        logger.logLevel = .critical
        timeScale = explorer.timeScale
        apps = explorer.device.apps.map(\.id)
        let options = Supervisor.Options(
            socketFolder: folder, freezer: explorer.freezer, outputFolder: explorer.outputFolder ?? folder + "/output",
            pressureTriggers: [], timeScale: explorer.timeScale)
        var collected: (TraceRecord) -> Void = { _ in }
        supervisor = Supervisor(device: explorer.device, infos: explorer.infos, options: options, logger: logger) {
            collected($0)
        }
        // Weak: the supervisor's queue may still hand over a record (a process's end) after the run is let go.
        collected = { [weak self] record in self?.records.append(record) }
        try supervisor.start()
    }

    func stop() {
        supervisor.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A copy of the supervisor's phone, for the generator.
    var phone: Phone { supervisor.queue.sync { supervisor.phone } }

    /// Performs a step and waits until the apps have answered it; `false`, changing nothing, when it is
    /// impossible now. A wait lets the system's time pass, `timeScale` times faster than real time.
    func perform(_ command: Scenario.Command, line: Int) -> Bool {
        switch command {
        case .perform(let action):
            let done = supervisor.queue.sync { () -> Bool in
                // Tried on a copy first, so that the trace labels only actions that happen, before what they cause.
                var probe = supervisor.phone
                guard (try? probe.perform(action)) != nil else { return false }
                supervisor.label(line, action.scenarioLine ?? "\(action)")
                return (try? supervisor.perform(action)) != nil
            }
            guard done else { return false }
            settle()
            return true
        case .wait(let duration):
            supervisor.queue.sync { supervisor.label(line, "wait \(duration.secondsText)s") }
            Thread.sleep(forTimeInterval: duration.inSeconds / timeScale)
            settle()
            return true
        case .expect, .expectScene:
            return false
        }
    }

    /// Waits until no app is inside a callback, at most the longest watchdog's time.
    private func settle() {
        let idle = DispatchSemaphore(value: 0)
        supervisor.queue.async { [supervisor] in supervisor.whenIdle { idle.signal() } }
        _ = idle.wait(timeout: .now() + 30 / timeScale + 1)
    }

    /// The first finding among the records since the last check: a fault the core noted, a process that ended
    /// on its own.
    func check() -> LifecycleExplorer.Found? {
        supervisor.queue.sync {
            defer { checked = records.count }
            var lastNote: [AppID: String] = [:]
            for record in records[checked...] {
                switch record.event {
                case .note(let app?, let text):
                    if let kind = LifecycleExplorer.Watch.kind(ofNote: text) {
                        return LifecycleExplorer.Found(kind: kind, app: app, detail: text)
                    }
                    lastNote[app] = text
                case .transition(let app, _, .notRunning, .crash):
                    return LifecycleExplorer.Found(
                        kind: .crash, app: app, detail: lastNote[app] ?? "its process ended on its own")
                default:
                    break
                }
            }
            return nil
        }
    }

    /// The trace so far, as `lifecycle run` prints it.
    func printedTrace() -> String {
        supervisor.queue.sync { records.printed(as: .text, apps: apps) }
    }
}
