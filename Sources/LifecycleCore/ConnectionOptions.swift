/// What a scene is given as it connects (`UIScene.ConnectionOptions`): the URL, activity or quick action that
/// brought it forward, and whether its session hands it a restoration activity.
///
/// For a scene-based app these arrive here, in `scene:willConnectToSession:options:`, and not through
/// `scene:openURLContexts:` and its kin (docs/lifecycle.md §13).
public struct ConnectionOptions: Sendable, Hashable, Codable {
    public var url: String?
    public var sourceApplication: String?
    public var userActivityType: String?
    /// The activity's target content identifier (`NSUserActivity.targetContentIdentifier`), if it has one.
    public var userActivityTarget: String?
    public var shortcutItem: String?
    /// The session's state restoration activity, by the session it was saved in, if it has one.
    public var restorationActivity: SceneID?
    /// The action identifier of the notification response that opened the scene (`notificationResponse`;
    /// docs/lifecycle.md §18).
    public var notificationResponse: String?

    public init(
        url: String? = nil, sourceApplication: String? = nil, userActivityType: String? = nil,
        userActivityTarget: String? = nil, shortcutItem: String? = nil, restorationActivity: SceneID? = nil
    ) {
        self.url = url
        self.sourceApplication = sourceApplication
        self.userActivityType = userActivityType
        self.userActivityTarget = userActivityType == nil ? nil : userActivityTarget
        self.shortcutItem = shortcutItem
        self.restorationActivity = restorationActivity
    }

    /// The options that are set, by the names traces use.
    public var entries: [(key: String, value: String)] {
        var entries: [(key: String, value: String)] = []
        if let url { entries.append(("url", url)) }
        if let sourceApplication { entries.append(("sourceApplication", sourceApplication)) }
        if let userActivityType { entries.append(("userActivityType", userActivityType)) }
        if let userActivityTarget { entries.append(("userActivityTarget", userActivityTarget)) }
        if let shortcutItem { entries.append(("shortcutItem", shortcutItem)) }
        if let restorationActivity { entries.append(("restorationActivity", restorationActivity.rawValue)) }
        if let notificationResponse { entries.append(("notificationResponse", notificationResponse)) }
        return entries
    }
}
