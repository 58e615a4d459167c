import ExplorerWorkloads
import Foundation

// The explorer's benchmark without the benchmark around it, to count its instructions (from this folder):
//
//     swift build -c release --product ExplorerLoop
//     strip --strip-debug -o /tmp/explorer-loop .build/release/ExplorerLoop
//     valgrind --tool=callgrind '--toggle-collect=*explore*' /tmp/explorer-loop explore 200
//     valgrind --tool=callgrind '--toggle-collect=*runScripted*' /tmp/explorer-loop baseline 200
//
// `explore N` runs the explorer over N sessions of 50 steps; `baseline N` generates the same sessions, then runs them
// with scripted apps and no checks; `shrink K SEED` finds and shrinks a leak at the Kth background in a session of
// up to 400 steps. Each prints what it counted.

@MainActor
func main() async {
    let arguments = CommandLine.arguments.dropFirst()
    let sessions = arguments.dropFirst().first.flatMap { Int($0) } ?? 200
    switch arguments.first {
    case "baseline":
        print(GeneratedSessions.runScripted(await GeneratedSessions.scenarios(sessions)))
    case "shrink":
        let seed = arguments.dropFirst(2).first.flatMap { UInt64($0) } ?? 3
        let started = ContinuousClock.now
        let steps = await shrinkLateLeak(leakingAt: sessions, actions: 400, seed: seed)
        print(
            steps.map { "found after \($0.found) steps, shrunk to \($0.shrunk)" } ?? "nothing found", "in",
            ContinuousClock.now - started)
    default:
        print(await GeneratedSessions.explore(sessions))
    }
}

// The explorer is async (it gives the main actor up between sessions): its work runs on the main queue, which the
// main thread's run loop serves here. An async top level would park the main thread in `dispatch_main()` instead,
// which valgrind does not survive.
@MainActor final class Finished {
    static var yes = false
}
Task { @MainActor in
    await main()
    Finished.yes = true
}
while !MainActor.assumeIsolated({ Finished.yes }) {
    _ = RunLoop.main.run(mode: .default, before: .distantFuture)
}
