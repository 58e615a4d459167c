import LifecycleCore
import LifecycleKit
import LifecycleUIKit

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
    /// A task whose `Task.sleep` has ended on the phone's clock goes on here, while its app runs: a sleep that ends
    /// while its app is suspended ends when the app runs again. A suspended app's tasks are not waited for: on a phone
    /// they are frozen with the app. A task that waits while
    /// nothing runs that could end its wait — the next event of a stream, a continuation never resumed — is not
    /// waited for again in its process. Work still going on after ``tasksTimeLimit`` of real time spent waiting for
    /// it (a block that does not return), or after ``settleTurnLimit`` turns of the main actor (tasks that start
    /// tasks without end), is left going, with a note in the trace.
    public func settle() async {
        // Real time counts only while the apps' work runs elsewhere: the main actor's turns are shared with the
        // tests' own work, which may hold it for seconds.
        var waited = Duration.zero
        var quietTurns = 0
        for _ in 0..<Self.settleTurnLimit {
            let (running, awake) = tasksAwake()
            guard !awake.isEmpty else { return }
            guard waited < tasksTimeLimit else { return noteWorkGoingOn(of: awake.map(\.0)) }
            let before = awake.map(\.1.progress)
            // The tasks whose sleeps ended go on now that their apps run.
            for (_, tasks) in awake { tasks.resumeWokenTasks() }
            // A turn of the main actor for the tasks' work that came back to it, then the main queue's work it left.
            await Task.yield()
            var ranMainQueue = false
            for application in running where application.hasMainQueueWork {
                application.runMainQueueWork()
                ranMainQueue = true
            }
            if ranMainQueue || awake.map(\.1.progress) != before {
                quietTurns = 0
            } else if let index = awake.firstIndex(where: \.1.hasWorkInFlight) {
                // The apps' work runs elsewhere (Swift's pool, Dispatch's queues): its end is waited for.
                quietTurns = 0
                let started = ContinuousClock.now
                _ = await awake[index].1.change(after: before[index], before: started + .milliseconds(1))
                waited += started.duration(to: .now)
            } else {
                // Nothing of theirs ran anywhere, twice: what a task still awaits, none of its work can bring (the
                // second turn of the main actor runs what work that ended just before the first had sent it).
                quietTurns += 1
                if quietTurns == 2 {
                    for (_, tasks) in awake { tasks.tasksTookNoStep() }
                }
            }
        }
        noteWorkGoingOn(of: tasksAwake().awake.map(\.0))
    }

    /// The apps whose process runs (not suspended), in order, and those of them whose tasks' work is awake, with
    /// their tasks.
    private func tasksAwake() -> (running: [Application], awake: [(Application, AppTasks)]) {
        let running = applications.keys.sorted().compactMap { app -> Application? in
            switch state(of: app) {
            case .suspended, .notRunning: nil
            case .active, .inactive, .background: applications[app]
            }
        }
        let awake = running.compactMap { application in
            application.startedTasks.flatMap { $0.hasWorkAwake ? (application, $0) : nil }
        }
        return (running, awake)
    }

    /// How many turns of the main actor ``settle()`` gives the apps' tasks at most: tasks that start tasks without
    /// end take them all.
    static let settleTurnLimit = 100_000

    /// Whether an app's task or its work may still do something: the explorer's look, after each step, before it
    /// calls ``settle()`` (a suspended app's tasks count here, which ``settle()`` then leaves alone).
    var hasTasksAwake: Bool {
        applications.values.contains { $0.startedTasks?.hasWorkAwake ?? false }
    }

    private func noteWorkGoingOn(of applications: [Application]) {
        for application in applications {
            simulator.record(
                .note(
                    application.bundleIdentifier,
                    "work of \(application.bundleIdentifier)'s Swift tasks was still going on after "
                        + "\(Self.settleTurnLimit) turns of the main actor or \(tasksTimeLimit) of real time waiting for "
                        + "it: the device goes on without waiting for it"))
        }
    }
}
