/// An ``Action`` as plain values: apps are indices on the phone, and what is text (a note, a callback's detail,
/// a scene's identifier, a list of tasks) is kept beside it in its ``ActionList``.
///
/// A buffer of these is emptied without visiting its elements and filled without reference counting: the form
/// in which the phone emits what must happen, for a host that carries out many events (the simulator). Ask the
/// phone for the ``Action`` it stands for with ``Phone/action(_:in:)``.
public enum PlainAction: Sendable, Hashable, BitwiseCopyable {
    /// ``Action/transition(_:from:to:reason:)``.
    case transition(app: Int, from: AppState, to: AppState, reason: TransitionReason?)
    /// ``Action/callback(_:_:_:)``; the detail is ``ActionList/detail(_:)``.
    case callback(app: Int, Callback, detail: Int?)
    /// ``Action/notification(_:_:)``.
    case notification(app: Int, UIKitNotification)
    /// ``Action/sceneTransition(_:_:from:to:)``; the scene is ``ActionList/scene(_:)``.
    case sceneTransition(app: Int, scene: Int, from: SceneState, to: SceneState)
    /// ``Action/sceneCallback(_:_:_:_:)``.
    case sceneCallback(app: Int, scene: Int, Callback, detail: Int?)
    /// ``Action/sceneNotification(_:_:_:)``.
    case sceneNotification(app: Int, scene: Int, UIKitNotification)
    /// ``Action/note(_:_:)``; the text is ``ActionList/text(_:)``.
    case note(app: Int?, PlainNote)
    /// ``Action/runExpirationHandlers(_:_:)``; the tasks are ``ActionList/tasks(_:)``.
    case runExpirationHandlers(app: Int, tasks: Int)
    /// ``Action/scheduledTask(_:identifier:_:)``; the identifier is the app's permitted task at `task`.
    case scheduledTask(app: Int, task: Int, ScheduledTaskStep)
    /// ``Action/storeRestorationArchive(_:)``.
    case storeRestorationArchive(app: Int)
    /// ``Action/deleteRestorationArchive(_:)``.
    case deleteRestorationArchive(app: Int)
    /// ``Action/scheduleTimer(_:after:)``.
    case scheduleTimer(PlainTimer, after: Duration)
    /// ``Action/cancelTimer(_:)``.
    case cancelTimer(PlainTimer)
}
