import Foundation
import LifecycleCore
import LifecycleKit

/// A real delegate that behaves as a scenario's `app` line declares, through the public API only: it answers
/// the `BOOL` methods, begins a background task in `applicationDidEnterBackground:` and ends it after its work
/// (in the application's time), ends it in its expiration handler unless it ignores expiration, and calls
/// background events' completion handlers after their work. It logs every method called on it.
@MainActor
final class ScriptedDelegate: ApplicationDelegate {
    let behavior: AppBehavior
    private(set) var log: [String] = []

    init(behavior: AppBehavior) {
        self.behavior = behavior
    }

    /// Logs the UIKit notifications posted for `application`, into the same log as the callbacks.
    func observeNotifications(of application: Application) {
        for notification in UIKitNotification.allCases {
            application.notificationCenter.addObserver(
                forName: Application.name(of: notification), object: application, queue: nil
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.log.append("↳ " + notification.name) }
            }
        }
    }

    private func called(_ callback: Callback) -> Bool {
        log.append(callback.selector)
        return behavior.answer(of: callback)
    }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        called(.willFinishLaunching)
    }
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        called(.didFinishLaunching)
    }
    func applicationDidBecomeActive(_ application: Application) { _ = called(.didBecomeActive) }
    func applicationWillResignActive(_ application: Application) { _ = called(.willResignActive) }
    func applicationWillEnterForeground(_ application: Application) { _ = called(.willEnterForeground) }
    func applicationWillTerminate(_ application: Application) { _ = called(.willTerminate) }
    func applicationDidReceiveMemoryWarning(_ application: Application) { _ = called(.didReceiveMemoryWarning) }
    func applicationSignificantTimeChange(_ application: Application) { _ = called(.significantTimeChange) }
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {
        _ = called(.protectedDataWillBecomeUnavailable)
    }
    func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        _ = called(.protectedDataDidBecomeAvailable)
    }

    func applicationDidEnterBackground(_ application: Application) {
        _ = called(.didEnterBackground)
        guard let work = behavior.backgroundTaskWork else { return }
        var task = BackgroundTaskIdentifier.invalid
        let ignoresExpiration = behavior.ignoresExpiration
        task = application.beginBackgroundTask(withName: "work") {
            if !ignoresExpiration { application.endBackgroundTask(task) }
        }
        application.run(after: work) { application.endBackgroundTask(task) }
    }

    func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        called(.openURL)
    }
    func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        _ = called(.performActionForShortcutItem)
        completionHandler(true)
    }
    func application(_ application: Application, willContinueUserActivityWithType userActivityType: String) -> Bool {
        called(.willContinueUserActivity)
    }
    func application(_ application: Application, continue userActivity: UserActivity) -> Bool {
        called(.continueUserActivity)
    }

    private func finish(
        _ callback: Callback, in application: Application, _ completion: @escaping @MainActor @Sendable () -> Void
    ) {
        _ = called(callback)
        if behavior.backgroundEventWork == .zero {
            completion()
        } else {
            application.run(after: behavior.backgroundEventWork) { completion() }
        }
    }

    func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { finish(.didReceiveRemoteNotification, in: application) { completionHandler(.newData) } }
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { finish(.performFetch, in: application) { completionHandler(.newData) } }
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) { finish(.handleEventsForBackgroundURLSession, in: application, completionHandler) }
    func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [String: String]?,
        reply: @escaping @MainActor @Sendable ([String: String]?) -> Void
    ) { finish(.handleWatchKitExtensionRequest, in: application) { reply(nil) } }

    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        called(.shouldSaveApplicationState)
    }
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        _ = called(.willEncodeRestorableState)
    }
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        called(.shouldRestoreApplicationState)
    }
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {
        _ = called(.didDecodeRestorableState)
    }
}
