import LifecycleScenario

/// What both explorers do with their sessions (docs/lifecycle.md §19), on a simulated device or on real processes:
/// run each, and shrink each distinct finding (its kind and app) the first time it is found, the shortest steps
/// replayed once more for the report. `Failure` is what running a session may throw: `Never` in-process.
struct ExplorationLoop<Failure: Error> {
    /// Runs a generated session up to its first finding.
    var runSession: nonisolated(nonsending) (_ session: Int) async throws(Failure) -> LifecycleExplorer.Outcome
    /// Runs steps from a fresh start, dropping those that have become impossible, up to the first finding.
    var replay:
        nonisolated(nonsending) (_ commands: [Scenario.Command]) async throws(Failure) -> LifecycleExplorer.Outcome
    /// The scenario of some steps, declarations first.
    var scenarioSource: (_ commands: [Scenario.Command]) -> String

    /// Runs where its caller runs (the explorer's main actor), as do the closures it is given.
    nonisolated(nonsending) func explore(
        sessions: Int, actions: Int, seed: UInt64, progress: (_ sessions: Int, _ findings: Int) -> Void
    ) async throws(Failure) -> ExplorationReport {
        var report = ExplorationReport(sessions: sessions, actions: actions, seed: seed)
        for session in 0..<max(0, sessions) {
            defer { progress(session + 1, report.findings.count) }
            let run = try await runSession(session)
            guard let found = run.finding,
                !report.findings.contains(where: { $0.kind == found.kind && $0.app == found.app })
            else { continue }
            var failure: Failure?
            let minimal = await SessionShrinker.shrink(run.commands) { candidate in
                guard failure == nil else { return nil }
                do throws(Failure) {
                    let outcome = try await replay(candidate)
                    guard let again = outcome.finding, again.kind == found.kind, again.app == found.app else {
                        return nil
                    }
                    return outcome.commands
                } catch {
                    failure = error
                    return nil
                }
            }
            if let failure { throw failure }
            var replayed = try await replay(minimal)
            if replayed.finding?.kind != found.kind || replayed.finding?.app != found.app {
                // Code whose result depends on more than the steps (a global the sessions share, a real process's
                // timing) may not find it again: the session's own steps are the report then.
                replayed = try await replay(run.commands)
            }
            report.findings.append(
                ExplorationFinding(
                    kind: found.kind, app: found.app, detail: replayed.finding?.detail ?? found.detail, seed: seed,
                    session: session, scenario: scenarioSource(replayed.commands),
                    originalSteps: run.commands.count, steps: replayed.commands.count, trace: replayed.trace))
        }
        return report
    }
}
