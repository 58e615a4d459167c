import Dispatch

extension Duration {
    /// The longest delay handed to Dispatch as a time: about 136 years, far below what its nanoseconds hold.
    static let longestDispatchDelay: Duration = .seconds(Int64(UInt32.max))

    /// The instant this long from now, for Dispatch, to the nanosecond: a negative duration is now, and one
    /// beyond ``longestDispatchDelay`` is never (`distantFuture`), so no duration can overflow it.
    var dispatchDeadline: DispatchTime {
        guard self > .zero else { return .now() }
        guard self < Self.longestDispatchDelay else { return .distantFuture }
        let (seconds, attoseconds) = components
        return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}

extension DispatchQueue {
    /// Runs app code on the main queue after a delay, as both real-process hosts' `run(after:_:)` do. Work later
    /// than Dispatch can count (centuries) never runs: it is scheduled for ever.
    static func runOnMain(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        guard delay < Duration.longestDispatchDelay else { return }
        main.asyncAfter(deadline: delay.dispatchDeadline) {
            MainActor.assumeIsolated { work() }
        }
    }
}
