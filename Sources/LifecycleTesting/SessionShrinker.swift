import LifecycleScenario

/// Cuts a failing session down to a local minimum (docs/lifecycle.md §19): spans of steps dropped, halving their
/// length down to single steps, then waits shortened — each candidate replayed from its own start by `keeps`, which
/// gives the steps it could perform (an action that has become impossible dropped) when the candidate still fails
/// the same way, and `nil` otherwise. The same for a simulated device and for real processes.
enum SessionShrinker {
    nonisolated(nonsending) static func shrink(
        _ commands: [Scenario.Command], keeps: nonisolated(nonsending) ([Scenario.Command]) async -> [Scenario.Command]?
    ) async -> [Scenario.Command] {
        var best = await keeps(commands) ?? commands
        var span = max(1, best.count / 2)
        while true {
            var start = 0
            var dropped = false
            while start < best.count {
                var candidate = best
                candidate.removeSubrange(start..<min(best.count, start + span))
                if let shorter = await keeps(candidate), shorter.count < best.count {
                    best = shorter
                    dropped = true
                } else {
                    start += span
                }
            }
            if !dropped {
                if span == 1 { break }
                span = max(1, span / 2)
            }
        }
        for index in best.indices {
            guard case .wait(let duration) = best[index] else { continue }
            for shorter in SessionGenerator.waits where shorter < duration {
                var candidate = best
                candidate[index] = .wait(shorter)
                if let kept = await keeps(candidate), kept.count == best.count {
                    best = kept
                    break
                }
            }
        }
        return best
    }
}
