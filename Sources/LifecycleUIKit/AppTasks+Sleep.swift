import LifecycleKit

extension AppTasks {
    /// `Task.sleep(for:)` in a task of an app's code under a host that simulates its processes: the task sleeps on
    /// the phone's clock, and wakes as the app's main-queue work when `duration` has passed there — not while the
    /// process is suspended, and never once it has ended (docs/lifecycle.md §19); the task goes on when the host next
    /// lets the running app's tasks run (``AppTasks/resumeWokenTasks()``). Cancelling the task ends its sleep with
    /// `CancellationError`, as Swift's sleep does, and the task goes on in the same way.
    ///
    /// Returns `false` at once, having slept nothing, when no task of an app's code runs here (a test's own code, a
    /// real process): the caller sleeps on the real clock then.
    nonisolated(nonsending) package static func sleepOnThePhonesClock(for duration: Duration) async throws -> Bool {
        guard let (tasks, task) = current else { return false }
        try _Concurrency.Task<Never, Never>.checkCancellation()
        let wake = Wake<Void>()
        // The task sleeps from when its wake is set, on the main actor: until then it is awake, so a host that waits
        // for the app's tasks lets it get there.
        let fallAsleep: @MainActor @Sendable () -> Void = {
            tasks.fellAsleep(task)
            tasks.scheduleWake(duration) {
                if wake.end() { tasks.sleepEnded(of: task) { wake.resume(with: .success(())) } }
            }
        }
        if !runAtOnceOnTheMainQueue(fallAsleep) { await MainActor.run(body: fallAsleep) }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { wake.wait(with: $0) }
        } onCancel: {
            if wake.end() { tasks.sleepEnded(of: task) { wake.resume(with: .failure(CancellationError())) } }
        }
        return true
    }

    /// Runs `body` at once if this is the main queue, and says whether it did.
    private static func runAtOnceOnTheMainQueue(_ body: @MainActor () -> Void) -> Bool {
        guard MainQueueCheck.isOnMainQueue else { return false }
        MainActor.assumeIsolated(body)
        return true
    }
}
