/// A notification UIKit posts for a lifecycle event, by its UIKit name (docs/lifecycle.md §2).
public enum UIKitNotification: String, CaseIterable, Sendable, Hashable {
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

    /// The name UIKit gives the notification.
    public var name: String { rawValue }
}
