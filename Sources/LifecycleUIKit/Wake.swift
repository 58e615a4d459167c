import Synchronization

/// The end of one wait of an app's task on the phone's clock — a sleep, a network exchange — which either the clock
/// or a cancellation brings, whichever comes first, and the task's resumption with `Value`, before or after the task
/// has begun to wait for it.
final class Wake<Value: Sendable>: Sendable {
    private struct State {
        var waiting: UnsafeContinuation<Value, any Error>?
        var result: Result<Value, any Error>?
        var ended = false
    }

    private let state = Mutex(State())

    /// The sleeping task waits: at once resumed if its resumption has come already.
    func wait(with continuation: UnsafeContinuation<Value, any Error>) {
        let result = state.withLock { state -> Result<Value, any Error>? in
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
    func resume(with result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> UnsafeContinuation<Value, any Error>? in
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
