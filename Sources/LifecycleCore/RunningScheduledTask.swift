/// A request submitted to `BGTaskScheduler` and waiting for the system to run it. Internal to ``Phone``.
struct PendingTaskRequest: Sendable {
    /// The position of its identifier among the app's ``AppConfiguration/permittedTasks``.
    var permitted: Int
    var kind: ScheduledTaskKind
    var request: TaskRequest
    /// The timer of its earliest begin date, until that comes; `nil` once the request may run.
    var due: PlainTimer?
}

/// A scheduled task the app's process runs: its launch handler was called and it has not completed. Internal to
/// ``Phone``.
struct RunningScheduledTask: Sendable {
    /// The position of its identifier among the app's ``AppConfiguration/permittedTasks``.
    var permitted: Int
    var kind: ScheduledTaskKind
    /// When a scripted app completes it.
    var workDone: PlainTimer?
    /// When its expiration handler runs, five seconds before its end.
    var expiration: PlainTimer?
    /// When its time is over.
    var end: PlainTimer?

    /// Every timer the task holds.
    var timers: [PlainTimer] { [workDone, expiration, end].compactMap { $0 } }
}
