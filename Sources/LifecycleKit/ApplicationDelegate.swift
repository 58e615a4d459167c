import Foundation
import LifecycleCore

/// The methods the system calls on an app, with UIKit's Swift names and types (`UIApplicationDelegate`).
///
/// Every method is optional: the default implementations do nothing and return `true`, as an unimplemented
/// method does in UIKit. An iOS `AppDelegate` ports by changing its import and the type names in the README.
///
/// A method whose type differs from the requirement's is a different method, and Swift would compile it
/// without a word and never call it. So each method with a closure, a dictionary or a coder is a
/// requirement in every spelling an app is likely to write — UIKit's (`@escaping (UIBackgroundFetchResult) ->
/// Void`, `[AnyHashable: Any]`, `NSCoder`, the `Secure` restoration names) and the Swift 6 one with
/// `@MainActor @Sendable` completion handlers — and the default of one spelling calls the next, so whichever
/// an app implements is the one called. A host calls the first spelling of each.
@MainActor
public protocol ApplicationDelegate: AnyObject {
    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool
    func applicationDidBecomeActive(_ application: Application)
    func applicationWillResignActive(_ application: Application)
    func applicationDidEnterBackground(_ application: Application)
    func applicationWillEnterForeground(_ application: Application)
    func applicationWillTerminate(_ application: Application)
    func applicationDidReceiveMemoryWarning(_ application: Application)
    func applicationSignificantTimeChange(_ application: Application)
    func applicationProtectedDataWillBecomeUnavailable(_ application: Application)
    func applicationProtectedDataDidBecomeAvailable(_ application: Application)
    func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool
    func application(_ application: Application, willContinueUserActivityWithType userActivityType: String) -> Bool

    // Scene sessions (iOS 13 and later; docs/lifecycle.md §13).
    func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>)

    // Event delivery with completion handlers: UIKit's spelling, then the main-actor one.
    func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping (Bool) -> Void)
    func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)
    func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool
    func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping @MainActor @Sendable ([any UserActivityRestoring]?) -> Void
    ) -> Bool
    func application(_ application: Application, continue userActivity: UserActivity) -> Bool
    func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void)
    func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void)

    // Background events: UIKit's spelling, then the main-actor one.
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void)
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void)
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void)
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @MainActor @Sendable () -> Void)
    func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void)
    func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping @MainActor @Sendable ([AnyHashable: Any]?) -> Void)

    // State preservation and restoration: `RestorationCoder` (Codable values), then UIKit's `NSCoder`
    // spellings, the `Secure` names of iOS 13.2 first.
    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: Application, shouldSaveSecureApplicationState coder: NSCoder) -> Bool
    func application(_ application: Application, shouldSaveApplicationState coder: NSCoder) -> Bool
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder)
    func application(_ application: Application, willEncodeRestorableStateWith coder: NSCoder)
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: Application, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool
    func application(_ application: Application, shouldRestoreApplicationState coder: NSCoder) -> Bool
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder)
    func application(_ application: Application, didDecodeRestorableStateWith coder: NSCoder)
}

extension ApplicationDelegate {
    public func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?)
        -> Bool
    { true }
    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?)
        -> Bool
    { true }
    public func applicationDidBecomeActive(_ application: Application) {}
    public func applicationWillResignActive(_ application: Application) {}
    public func applicationDidEnterBackground(_ application: Application) {}
    public func applicationWillEnterForeground(_ application: Application) {}
    public func applicationWillTerminate(_ application: Application) {}
    public func applicationDidReceiveMemoryWarning(_ application: Application) {}
    public func applicationSignificantTimeChange(_ application: Application) {}
    public func applicationProtectedDataWillBecomeUnavailable(_ application: Application) {}
    public func applicationProtectedDataDidBecomeAvailable(_ application: Application) {}
    public func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        Application.launchItemDropped("url")
        return true
    }
    public func application(_ application: Application, willContinueUserActivityWithType userActivityType: String)
        -> Bool
    { true }
    public func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration {
        SceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {}

    // MARK: Each spelling calls the next; the last does what an unimplemented method does.

    public func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        self.application(application, performActionFor: shortcutItem, completionHandler: mainActor(completionHandler))
    }
    public func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) {
        Application.launchItemDropped("shortcut")
        completionHandler(true)
    }

    public func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        self.application(application, continue: userActivity, restorationHandler: mainActor(restorationHandler))
    }
    public func application(
        _ application: Application, continue userActivity: UserActivity,
        restorationHandler: @escaping @MainActor @Sendable ([any UserActivityRestoring]?) -> Void
    ) -> Bool {
        self.application(application, continue: userActivity)
    }
    public func application(_ application: Application, continue userActivity: UserActivity) -> Bool {
        Application.launchItemDropped("activity")
        return true
    }

    public func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) {
        self.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: mainActor(completionHandler))
    }
    public func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }

    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
    ) {
        self.application(application, performFetchWithCompletionHandler: mainActor(completionHandler))
    }
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }

    public func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        self.application(
            application, handleEventsForBackgroundURLSession: identifier,
            completionHandler: mainActor(completionHandler))
    }
    public func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) { completionHandler() }

    public func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping ([AnyHashable: Any]?) -> Void
    ) {
        self.application(application, handleWatchKitExtensionRequest: userInfo, reply: mainActor(reply))
    }
    public func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
        reply: @escaping @MainActor @Sendable ([AnyHashable: Any]?) -> Void
    ) { reply(nil) }

    public func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        self.application(application, shouldSaveSecureApplicationState: coder.keyedArchiver)
    }
    public func application(_ application: Application, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
        self.application(application, shouldSaveApplicationState: coder)
    }
    public func application(_ application: Application, shouldSaveApplicationState coder: NSCoder) -> Bool { false }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        self.application(application, willEncodeRestorableStateWith: coder.keyedArchiver)
    }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: NSCoder) {}
    public func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        guard let unarchiver = coder.keyedUnarchiver else { return false }
        return self.application(application, shouldRestoreSecureApplicationState: unarchiver)
    }
    public func application(_ application: Application, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
        self.application(application, shouldRestoreApplicationState: coder)
    }
    public func application(_ application: Application, shouldRestoreApplicationState coder: NSCoder) -> Bool {
        false
    }
    public func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {
        guard let unarchiver = coder.keyedUnarchiver else { return }
        self.application(application, didDecodeRestorableStateWith: unarchiver)
    }
    public func application(_ application: Application, didDecodeRestorableStateWith coder: NSCoder) {}
}

/// UIKit's completion handler as a main-actor one: the closure stays on the main actor, where the
/// application created it and where the app's code received it.
@MainActor
private func mainActor<Argument>(_ handler: @escaping (Argument) -> Void) -> @MainActor @Sendable (Argument) -> Void {
    { argument in handler(argument) }
}

@MainActor
private func mainActor(_ handler: @escaping () -> Void) -> @MainActor @Sendable () -> Void {
    { handler() }
}
