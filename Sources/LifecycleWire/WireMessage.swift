import LifecycleCore

/// What a supervisor tells an app process it runs (docs/supervisor.md): one JSON object a line.
public enum ToApp: Codable, Sendable, Hashable {
    /// Call a delegate method (a scene delegate's, about `scene`, when it is set); the app answers
    /// ``FromApp/returned(id:answer:)`` with the same `id` when the method returns.
    case call(id: UInt64, callback: Callback, scene: SceneID?, detail: CallbackDetail?)
    /// Post a UIKit notification (a UIScene one about `scene`), right after the method it follows returned.
    case post(notification: UIKitNotification, scene: SceneID?)
    /// The app's state changed: what `applicationState` says from now on.
    case state(AppState)
    /// What data protection lets the app read changed (a lock, an unlock, a restart), or the process just started:
    /// what `isProtectedDataAvailable` and the keychain answer by from now on (docs/lifecycle.md §21).
    case protectedData(ProtectedDataState)
    /// The background time the app has left, in seconds, or `nil` when no budget runs.
    case budget(seconds: Double?)
    /// Five seconds of background time remain: run these tasks' expiration handlers.
    case expire(tasks: [BackgroundTaskIdentifier])
    /// Store what the app encoded as its restoration archive.
    case storeArchive
    /// Delete the app's restoration archive.
    case deleteArchive
    /// The answer to ``FromApp/begin(request:name:)``: the task's identifier (`invalid` if none was begun).
    case task(request: UInt64, identifier: BackgroundTaskIdentifier)
    /// Answer ``FromApp/reached(_:)`` once everything sent before has been handled: the supervisor freezes the
    /// app only then, so that no notification is left unread in a suspended app.
    case barrier(UInt64)
    /// The answer to ``FromApp/request(id:_:)``: `nil` when it was carried out, or why it was refused.
    case answered(request: UInt64, refusal: String?)
    /// Run a scheduled task's launch handler or expiration handler (docs/lifecycle.md §17).
    case scheduledTask(identifier: String, step: ScheduledTaskStep)
    /// The answer to ``FromApp/submit(request:_:)``: the error `submit` throws, or `nil`, and the requests now
    /// pending.
    case submitted(request: UInt64, error: TaskRequestError?, pending: [TaskRequest])
    /// The answer to ``FromApp/notificationSettings(request:)``: whether the user lets the app show notifications,
    /// and the identifiers of its requests still waiting.
    case notificationSettings(request: UInt64, authorized: Bool, pending: [String])
}

/// What an app process tells its supervisor.
public enum FromApp: Codable, Sendable, Hashable {
    /// The first message of a connection: which app the process is.
    case hello(app: AppID)
    /// The method of ``ToApp/call(id:callback:scene:detail:)`` returned, with what a `BOOL` method answered.
    case returned(id: UInt64, answer: Bool?)
    /// The app's code begins a background task; the supervisor answers ``ToApp/task(request:identifier:)``.
    case begin(request: UInt64, name: String?)
    /// The app's code ends a background task.
    case end(BackgroundTaskIdentifier)
    /// The app's code called the completion handler of a background event.
    case completed(Callback)
    /// Everything sent before ``ToApp/barrier(_:)`` has been handled.
    case reached(UInt64)
    /// The expiration handlers of ``ToApp/expire(tasks:)`` returned: these tasks had one. Sent after the ends their
    /// handlers made, so that a task still open now was not ended by its handler (docs/lifecycle.md §19).
    case expirationHandlersReturned(tasks: [BackgroundTaskIdentifier])
    /// The app's code asks for a window (docs/lifecycle.md §16); the supervisor answers
    /// ``ToApp/answered(request:refusal:)``.
    case request(id: UInt64, SceneSessionRequest)
    /// The app's code submits a task request (`nil`: asks only for the pending requests); the supervisor answers
    /// ``ToApp/submitted(request:error:pending:)``.
    case submit(request: UInt64, TaskRequest?)
    /// The app's code calls `setTaskCompleted(success:)`.
    case taskCompleted(identifier: String, success: Bool)
    /// The app's code cancels its pending request with an identifier, or all of them (`nil`).
    case cancelTaskRequests(identifier: String?)
    /// The app's code sets the delegate of `UNUserNotificationCenter` (docs/lifecycle.md §18).
    case notificationDelegateSet
    /// The app's code adds a notification request, due after a delay (`nil`: at once).
    case addNotificationRequest(identifier: String, after: Duration?, repeats: Bool)
    /// The app's code removes its waiting notification requests with these identifiers, or all (`nil`).
    case removeNotificationRequests(identifiers: [String]?)
    /// The app's code asks for its notification settings; the supervisor answers
    /// ``ToApp/notificationSettings(request:authorized:pending:)``.
    case notificationSettings(request: UInt64)
    /// What a framework over UIKit did in the app's process (``LifecycleKit/ApplicationHost/note(_:in:)``), for the
    /// supervisor's trace.
    case note(String)
}
