import Foundation
import LifecycleCore

/// The methods the system calls on an app, with UIKit's Swift names (`UIApplicationDelegate`).
///
/// Every method is optional: the default implementations do nothing and return `true`, as an unimplemented
/// method does in UIKit. An iOS `AppDelegate` ports by changing its import and the type names in the README.
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
    func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)
    func application(_ application: Application, willContinueUserActivityWithType userActivityType: String) -> Bool
    func application(_ application: Application, continue userActivity: UserActivity) -> Bool
    func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void)
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void)
    func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @MainActor @Sendable () -> Void)
    func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [String: String]?,
        reply: @escaping @MainActor @Sendable ([String: String]?) -> Void)
    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder)
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder)
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
    public func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool { true }
    public func application(
        _ application: Application, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) { completionHandler(true) }
    public func application(_ application: Application, willContinueUserActivityWithType userActivityType: String)
        -> Bool
    { true }
    public func application(_ application: Application, continue userActivity: UserActivity) -> Bool { true }
    public func application(
        _ application: Application, didReceiveRemoteNotification userInfo: [String: String],
        fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }
    public func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }
    public func application(
        _ application: Application, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping @MainActor @Sendable () -> Void
    ) { completionHandler() }
    public func application(
        _ application: Application, handleWatchKitExtensionRequest userInfo: [String: String]?,
        reply: @escaping @MainActor @Sendable ([String: String]?) -> Void
    ) { reply(nil) }
    public func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool {
        false
    }
    public func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {}
    public func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        false
    }
    public func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {}
}
