import Foundation
import LifecycleCore
import LifecycleKit

/// A real delegate that behaves as a scenario's `app` line declares, through the public API only: it answers
/// the `BOOL` methods, begins a background task in `applicationDidEnterBackground:` and ends it after its work
/// (in the application's time), ends it in its expiration handler unless it ignores expiration, and calls
/// background events' completion handlers after their work, and registers a launch handler for each permitted
/// scheduled task that completes it after its work, or unsuccessfully when it expires unless the app ignores
/// that. It is its app's notification delegate too, set when the app line says, presenting a notification at once
/// and calling a response's completion handler after its work, unless it ignores both. It logs every method called
/// on it.
@MainActor
final class ScriptedDelegate: ApplicationDelegate, UNUserNotificationCenterDelegate {
    let behavior: AppBehavior
    let permittedTasks: [String]
    let notificationDelegate: NotificationDelegateTiming?
    private(set) var log: [String] = []

    init(
        behavior: AppBehavior, permittedTasks: [String] = [], notificationDelegate: NotificationDelegateTiming? = nil
    ) {
        self.behavior = behavior
        self.permittedTasks = permittedTasks
        self.notificationDelegate = notificationDelegate
    }

    /// The app became active: a late notification delegate is set now.
    func becameActive() {
        if notificationDelegate == .onceActive { UNUserNotificationCenter.current().delegate = self }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        log.append(Callback.notificationWillPresent.selector)
        if !behavior.ignoresNotificationCompletion { completionHandler([.banner, .list]) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        log.append(Callback.notificationDidReceive.selector)
        guard !behavior.ignoresNotificationCompletion, let application else { return }
        application.run(after: behavior.notificationResponseWork) { completionHandler() }
    }

    /// Logs the UIKit notifications posted for `application` (and the UIScene ones of its scenes), into the
    /// same log as the callbacks.
    /// The application it is the delegate of, once ``observeNotifications(of:)`` has run: its scene delegate
    /// begins the scripted background task through it.
    private(set) weak var application: Application?

    func observeNotifications(of application: Application) {
        self.application = application
        for notification in UIKitNotification.allCases where !notification.isSceneNotification {
            _ = application.notificationCenter.addObserver(
                forName: Application.name(of: notification), object: application, queue: nil
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.log.append("↳ " + notification.name) }
            }
        }
        let app = application.bundleIdentifier
        for notification in UIKitNotification.allCases where notification.isSceneNotification {
            _ = application.notificationCenter.addObserver(
                forName: Scene.name(of: notification), object: nil, queue: nil
            ) { [weak self] posted in
                // Safe: the application posts synchronously on the main actor, and this observer (queue nil)
                // runs there, on the posting thread, before post returns.
                nonisolated(unsafe) let object = posted.object
                MainActor.assumeIsolated {
                    guard let scene = object as? Scene, ScriptedSceneDelegate.app(of: scene.session) == app
                    else { return }
                    self?.log.append("↳ " + notification.name)
                }
            }
        }
    }

    /// Adds a line to the log (the app's scene delegate logs here too).
    func record(_ line: String) {
        log.append(line)
    }

    private func called(_ callback: Callback) -> Bool {
        log.append(callback.selector)
        return behavior.answer(of: callback)
    }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        if notificationDelegate == .duringLaunch { UNUserNotificationCenter.current().delegate = self }
        return called(.willFinishLaunching)
    }
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        let (work, ignoresExpiration) = (behavior.scheduledTaskWork, behavior.ignoresScheduledTaskExpiration)
        for identifier in permittedTasks {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier) { task in
                task.expirationHandler = {
                    if !ignoresExpiration { task.setTaskCompleted(success: false) }
                }
                application.run(after: work) { task.setTaskCompleted(success: true) }
            }
        }
        return called(.didFinishLaunching)
    }
    func applicationDidBecomeActive(_ application: Application) {
        _ = called(.didBecomeActive)
        becameActive()
    }
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
        beginScriptedTask(in: application)
    }

    /// The background task of `background-task=`, begun where the app learns it is in the background: here, or
    /// in its scene delegate's `sceneDidEnterBackground(_:)`.
    func beginScriptedTask(in application: Application) {
        guard let work = behavior.backgroundTaskWork else { return }
        // The identifier is known only once the task has begun; the expiration handler reads it from here.
        let task = TaskBox()
        let ignoresExpiration = behavior.ignoresExpiration
        task.identifier = application.beginBackgroundTask(withName: "work") {
            if !ignoresExpiration { application.endBackgroundTask(task.identifier) }
        }
        application.run(after: work) { application.endBackgroundTask(task.identifier) }
    }

    func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        called(.openURL)
    }
    func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        _ = called(.performActionForShortcutItem)
        completionHandler(true)
    }
    func application(_ application: Application, willContinueUserActivityWithType userActivityType: String) -> Bool {
        called(.willContinueUserActivity)
    }
    func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        called(.continueUserActivity)
    }

    private func finish(_ callback: Callback, in application: Application, _ completion: @escaping () -> Void) {
        _ = called(callback)
        if behavior.backgroundEventWork == .zero {
            completion()
        } else {
            application.run(after: behavior.backgroundEventWork) { completion() }
        }
    }

    func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) { finish(.didReceiveRemoteNotification, in: application) { completionHandler(.newData) } }
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) { finish(.performFetch, in: application) { completionHandler(.newData) } }
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) { finish(.handleEventsForBackgroundURLSession, in: application, completionHandler) }
    func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
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

    func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration {
        _ = called(.configurationForConnecting)
        return SceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {
        _ = called(.didDiscardSceneSessions)
    }
}

/// A background task's identifier, shared by the code that begins the task and its expiration handler.
@MainActor
final class TaskBox {
    var identifier = BackgroundTaskIdentifier.invalid
}
