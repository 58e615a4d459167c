/// Why an app was launched: the `launchOptions` dictionary, as a typed value.
public struct LaunchOptions: Sendable, Hashable, Codable {
    /// `UIApplicationLaunchOptionsURLKey`.
    public var url: String?
    /// `UIApplicationLaunchOptionsSourceApplicationKey`.
    public var sourceApplication: String?
    /// `UIApplicationLaunchOptionsShortcutItemKey`: the quick action's type.
    public var shortcutItem: String?
    /// `UIApplicationLaunchOptionsUserActivityTypeKey`.
    public var userActivityType: String?
    /// `UIApplicationLaunchOptionsRemoteNotificationKey`: launched for a push notification.
    public var remoteNotification: Bool
    /// The name of the payload the push carries, among the app's declared ones (docs/lifecycle.md §19): the key's
    /// dictionary is its JSON.
    public var remoteNotificationPayload: String?

    public init(
        url: String? = nil, sourceApplication: String? = nil, shortcutItem: String? = nil,
        userActivityType: String? = nil, remoteNotification: Bool = false, remoteNotificationPayload: String? = nil
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.shortcutItem = shortcutItem
        self.userActivityType = userActivityType
        self.remoteNotification = remoteNotification
        self.remoteNotificationPayload = remoteNotification ? remoteNotificationPayload : nil
    }

    /// Whether no option is set (a plain tap on the icon).
    public var isEmpty: Bool {
        url == nil && sourceApplication == nil && shortcutItem == nil && userActivityType == nil && !remoteNotification
    }

    /// The options that are set, as key–value pairs in a stable order, with UIKit's Swift key names
    /// (`remoteNotification`'s value is its payload's name, or `true`).
    public var entries: [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        if let url { entries.append(("url", url)) }
        if let sourceApplication { entries.append(("sourceApplication", sourceApplication)) }
        if let shortcutItem { entries.append(("shortcutItem", shortcutItem)) }
        if let userActivityType { entries.append(("userActivityType", userActivityType)) }
        if remoteNotification {
            entries.append(("remoteNotification", remoteNotificationPayload ?? "true"))
        }
        return entries
    }
}
