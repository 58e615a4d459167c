import Foundation
import LifecycleCore
import LifecycleKit

/// An app delegate written with UIKit's names, as LifecycleKit calls it: each method of ``ApplicationDelegate``
/// calls the app's `UIApplicationDelegate` method of the same name, with UIKit's types. Hand it to any host
/// (``UIKitApp`` makes it).
@MainActor
public final class UIKitApplicationDelegate: ApplicationDelegate, NotificationObjects {
    /// The app delegate as the app wrote it.
    public let delegate: any UIApplicationDelegate

    public init(_ delegate: any UIApplicationDelegate) {
        self.delegate = delegate
    }

    private func ui(_ application: Application) -> UIApplication { UIKitBridge.application(for: application) }

    /// The `UIApplication` is the `object` of the app's UIKit notifications, as on iOS.
    package func object(standingFor application: Application) -> AnyObject { ui(application) }

    /// The `UIWindowScene` is the `object` of a scene's notifications.
    package func object(standingFor scene: Scene) -> AnyObject { UIKitBridge.scene(for: scene) }

    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?)
        -> Bool
    {
        delegate.application(
            ui(application), willFinishLaunchingWithOptions: UIApplication.launchOptions(launchOptions, of: application)
        )
    }
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?)
        -> Bool
    {
        delegate.application(
            ui(application), didFinishLaunchingWithOptions: UIApplication.launchOptions(launchOptions, of: application))
    }
    public func applicationDidBecomeActive(_ application: Application) {
        delegate.applicationDidBecomeActive(ui(application))
    }
    public func applicationWillResignActive(_ application: Application) {
        delegate.applicationWillResignActive(ui(application))
    }
    public func applicationDidEnterBackground(_ application: Application) {
        delegate.applicationDidEnterBackground(ui(application))
    }
    public func applicationWillEnterForeground(_ application: Application) {
        delegate.applicationWillEnterForeground(ui(application))
    }
    public func applicationWillTerminate(_ application: Application) {
        delegate.applicationWillTerminate(ui(application))
    }
    public func applicationDidReceiveMemoryWarning(_ application: Application) {
        delegate.applicationDidReceiveMemoryWarning(ui(application))
    }
    public func applicationSignificantTimeChange(_ application: Application) {
        delegate.applicationSignificantTimeChange(ui(application))
    }
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {
        delegate.applicationProtectedDataWillBecomeUnavailable(ui(application))
    }
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) {
        delegate.applicationProtectedDataDidBecomeAvailable(ui(application))
    }
    public func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        var dictionary: [UIApplication.OpenURLOptionsKey: Any] = [:]
        if let source = options.sourceApplication { dictionary[.sourceApplication] = source }
        return delegate.application(ui(app), open: url, options: dictionary)
    }
    public func application(_ application: Application, willContinueUserActivityWithType userActivityType: String)
        -> Bool
    {
        delegate.application(ui(application), willContinueUserActivityWithType: userActivityType)
    }
    public func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        delegate.application(ui(application), performActionFor: shortcutItem, completionHandler: completionHandler)
    }
    public func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        delegate.application(ui(application), continue: userActivity, restorationHandler: restorationHandler)
    }
    public func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) {
        delegate.application(
            ui(application), didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) {
        delegate.application(ui(application), performFetchWithCompletionHandler: completionHandler)
    }
    public func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        delegate.application(
            ui(application), handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
    }
    public func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {
        delegate.application(ui(application), handleWatchKitExtensionRequest: userInfo, reply: reply)
    }

    // Scene sessions: the configuration the app chose is kept with the UIKit session, delegate class included.
    public func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration {
        let session = UIKitBridge.session(for: connectingSceneSession)
        let chosen = delegate.application(
            ui(application), configurationForConnecting: session, options: UIScene.ConnectionOptions(options))
        session.chosenConfiguration = chosen
        return chosen.kitConfiguration
    }
    public func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {
        delegate.application(
            ui(application), didDiscardSceneSessions: Set(sceneSessions.map(UIKitBridge.session(for:))))
        for session in sceneSessions { UIKitBridge.forget(session) }
    }

    // State preservation and restoration, with UIKit's `NSCoder`.
    public func application(_ application: Application, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        delegate.application(ui(application), shouldSaveSecureApplicationState: coder)
    }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: NSCoder) {
        delegate.application(ui(application), willEncodeRestorableStateWith: coder)
    }
    public func application(_ application: Application, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        delegate.application(ui(application), shouldRestoreSecureApplicationState: coder)
    }
    public func application(_ application: Application, didDecodeRestorableStateWith coder: NSCoder) {
        delegate.application(ui(application), didDecodeRestorableStateWith: coder)
    }
}
