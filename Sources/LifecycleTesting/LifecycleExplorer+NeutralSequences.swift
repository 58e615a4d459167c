import LifecycleCore
import LifecycleScenario

extension LifecycleExplorer {
    /// A sequence of steps that should change nothing the app shows (Thor's "neutral" life-cycle sequences,
    /// docs/lifecycle.md §19), given the app in front, if one is.
    public struct NeutralSequence: Sendable {
        public var name: String
        let steps: @Sendable (AppID?) -> [UserAction]?

        /// Home, then a tap back to the app that was in front.
        public static let homeAndReturn = NeutralSequence(name: "Home and return") { front in
            front.map { [.home, .tap($0)] }
        }
        /// Lock, then unlock.
        public static let lockAndUnlock = NeutralSequence(name: "lock and unlock") { _ in [.lock, .unlock] }
        /// Notification Center pulled down, then closed.
        public static let notificationCenter = NeutralSequence(name: "Notification Center") { _ in
            [.openNotificationCenter, .dismiss]
        }
        /// Home, the system purging every suspended app, then a tap back.
        public static let purgeAndReturn = NeutralSequence(name: "purge and return") { front in
            front.map { [.home, .memoryPressure(count: nil), .tap($0)] }
        }
        /// A call, declined.
        public static let declinedCall = NeutralSequence(name: "a declined call") { _ in [.incomingCall, .declineCall] }

        public static let all: [NeutralSequence] = [
            .homeAndReturn, .lockAndUnlock, .notificationCenter, .purgeAndReturn, .declinedCall,
        ]
    }

    /// Runs an existing scenario's actions (on the explorer's declarations) once as written, then again with each
    /// neutral sequence inserted after each line, and reports where the app's own checks — its snapshots, its
    /// invariants, the scenario's `expect` lines, the explorer's findings — come out differently than without it.
    ///
    /// - Throws: the scenario's mistakes, located as in a file.
    public func checkNeutralSequences(
        in source: String, file: String = "scenario", sequences: [NeutralSequence] = NeutralSequence.all
    ) async throws(ScenarioErrors) -> ExplorationReport {
        var parser = ScenarioParser(
            file: file, profile: scenario.profile ?? .defaultProfile, apps: scenario.apps)
        let steps = try parser.readAll(source).steps.map(\.command)
        let baseline = await observe(steps)
        var report = ExplorationReport(sessions: steps.count * sequences.count, actions: steps.count, seed: 0)
        for line in steps.indices {
            for sequence in sequences {
                guard let inserted = sequence.steps(baseline.fronts[line]) else { continue }
                var variant = Array(steps[...line])
                variant += inserted.map { Scenario.Command.perform($0) }
                variant += steps[(line + 1)...]
                let observed = await observe(variant, insertedAfter: line, count: inserted.count)
                // Each sequence is reported once, after the first line where it changes something.
                guard !report.findings.contains(where: { $0.detail.hasPrefix(sequence.name + " after") }),
                    let (at, what) = Self.firstDifference(baseline.checks, observed.checks, from: line)
                else { continue }
                report.findings.append(
                    ExplorationFinding(
                        kind: .neutralSequence, app: baseline.fronts[line],
                        detail: "\(sequence.name) after line \(line + 1) changes \(what) at line \(at + 1)", seed: 0,
                        session: at, scenario: scenarioSource(variant), originalSteps: steps.count,
                        steps: variant.count, trace: observed.trace))
            }
        }
        return report
    }

    /// What the checks give after each original line of a run; where a sequence is inserted, its steps are not
    /// lines of their own.
    struct Observation {
        var checks: [[String]] = []
        /// The app in front after each original line, if one is.
        var fronts: [AppID?] = []
        var trace = ""
    }

    private func observe(
        _ commands: [Scenario.Command], insertedAfter: Int? = nil, count: Int = 0
    ) async -> Observation {
        var observation = Observation()
        guard let watch = Watch(self) else { return observation }
        var index = 0
        while index < commands.count {
            let command = commands[index]
            var checks: [String] = []
            switch command {
            case .expect(let app, let state):
                if watch.device.state(of: app) != state { checks.append("expect \(app) \(state)") }
            case .expectScene:
                break
            default:
                if await !watch.perform(command) { checks.append("impossible: \(Self.line(of: command) ?? "")") }
            }
            if let found = watch.check() { checks.append("\(found.kind.rawValue): \(found.detail)") }
            let isInserted = insertedAfter.map { index > $0 && index <= $0 + count } ?? false
            if isInserted {
                observation.checks[observation.checks.count - 1] += checks
            } else {
                checks += snapshotValues(watch)
                observation.checks.append(checks)
                observation.fronts.append(watch.device.simulator.phone.foregroundApp)
            }
            index += 1
        }
        observation.trace = watch.device.printedTrace()
        return observation
    }

    /// The values of the app's snapshots now, for comparison: what a neutral sequence must not change.
    private func snapshotValues(_ watch: Watch) -> [String] {
        snapshots.keys.sorted().compactMap { app in
            guard let object = current.objects[app], let value = snapshots[app]?(object) else { return nil }
            return "\(app) shows \(value.base)"
        }
    }

    /// The first original line, from `line` on, whose checks differ, with what differs.
    static func firstDifference(_ baseline: [[String]], _ variant: [[String]], from line: Int) -> (Int, String)? {
        for index in line..<min(baseline.count, variant.count) where baseline[index] != variant[index] {
            let changed = Set(variant[index]).symmetricDifference(baseline[index]).sorted()
            return (index, changed.joined(separator: "; "))
        }
        return nil
    }
}
