/// Why the system moved an app on its own, as traces name it (docs/lifecycle.md §11).
public enum TransitionReason: String, CaseIterable, Sendable, Hashable, BitwiseCopyable {
    /// Suspended: nothing left to run in the background.
    case suspend
    /// Resumed from suspension to run again.
    case resume
    /// Terminated to free memory.
    case memory
    /// Killed for not returning in time (like iOS's 0x8badf00d).
    case watchdog
    /// Killed for holding background tasks past the background budget.
    case budget
    /// Swiped away in the app switcher.
    case user
    /// Quit on leaving the foreground because of `UIApplicationExitsOnSuspend`.
    case exit
    /// Terminated by the system (``UserAction/terminate(_:)``).
    case terminate
    /// The app's process ended on its own: it exited or crashed (a host of real processes reports it with
    /// ``UserAction/processEnded(_:)``).
    case crash
    /// The phone restarted: every process ended with it (``UserAction/restart``).
    case restart
}
