/// A timer the system asks its host to set: when it fires, the host hands it back to ``Phone/timerFired(_:)``.
///
/// Each timer has an identifier unique within its ``Phone``; a timer the phone has cancelled or no longer
/// expects is ignored if it fires anyway.
public struct SystemTimer: Sendable, Hashable {
    /// What the timer is for.
    public enum Purpose: Sendable, Hashable, BitwiseCopyable {
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
        /// A scheduled task request's earliest begin date comes (docs/lifecycle.md §17).
        case taskRequestDue
        /// A scripted app's scheduled task is done: it calls `setTaskCompleted(success: true)`.
        case scheduledTaskWorkDone
        /// Five seconds of a scheduled task's time remain: its expiration handler runs.
        case scheduledTaskExpires
        /// A scheduled task's time is over: an app that has not completed it is killed.
        case scheduledTaskEnds
        /// A local notification the app scheduled is due (docs/lifecycle.md §18).
        case notificationDue
    }

    public let id: UInt64
    public let purpose: Purpose
    /// The app the timer concerns, if it concerns one.
    public let app: AppID?
    /// For a watchdog, what it guards, so that a host that kills a real process can say what overran.
    public var subject: Subject? = nil
}

extension SystemTimer {
    /// What a watchdog guards: a plain value, so that a timer is copied without reference counting; its
    /// `description` is how the trace names it (`applicationDidEnterBackground:`, `the launch`, …).
    public enum Subject: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
        /// The launch, from `application:willFinishLaunchingWithOptions:` to the first activation.
        case launch
        /// A callback, until it returns.
        case callback(Callback)
        /// The completion handler of a background event's callback, until the app calls it.
        case completionHandler(of: Callback)

        /// What the watchdog guards, spelled out (`applicationDidEnterBackground:`, `the launch`, …).
        public var description: String {
            switch self {
            case .launch: "the launch"
            case .callback(let callback): callback.selector
            case .completionHandler(let callback): "the completion handler of \(callback.selector)"
            }
        }
    }
}
