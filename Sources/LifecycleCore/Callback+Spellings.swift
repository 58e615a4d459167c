extension Callback {
    /// The method's Swift name, as `#function` prints it in an app delegate: `applicationDidBecomeActive(_:)`,
    /// `application(_:didFinishLaunchingWithOptions:)`.
    public var swiftName: String {
        switch self {
        case .willFinishLaunching: "application(_:willFinishLaunchingWithOptions:)"
        case .didFinishLaunching: "application(_:didFinishLaunchingWithOptions:)"
        case .openURL: "application(_:open:options:)"
        case .performActionForShortcutItem: "application(_:performActionFor:completionHandler:)"
        case .willContinueUserActivity: "application(_:willContinueUserActivityWithType:)"
        case .continueUserActivity: "application(_:continue:restorationHandler:)"
        case .didReceiveRemoteNotification: "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)"
        case .performFetch: "application(_:performFetchWithCompletionHandler:)"
        case .handleEventsForBackgroundURLSession:
            "application(_:handleEventsForBackgroundURLSession:completionHandler:)"
        case .handleWatchKitExtensionRequest: "application(_:handleWatchKitExtensionRequest:reply:)"
        case .shouldSaveApplicationState: "application(_:shouldSaveApplicationState:)"
        case .willEncodeRestorableState: "application(_:willEncodeRestorableStateWith:)"
        case .shouldRestoreApplicationState: "application(_:shouldRestoreApplicationState:)"
        case .didDecodeRestorableState: "application(_:didDecodeRestorableStateWith:)"
        case .configurationForConnecting: "application(_:configurationForConnecting:options:)"
        case .didDiscardSceneSessions: "application(_:didDiscardSceneSessions:)"
        case .sceneWillConnect: "scene(_:willConnectTo:options:)"
        case .sceneOpenURLContexts: "scene(_:openURLContexts:)"
        case .sceneWillContinueUserActivity: "scene(_:willContinueUserActivityWithType:)"
        case .sceneContinueUserActivity: "scene(_:continue:)"
        case .windowScenePerformActionForShortcutItem: "windowScene(_:performActionFor:completionHandler:)"
        case .stateRestorationActivityForScene: "stateRestorationActivity(for:)"
        case .notificationWillPresent: "userNotificationCenter(_:willPresent:withCompletionHandler:)"
        case .notificationDidReceive: "userNotificationCenter(_:didReceive:withCompletionHandler:)"
        default:
            // The one-argument methods: `applicationDidBecomeActive:` is `applicationDidBecomeActive(_:)`.
            String(selector.dropLast()) + "(_:)"
        }
    }

    /// Other names of the same method that logs show: the selectors and Swift names UIKit had before, or has
    /// beside, the current one (`application:openURL:sourceApplication:annotation:` before iOS 9, the `Secure`
    /// restoration methods of iOS 13.2).
    public var otherNames: [String] {
        switch self {
        case .didFinishLaunching: ["applicationDidFinishLaunching:", "applicationDidFinishLaunching(_:)"]
        case .openURL:
            [
                "application:openURL:sourceApplication:annotation:",
                "application(_:open:sourceApplication:annotation:)",
                "application:handleOpenURL:", "application(_:handleOpen:)",
            ]
        case .didReceiveRemoteNotification:
            ["application:didReceiveRemoteNotification:", "application(_:didReceiveRemoteNotification:)"]
        case .shouldSaveApplicationState:
            ["application:shouldSaveSecureApplicationState:", "application(_:shouldSaveSecureApplicationState:)"]
        case .shouldRestoreApplicationState:
            ["application:shouldRestoreSecureApplicationState:", "application(_:shouldRestoreSecureApplicationState:)"]
        // The `async` forms Swift offers beside the completion handlers.
        case .notificationWillPresent: ["userNotificationCenter(_:willPresent:)"]
        case .notificationDidReceive: ["userNotificationCenter(_:didReceive:)"]
        default: []
        }
    }
}

extension UIKitNotification {
    /// The type whose member the notification is in Swift: `UIApplication` or `UIScene`.
    public var swiftType: String { isSceneNotification ? "UIScene" : "UIApplication" }

    /// The notification's Swift name, a member of ``swiftType``: `didBecomeActiveNotification` for
    /// `UIApplicationDidBecomeActiveNotification`, `protectedDataWillBecomeUnavailableNotification` for
    /// `UIApplicationProtectedDataWillBecomeUnavailable`, `didActivateNotification` for
    /// `UISceneDidActivateNotification`.
    public var swiftName: String {
        var name = String(rawValue.dropFirst(swiftType.count))
        name = name.prefix(1).lowercased() + name.dropFirst()
        return name.hasSuffix("Notification") ? name : name + "Notification"
    }
}
