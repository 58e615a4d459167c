import LifecycleCore

/// Real app code run under the simulator: the host of apps whose ``AppConfiguration/runsHostedCode`` is set.
///
/// The simulator hands it every callback of such an app and every batch of expiration handlers; while it
/// runs them, the code may call back into the simulator (``Simulator/beginBackgroundTask(in:name:)``,
/// ``Simulator/endBackgroundTask(_:in:)``, ``Simulator/completionHandlerCalled(for:in:)``,
/// ``Simulator/after(_:perform:)``).
public protocol HostedAppCode: AnyObject {
    /// Runs a delegate callback (a scene delegate's, about `scene`, when `scene` is set) and returns what a
    /// `BOOL`-returning method returned (`nil` for YES, or for a method that returns nothing).
    func run(_ callback: Callback, scene: SceneID?, detail: CallbackDetail?, of app: AppID) -> Bool?
    /// Runs the launch handler registered for a scheduled task, or the task's expiration handler (a completion is
    /// the app's own doing, and needs nothing run).
    func runScheduledTask(_ step: ScheduledTaskStep, identifier: String, of app: AppID)
    /// Runs the expiration handlers of these background tasks of the app; returns the tasks that had one (a task
    /// begun without a handler has nothing to run).
    func runExpirationHandlers(of tasks: [BackgroundTaskIdentifier], in app: AppID) -> [BackgroundTaskIdentifier]
    /// Ends the app's turn after a callback returned and its notifications were posted: runs the work its code put on
    /// the main queue meanwhile, in order (docs/lifecycle.md §19).
    func endTurn(of app: AppID)
    /// Posts a UIKit notification of the app (a `UIScene` one about `scene`), right after the callback it
    /// follows returned.
    func post(_ notification: UIKitNotification, scene: SceneID?, of app: AppID)
    /// Stores what the app just encoded as its restoration archive.
    func storeRestorationArchive(of app: AppID)
    /// Deletes the app's restoration archive.
    func deleteRestorationArchive(of app: AppID)
}
