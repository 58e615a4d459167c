import LifecycleCore
import LifecycleScenario
import LifecycleTrace

/// Runs scenarios on the simulator.
///
/// Checking a scenario is running it with a sink that drops the trace: an action impossible in its
/// situation is found by the same core that would carry it out, so the checks can never drift from the rules.
public enum ScenarioRunner {
    /// An `expect` line that did not hold.
    public struct ExpectationFailure: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        /// The app or the scene the line names.
        public var subject: String
        /// The state the line expects and the one its subject was in, by name.
        public var expected: String
        public var actual: String

        public var description: String {
            "\(file):\(line):\(column): expectation failed: expected \(subject) to be \(expected), but it is \(actual)"
        }
    }

    /// Runs a scenario, streaming its trace into `sink`; returns the expectations that failed.
    ///
    /// - Throws: ``ScenarioError`` at the first action impossible in its situation; what ran before it has
    ///   already been written to the sink, so call ``check(_:defaultProfile:)`` first to run nothing at all.
    ///
    /// - Parameter explains: whether to record each line's comment under it (``TraceRecord/Event/explanation``),
    ///   as the demo does.
    @discardableResult
    public static func run<Sink: TraceSink>(
        _ scenario: Scenario, defaultProfile: Profile = .defaultProfile, explains: Bool = false, into sink: inout Sink
    ) throws(ScenarioError) -> [ExpectationFailure] {
        let simulator = Simulator(phone: scenario.makePhone(defaultProfile: defaultProfile), sink: sink)
        defer { sink = simulator.sink }
        return try run(scenario, on: simulator, explains: explains)
    }

    /// Runs a scenario's steps on a simulator made for it (its phone has the scenario's apps), for hosts that
    /// set up the simulator themselves, such as one running real app code.
    @discardableResult
    public static func run<Sink: TraceSink>(
        _ scenario: Scenario, on simulator: Simulator<Sink>, explains: Bool = false
    ) throws(ScenarioError) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for step in scenario.steps {
            if let failure = try run(step, of: scenario, on: simulator, explains: explains) { failures.append(failure) }
        }
        return failures
    }

    /// Runs one step of a scenario on its simulator, as ``run(_:on:explains:)`` runs each: for hosts that step
    /// through a scenario a line at a time. Returns the expectation that failed, if the step is one.
    ///
    /// - Throws: ``ScenarioError`` when the step's action is impossible in its situation; nothing is recorded.
    public static func run<Sink: TraceSink>(
        _ step: Scenario.Step, of scenario: Scenario, on simulator: Simulator<Sink>, explains: Bool = false
    ) throws(ScenarioError) -> ExpectationFailure? {
        try run(step, inFile: scenario.file, on: simulator, explains: explains)
    }

    /// ``run(_:of:on:explains:)`` given only the scenario's file name, all a step needs of its scenario: a host
    /// that reads a file line by line need not copy the scenario parsed so far for every line.
    static func run<Sink: TraceSink>(
        _ step: Scenario.Step, inFile file: String, on simulator: Simulator<Sink>, explains: Bool
    ) throws(ScenarioError) -> ExpectationFailure? {
        let explanation = explains ? step.comment : nil
        switch step.command {
        case .perform(let action):
            do {
                try simulator.perform(action, label: (step.line, step.text), explanation: explanation)
            } catch {
                let column =
                    switch error.culprit {
                    case .action: step.column
                    case .app: step.appColumn ?? step.column
                    case .scene: step.sceneColumn ?? step.appColumn ?? step.column
                    }
                throw ScenarioError(
                    file: file, line: step.line, column: column,
                    message: "'\(step.text)' is impossible here: \(error.reason)")
            }
        case .wait(let duration):
            simulator.record(.action(line: step.line, text: step.text))
            if let explanation { simulator.record(.explanation(explanation)) }
            simulator.advance(by: duration)
        case .expect(let app, let state):
            if let explanation { simulator.record(.explanation(explanation)) }
            if !simulator.expect(app, state, line: step.line) {
                let actual = simulator.phone.state(of: app) ?? .notRunning
                return ExpectationFailure(
                    file: file, line: step.line, column: step.column, subject: app.rawValue, expected: state.rawValue,
                    actual: actual.rawValue)
            }
        case .expectScene(let scene, let state):
            if let explanation { simulator.record(.explanation(explanation)) }
            let actual = simulator.phone.sceneState(of: scene)
            simulator.record(.expectScene(line: step.line, scene: scene, expected: state, actual: actual))
            if actual != state {
                return ExpectationFailure(
                    file: file, line: step.line, column: step.column, subject: scene.rawValue,
                    expected: state?.rawValue ?? SceneState.disconnectedName,
                    actual: actual?.rawValue ?? SceneState.disconnectedName)
            }
        }
        return nil
    }

    /// Checks that every action of a scenario is possible in its situation, running it without output.
    public static func check(_ scenario: Scenario, defaultProfile: Profile = .defaultProfile) throws(ScenarioError) {
        var sink = DiscardingTraceSink()
        try run(scenario, defaultProfile: defaultProfile, into: &sink)
    }

    /// Parses and checks a scenario's source.
    ///
    /// - Throws: ``ScenarioErrors`` with every syntax mistake, or with the first impossible action.
    public static func load(_ source: String, file: String, defaultProfile: Profile = .defaultProfile)
        throws(ScenarioErrors)
        -> Scenario
    {
        let scenario = try ScenarioParser(file: file).parse(source)
        let unmet = scenario.unmetRequirements(defaultProfile: defaultProfile)
        guard unmet.isEmpty else { throw ScenarioErrors(errors: unmet) }
        do {
            try check(scenario, defaultProfile: defaultProfile)
        } catch {
            var error = error
            let lines = ScenarioParser.lines(of: source)
            if error.line >= 1, error.line <= lines.count { error.sourceLine = String(lines[error.line - 1]) }
            throw ScenarioErrors(errors: [error])
        }
        return scenario
    }
}
