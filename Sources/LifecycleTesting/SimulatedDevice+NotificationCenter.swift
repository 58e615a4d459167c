import Foundation
import LifecycleUIKit

/// The center where a simulated device posts its apps' UIKit notifications: LifecycleUIKit's `NotificationCenter`,
/// so that a test's observer on `queue: .main` runs inside the post, as on iOS, and never waits for the main queue
/// the test itself holds (Foundation's `.main` would: the test process hung).
public typealias DeviceNotificationCenter = LifecycleUIKit.NotificationCenter

extension SimulatedDevice {
    /// Where the UIKit notifications of this device's apps are posted: a center of the device's own, so that
    /// tests running side by side never hear each other. `addObserver(forName:object:queue: .main)` on it runs the
    /// block inside the post, whatever the test file imports.
    public var notificationCenter: DeviceNotificationCenter {
        // The device makes its center with `makeNotificationCenter`, or is given one of this class.
        notificationCenters.center as! DeviceNotificationCenter
    }

    static func makeNotificationCenter() -> Foundation.NotificationCenter {
        DeviceNotificationCenter()
    }
}
