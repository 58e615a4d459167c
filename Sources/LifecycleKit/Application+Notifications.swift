import Foundation
import LifecycleCore

extension Application {
    /// The `Notification.Name` of a UIKit notification.
    public static func name(of notification: UIKitNotification) -> Notification.Name {
        Notification.Name(notification.name)
    }

    public static let didFinishLaunchingNotification = name(of: .didFinishLaunching)
    public static let didBecomeActiveNotification = name(of: .didBecomeActive)
    public static let willResignActiveNotification = name(of: .willResignActive)
    public static let didEnterBackgroundNotification = name(of: .didEnterBackground)
    public static let willEnterForegroundNotification = name(of: .willEnterForeground)
    public static let willTerminateNotification = name(of: .willTerminate)
    public static let didReceiveMemoryWarningNotification = name(of: .didReceiveMemoryWarning)
    public static let significantTimeChangeNotification = name(of: .significantTimeChange)
    public static let protectedDataWillBecomeUnavailableNotification = name(of: .protectedDataWillBecomeUnavailable)
    public static let protectedDataDidBecomeAvailableNotification = name(of: .protectedDataDidBecomeAvailable)
}
