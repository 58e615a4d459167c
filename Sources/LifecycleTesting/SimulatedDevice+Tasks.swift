import CLifecycleShims
import LifecycleCore
import LifecycleKit

extension SimulatedDevice {
    /// Lets the Swift tasks the apps' code started go on until each has finished, sleeps, or waits for something
    /// that none of the process's work is doing, as a phone runs them before the user's next touch
    /// (docs/lifecycle.md §19).
    ///
    /// A task an app's code starts (`Task { … }` in `sceneDidEnterBackground(_:)`, SwiftUI's `.backgroundTask`
    /// action) runs on the main actor up to its first wait, in the same turn; what it does after awaiting work off
    /// the main actor — an actor's method, a nonisolated `async` function, a block on Dispatch's global queue — comes
    /// back on the test's main actor, which this lets it have. The explorer settles after every step; a test calls
    /// it where a phone would give the app's tasks the moment they need:
    ///
    /// ```swift
    /// try device.perform("home")
    /// await device.settle()  // the save's task ends its background task
    /// #expect(device.state(of: "notes") == .suspended)
    /// ```
    ///
    /// A suspended app's tasks are not waited for: on a phone they are frozen with the app. A task that waits while
    /// nothing runs that could end its wait — the next event of a stream, a continuation never resumed — is not
    /// waited for again in its process; while Swift's pool runs other work (the tests' own), a task that does not
    /// change for ``tasksQuietLimit`` is taken to be such a task. Work still going on after ``tasksTimeLimit`` of real
    /// time (tasks that start tasks without end, blocks that do not return) is left going, with a note in the trace.
    public func settle() async {
        let deadline = ContinuousClock.now + tasksTimeLimit
        var quietTurns = 0
        var othersBusySince: ContinuousClock.Instant?
        while true {
            let running = applications.keys.sorted().compactMap { app -> Application? in
                switch state(of: app) {
                case .suspended, .notRunning: nil
                case .active, .inactive, .background: applications[app]
                }
            }
            let awake = running.filter(\.tasks.hasWorkAwake)
            guard !awake.isEmpty else { return }
            guard ContinuousClock.now < deadline else { return noteWorkGoingOn(of: awake) }
            let before = awake.map(\.tasks.progress)
            // A turn of the main actor for the tasks' work that came back to it, then the main queue's work it left.
            await Task.yield()
            var ranMainQueue = false
            for application in running where application.hasMainQueueWork {
                application.runMainQueueWork()
                ranMainQueue = true
            }
            if ranMainQueue || awake.map(\.tasks.progress) != before {
                (quietTurns, othersBusySince) = (0, nil)
                continue
            }
            let blocksInFlight = awake.contains(where: \.tasks.hasBlocksInFlight)
            guard blocksInFlight || lifecycle_pool_jobs_in_flight() > 0 else {
                // Nothing ran anywhere, twice: what a task still awaits, none of the work can bring (the second turn
                // of the main actor runs what work that ended just before the first had sent it).
                (quietTurns, othersBusySince) = (quietTurns + 1, nil)
                if quietTurns == 2 {
                    for application in awake { application.tasks.tasksTookNoStep() }
                }
                continue
            }
            // Work runs elsewhere: the app's blocks, or jobs on Swift's pool, which the tests' own work shares.
            quietTurns = 0
            let now = ContinuousClock.now
            if !blocksInFlight {
                let since = othersBusySince ?? now
                othersBusySince = since
                if since.duration(to: now) >= tasksQuietLimit {
                    for application in awake { application.tasks.tasksTookNoStep() }
                    othersBusySince = nil
                    continue
                }
            }
            _ = await awake[0].tasks.change(after: before[0], before: min(deadline, now + .milliseconds(1)))
        }
    }

    private func noteWorkGoingOn(of applications: [Application]) {
        for application in applications {
            simulator.record(
                .note(
                    application.bundleIdentifier,
                    "work of \(application.bundleIdentifier)'s Swift tasks went on after \(tasksTimeLimit) of real "
                        + "time: the device goes on without waiting for it"))
        }
    }

    /// Counts the jobs of Swift's global executor, for ``settle()``: from the first device on, so that work a task
    /// sends there in a step is counted by the settle after it.
    static let countsPoolJobs: Void = lifecycle_pool_count_jobs()
}
