import Foundation
import LifecycleKit

/// The device the app runs on (`UIDevice.current`): an iPhone or an iPad of the host's iOS version.
///
/// Under a simulated device it is the device the test made (`device: .ipad`, `profile: .ios15`); a host of one
/// process says an iPhone of the default profile's version. `identifierForVendor` is one per app and device, kept
/// across the app's processes. The battery is full and unplugged, and the orientation portrait: no step changes them.
@MainActor
public final class UIDevice {
    /// The device of the app whose code runs.
    public static var current: UIDevice { UIDevice(application: Application.current) }

    private let application: Application?

    private init(application: Application?) { self.application = application }

    private var kind: DeviceKind { application?.host.deviceKind ?? .iphone }

    /// The user's name for the device.
    public var name: String { kind == .ipad ? "iPad" : "iPhone" }
    /// The kind of device: "iPhone" or "iPad".
    public var model: String { name }
    public var localizedModel: String { name }
    public var systemName: String { kind == .ipad ? "iPadOS" : "iOS" }
    /// The iOS version, as "17.0".
    public var systemVersion: String { "\(application?.host.iosVersion ?? Profile.defaultProfile.version).0" }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { kind == .ipad ? .pad : .phone }
    public var isMultitaskingSupported: Bool { true }
    public var orientation: UIDeviceOrientation { .portrait }

    /// One identifier per app on this device, kept across its processes.
    public var identifierForVendor: UUID? { application?.vendorIdentifier }

    public var isBatteryMonitoringEnabled = false
    /// -1 until battery monitoring is enabled, as on iOS; then full.
    public var batteryLevel: Float { isBatteryMonitoringEnabled ? 1 : -1 }
    public var batteryState: BatteryState { isBatteryMonitoringEnabled ? .unplugged : .unknown }
    public var isProximityMonitoringEnabled = false

    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}

    public enum BatteryState: Int, Sendable { case unknown, unplugged, charging, full }

    public static let batteryLevelDidChangeNotification = Notification.Name("UIDeviceBatteryLevelDidChangeNotification")
    public static let batteryStateDidChangeNotification = Notification.Name("UIDeviceBatteryStateDidChangeNotification")
    public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
}

/// The kind of interface the app shows.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
    case vision = 6
}

/// How the device is held.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
