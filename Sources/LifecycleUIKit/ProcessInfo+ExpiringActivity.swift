import Foundation
import LifecycleKit

extension ProcessInfo {
    /// `performExpiringActivity(withReason:using:)`, the other way iOS code keeps running when the app leaves the
    /// screen: the block runs with `false` while the app holds background time for it, as with a background task that
    /// begins before it and ends when it returns; with `true` when the app cannot get any (it is not running code).
    ///
    /// iOS calls the block on a queue of its own and again with `true` when the time runs out; the block here runs
    /// at once, in virtual time no work outlasts it, so it is never called a second time.
    public func performExpiringActivity(withReason reason: String, using block: @escaping @Sendable (Bool) -> Void) {
        guard MainQueueCheck.isOnMainQueue else {
            block(false)
            return
        }
        MainActor.assumeIsolated {
            guard let application = Application.current else {
                block(false)
                return
            }
            let task = application.beginBackgroundTask(withName: reason, expirationHandler: nil)
            guard task != .invalid else {
                block(true)
                return
            }
            block(false)
            application.endBackgroundTask(task)
        }
    }
}

extension ProcessInfo {
    /// Whether Low Power Mode is on: never here.
    public var isLowPowerModeEnabled: Bool { false }

    /// How hot the device runs: never more than nominal here.
    public var thermalState: ThermalState { .nominal }

    /// How hot the device runs (`ProcessInfo.ThermalState`).
    public enum ThermalState: Int, Sendable {
        case nominal, fair, serious, critical
    }

    /// Posted when the thermal state changes: never here.
    public static let thermalStateDidChangeNotification = Notification.Name(
        "NSProcessInfoThermalStateDidChangeNotification")
}

extension Notification.Name {
    /// Posted when Low Power Mode is turned on or off: never here, where it stays off
    /// (`ProcessInfo.processInfo.isLowPowerModeEnabled`).
    // swift-format-ignore: AlwaysUseLowerCamelCase
    public static let NSProcessInfoPowerStateDidChange = Notification.Name(
        "NSProcessInfoPowerStateDidChangeNotification")
}
