import Foundation
import LifecycleCore
import LifecycleKit

extension UIApplication {
    /// `UIApplication.LaunchOptionsKey`: the keys of the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A `URL` the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// The bundle identifier of the app that opened the URL (a `String`).
        public static let sourceApplication = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        /// The quick action that launched the app (a `UIApplicationShortcutItem`).
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        /// The activity the app was launched to continue (a dictionary with its ``userActivityType``).
        public static let userActivityDictionary = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
        /// The type of the activity, inside ``userActivityDictionary`` (a `String`).
        public static let userActivityType = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityTypeKey")
        /// The remote notification that launched the app (its payload, a dictionary).
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        /// A location event launched the app: never, here (the model has no location services).
        public static let location = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsLocationKey")
        /// A Bluetooth accessory's event launched the app: never, here.
        public static let bluetoothCentrals = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsBluetoothCentralsKey")
        public static let bluetoothPeripherals = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsBluetoothPeripheralsKey")
    }

    /// `UIApplication.OpenURLOptionsKey`: the keys of `application(_:open:options:)`'s options.
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The bundle identifier of the app that opened the URL (a `String`).
        public static let sourceApplication = OpenURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    /// The launch options as UIKit hands them to the app delegate: `nil` for a launch from the icon.
    static func launchOptions(_ options: LaunchOptions?, of application: Application) -> [LaunchOptionsKey: Any]? {
        guard let options, !options.isEmpty else { return nil }
        var dictionary: [LaunchOptionsKey: Any] = [:]
        if let url = options.url { dictionary[.url] = URL(string: url) ?? URL(fileURLWithPath: url) }
        if let source = options.sourceApplication { dictionary[.sourceApplication] = source }
        if let type = options.shortcutItem { dictionary[.shortcutItem] = application.shortcutItem(ofType: type) }
        if let type = options.userActivityType {
            dictionary[.userActivityDictionary] = [LaunchOptionsKey.userActivityType: type]
        }
        if options.remoteNotification {
            dictionary[.remoteNotification] = application.userInfo(ofPayload: options.remoteNotificationPayload)
        }
        return dictionary
    }
}
