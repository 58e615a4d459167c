/// A timer the system asks its host to set: when it fires, the host hands it back to ``Phone/timerFired(_:)``.
///
/// Each timer has an identifier unique within its ``Phone``; a timer the phone has cancelled or no longer
/// expects is ignored if it fires anyway.
public struct SystemTimer: Sendable, Hashable {
    /// What the timer is for.
    public enum Purpose: Sendable, Hashable {
        /// A callback that takes time returns.
        case callbackReturns
        /// The watchdog's limit for what is running is reached.
        case watchdog
        /// A background task's work is done and the app ends it.
        case backgroundTaskEnds
        /// Five seconds of background time remain: expiration handlers run.
        case expirationWarning
        /// Background time is used up.
        case budgetExhausted
        /// The app calls the completion handler of a background event.
        case backgroundEventCompletes
        /// Protected data becomes unavailable, 10 s after the device locked.
        case protectedDataLocks
    }

    public let id: UInt64
    public let purpose: Purpose
    /// The app the timer concerns, if it concerns one.
    public let app: AppID?
    /// For a watchdog, what it guards (`applicationDidEnterBackground:`, `the launch`, …), so that a host that
    /// kills a real process can say what overran.
    public var subject: String? = nil
}
