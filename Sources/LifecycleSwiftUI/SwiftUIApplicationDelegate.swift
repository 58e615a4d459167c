import Foundation
import LifecycleKit

/// SwiftUI's own app delegate: it makes the `App`, calls the app's `@UIApplicationDelegateAdaptor` delegate for every
/// method, evaluates the app's body at the launch, and makes SwiftUI's scene delegate for every scene.
@MainActor
final class SwiftUIApplicationDelegate: UIResponder, UIApplicationDelegate {
    private(set) var runtime: SwiftUIRuntime!

    convenience init<A: App>(app: A.Type) {
        self.init()
        runtime = SwiftUIRuntime(app: app)
    }

    required init() { super.init() }

    private var adaptor: (any UIApplicationDelegate)? { runtime.adaptor }

    /// SwiftUI's app delegate of the app whose code runs.
    static var current: SwiftUIApplicationDelegate? {
        (Application.current?.delegate as? UIKitApplicationDelegate)?.delegate as? SwiftUIApplicationDelegate
    }

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        adaptor?.application(application, willFinishLaunchingWithOptions: launchOptions) ?? true
    }

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let answer = adaptor?.application(application, didFinishLaunchingWithOptions: launchOptions) ?? true
        runtime.launch()
        return answer
    }

    func applicationDidBecomeActive(_ application: UIApplication) { adaptor?.applicationDidBecomeActive(application) }
    func applicationWillResignActive(_ application: UIApplication) {
        adaptor?.applicationWillResignActive(application)
    }
    func applicationDidEnterBackground(_ application: UIApplication) {
        adaptor?.applicationDidEnterBackground(application)
    }
    func applicationWillEnterForeground(_ application: UIApplication) {
        adaptor?.applicationWillEnterForeground(application)
    }
    func applicationWillTerminate(_ application: UIApplication) { adaptor?.applicationWillTerminate(application) }
    func applicationDidReceiveMemoryWarning(_ application: UIApplication) {
        adaptor?.applicationDidReceiveMemoryWarning(application)
    }
    func applicationSignificantTimeChange(_ application: UIApplication) {
        adaptor?.applicationSignificantTimeChange(application)
    }
    func applicationProtectedDataWillBecomeUnavailable(_ application: UIApplication) {
        adaptor?.applicationProtectedDataWillBecomeUnavailable(application)
    }
    func applicationProtectedDataDidBecomeAvailable(_ application: UIApplication) {
        adaptor?.applicationProtectedDataDidBecomeAvailable(application)
    }
    func application(
        _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        guard let adaptor else { return completionHandler(false) }
        adaptor.application(application, performActionFor: shortcutItem, completionHandler: completionHandler)
    }
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let adaptor else { return completionHandler(.noData) }
        adaptor.application(
            application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler)
    }
    func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let adaptor else { return completionHandler(.noData) }
        adaptor.application(application, performFetchWithCompletionHandler: completionHandler)
    }
    /// A background URL session's events go to the app's `.backgroundTask(.urlSession)` actions for that session,
    /// and the completion handler is called when they have all returned; with none, to the adaptor's delegate.
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        let actions = runtime.urlSessionActions(for: identifier)
        guard actions.isEmpty else {
            Task { @MainActor in
                for action in actions { await action(identifier) }
                completionHandler()
            }
            return
        }
        guard let adaptor else { return completionHandler() }
        adaptor.application(
            application, handleEventsForBackgroundURLSession: identifier, completionHandler: completionHandler)
    }

    /// The configuration of every scene names SwiftUI's scene delegate; a scene delegate class the app's delegate
    /// names is kept, and called beside it (as SwiftUI does for quick actions).
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let chosen =
            adaptor?.application(application, configurationForConnecting: connectingSceneSession, options: options)
            ?? UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        if let own = chosen.delegateClass as? LifecycleUIKit.NSObject.Type, own != SwiftUISceneDelegate.self {
            // Kept with the app, across its processes, as iOS keeps a session's configuration: a scene the system
            // makes again after a purge (which asks for no configuration) gets its own delegate too.
            Application.current?.sessionDelegateClasses[connectingSceneSession.persistentIdentifier] = own
            // iOS remembers the configuration of a kind of scene, and asks for none on later launches, even after a
            // swipe (docs/lifecycle.md §13): a new session of the role gets the same delegate.
            Application.current?.sessionDelegateClasses[Self.roleKey(connectingSceneSession.role)] = own
        }
        chosen.delegateClass = SwiftUISceneDelegate.self
        return chosen
    }

    /// The scene delegate class the app's configuration named for a session: the one chosen for it, else the one
    /// chosen last for its role.
    func sceneDelegateClass(for session: UISceneSession) -> LifecycleUIKit.NSObject.Type? {
        let chosen = Application.current?.sessionDelegateClasses
        return (chosen?[session.persistentIdentifier] ?? chosen?[Self.roleKey(session.role)])
            as? LifecycleUIKit.NSObject.Type
    }

    private static func roleKey(_ role: UISceneSession.Role) -> String { "role \(role.rawValue)" }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        adaptor?.application(application, didDiscardSceneSessions: sceneSessions)
    }
}
