/// Something that must happen because the phone handled an event: the core's output, as data.
///
/// A host carries these out in order: it reports the state changes, calls the delegate (or records that it
/// would), posts the notifications and sets or cancels the timers.
public enum Action: Sendable, Hashable {
    /// An app changed state; `reason` is set when the system did it on its own.
    case transition(AppID, from: AppState, to: AppState, reason: TransitionReason?)
    /// A delegate callback is called.
    case callback(AppID, Callback, CallbackDetail?)
    /// A UIKit notification is posted.
    case notification(AppID, UIKitNotification)
    /// A scene changed state (docs/lifecycle.md §13).
    case sceneTransition(AppID, SceneID, from: SceneState, to: SceneState)
    /// A scene-delegate method is called about a scene.
    case sceneCallback(AppID, SceneID, Callback, CallbackDetail?)
    /// A `UIScene` notification is posted, with the scene as object.
    case sceneNotification(AppID, SceneID, UIKitNotification)
    /// Something worth telling a reader that is neither a callback nor a state change.
    case note(AppID?, String)
    /// Five seconds of background time remain: the host runs the expiration handlers of these tasks of an app
    /// whose code it runs (docs/lifecycle.md §4).
    case runExpirationHandlers(AppID, [BackgroundTaskIdentifier])
    /// A step of a scheduled task, by its identifier: the system calls its launch handler or its expiration
    /// handler, or the app completes it (docs/lifecycle.md §17).
    case scheduledTask(AppID, identifier: String, ScheduledTaskStep)
    /// Store what the app encoded in `application:willEncodeRestorableStateWithCoder:` as its restoration
    /// archive (docs/lifecycle.md §6).
    case storeRestorationArchive(AppID)
    /// Delete the app's restoration archive: it was swiped away, or killed during launch (docs/lifecycle.md §6).
    case deleteRestorationArchive(AppID)
    /// Set a timer to fire after the given delay.
    case scheduleTimer(SystemTimer, after: Duration)
    /// A timer set earlier is no longer needed.
    case cancelTimer(SystemTimer)
}
