import Foundation
import LifecycleCore

extension Application {
    /// The `Notification.Name` of a UIKit notification.
    public nonisolated static func name(of notification: UIKitNotification) -> Notification.Name {
        Notification.Name(notification.name)
    }

    public nonisolated static let didFinishLaunchingNotification = name(of: .didFinishLaunching)
    public nonisolated static let didBecomeActiveNotification = name(of: .didBecomeActive)
    public nonisolated static let willResignActiveNotification = name(of: .willResignActive)
    public nonisolated static let didEnterBackgroundNotification = name(of: .didEnterBackground)
    public nonisolated static let willEnterForegroundNotification = name(of: .willEnterForeground)
    public nonisolated static let willTerminateNotification = name(of: .willTerminate)
    public nonisolated static let didReceiveMemoryWarningNotification = name(of: .didReceiveMemoryWarning)
    public nonisolated static let significantTimeChangeNotification = name(of: .significantTimeChange)
    public nonisolated static let protectedDataWillBecomeUnavailableNotification = name(
        of: .protectedDataWillBecomeUnavailable)
    public nonisolated static let protectedDataDidBecomeAvailableNotification = name(
        of: .protectedDataDidBecomeAvailable)
}
