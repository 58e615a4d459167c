/// A notification UIKit posts for a lifecycle event, by its UIKit name (docs/lifecycle.md §2, §13).
public enum UIKitNotification: String, CaseIterable, Sendable, Hashable, Codable, BitwiseCopyable {
    case didFinishLaunching = "UIApplicationDidFinishLaunchingNotification"
    case didBecomeActive = "UIApplicationDidBecomeActiveNotification"
    case willResignActive = "UIApplicationWillResignActiveNotification"
    case didEnterBackground = "UIApplicationDidEnterBackgroundNotification"
    case willEnterForeground = "UIApplicationWillEnterForegroundNotification"
    case willTerminate = "UIApplicationWillTerminateNotification"
    case didReceiveMemoryWarning = "UIApplicationDidReceiveMemoryWarningNotification"
    case significantTimeChange = "UIApplicationSignificantTimeChangeNotification"
    case protectedDataWillBecomeUnavailable = "UIApplicationProtectedDataWillBecomeUnavailable"
    case protectedDataDidBecomeAvailable = "UIApplicationProtectedDataDidBecomeAvailable"
    // UIScene's, posted with the scene as object (docs/lifecycle.md §13).
    case sceneWillConnect = "UISceneWillConnectNotification"
    case sceneDidDisconnect = "UISceneDidDisconnectNotification"
    case sceneDidActivate = "UISceneDidActivateNotification"
    case sceneWillDeactivate = "UISceneWillDeactivateNotification"
    case sceneWillEnterForeground = "UISceneWillEnterForegroundNotification"
    case sceneDidEnterBackground = "UISceneDidEnterBackgroundNotification"

    /// The name UIKit gives the notification.
    public var name: String { rawValue }

    /// Whether `UIScene` posts it (about one scene) rather than `UIApplication`.
    public var isSceneNotification: Bool { rawValue.hasPrefix("UIScene") }
}
