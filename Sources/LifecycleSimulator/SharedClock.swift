import Synchronization

/// A simulator's time, readable from any thread: what the apps' code running off the main actor (a Swift task on the
/// global executor, a block on one of Dispatch's queues) reads as the phone's date (docs/lifecycle.md §19), while
/// the simulator, on its own thread, moves the time on.
public final class SharedClock: Sendable {
    private let nanoseconds = Atomic<Int64>(0)

    init() {}

    /// Time since the start, as the simulator last set it.
    public var now: Duration { .nanoseconds(nanoseconds.load(ordering: .relaxed)) }

    func publish(_ now: Duration) {
        let (seconds, attoseconds) = now.components
        nanoseconds.store(seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, ordering: .relaxed)
    }
}
