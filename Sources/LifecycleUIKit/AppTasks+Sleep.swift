import LifecycleKit
import Synchronization

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
        let wake = Wake()
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

/// The end of one sleep, which either the phone's clock or a cancellation brings, whichever comes first, and the
/// task's resumption, before or after the task has begun to wait for it.
private final class Wake: Sendable {
    private struct State {
        var waiting: UnsafeContinuation<Void, any Error>?
        var result: Result<Void, any Error>?
        var ended = false
    }

    private let state = Mutex(State())

    /// The sleeping task waits: at once resumed if its resumption has come already.
    func wait(with continuation: UnsafeContinuation<Void, any Error>) {
        let result = state.withLock { state -> Result<Void, any Error>? in
            guard let result = state.result else {
                state.waiting = continuation
                return nil
            }
            return result
        }
        if let result { continuation.resume(with: result) }
    }

    /// Ends the sleep, unless it has ended already; returns whether this call ended it.
    func end() -> Bool {
        state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
    }

    /// Resumes the task with `result`, now or as soon as it waits.
    func resume(with result: Result<Void, any Error>) {
        let waiting = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            guard let waiting = state.waiting else {
                state.result = result
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(with: result)
    }
}
