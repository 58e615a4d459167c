/// What the system keeps about an app's notifications (docs/lifecycle.md §18). Internal to ``Phone``.
struct NotificationCenterRecord: Sendable {
    /// A notification delivered to Notification Center (and the lock screen) that the user has not acted on.
    struct Waiting: Sendable {
        /// The app's count of notifications when this one came: its name in the trace.
        var number: Int32
        /// A push from a server, rather than a local notification the app scheduled.
        var isRemote: Bool
        /// The name of the payload a push carries, if it carries one of the app's (docs/lifecycle.md §19).
        var payload: String? = nil

        /// The launch options of a launch it causes: a push is in them, with its payload.
        var launchOptions: LaunchOptions {
            LaunchOptions(remoteNotification: isRemote, remoteNotificationPayload: payload)
        }
    }

    /// A local notification the app's code asked for, waiting for its time (`UNUserNotificationCenter.add(_:)`
    /// with a time-interval trigger).
    struct Request: Sendable {
        var identifier: String
        var due: PlainTimer
        /// How often it comes again, for a repeating trigger.
        var interval: Duration?
    }

    /// The requests waiting for their time: the system's, kept across the app's processes.
    var requests: [Request] = []
    /// Whether the app's process has set the delegate of `UNUserNotificationCenter`: a new process has not.
    var delegateIsSet = false
    /// The notifications waiting for the user, oldest first: the system's, kept across the app's processes.
    var waiting: [Waiting] = []
    /// How many notifications have come for the app.
    var count: Int32 = 0
}
