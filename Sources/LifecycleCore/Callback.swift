/// A method of `UIApplicationDelegate` that the system calls, by its Objective-C selector (docs/lifecycle.md §2).
///
/// The raw value is the selector, which is how traces and iOS logs name the callback.
public enum Callback: String, CaseIterable, Sendable, Hashable, Codable, BitwiseCopyable {
    case willFinishLaunching = "application:willFinishLaunchingWithOptions:"
    case didFinishLaunching = "application:didFinishLaunchingWithOptions:"
    case didBecomeActive = "applicationDidBecomeActive:"
    case willResignActive = "applicationWillResignActive:"
    case didEnterBackground = "applicationDidEnterBackground:"
    case willEnterForeground = "applicationWillEnterForeground:"
    case willTerminate = "applicationWillTerminate:"
    case didReceiveMemoryWarning = "applicationDidReceiveMemoryWarning:"
    case significantTimeChange = "applicationSignificantTimeChange:"
    case protectedDataWillBecomeUnavailable = "applicationProtectedDataWillBecomeUnavailable:"
    case protectedDataDidBecomeAvailable = "applicationProtectedDataDidBecomeAvailable:"
    case openURL = "application:openURL:options:"
    case performActionForShortcutItem = "application:performActionForShortcutItem:completionHandler:"
    case willContinueUserActivity = "application:willContinueUserActivityWithType:"
    case continueUserActivity = "application:continueUserActivity:restorationHandler:"
    case didReceiveRemoteNotification = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
    case performFetch = "application:performFetchWithCompletionHandler:"
    case handleEventsForBackgroundURLSession = "application:handleEventsForBackgroundURLSession:completionHandler:"
    case handleWatchKitExtensionRequest = "application:handleWatchKitExtensionRequest:reply:"
    case shouldSaveApplicationState = "application:shouldSaveApplicationState:"
    case willEncodeRestorableState = "application:willEncodeRestorableStateWithCoder:"
    case shouldRestoreApplicationState = "application:shouldRestoreApplicationState:"
    case didDecodeRestorableState = "application:didDecodeRestorableStateWithCoder:"
    case configurationForConnecting = "application:configurationForConnectingSceneSession:options:"
    case didDiscardSceneSessions = "application:didDiscardSceneSessions:"

    // The scene delegate's methods (iOS 13 and later).
    case sceneWillConnect = "scene:willConnectToSession:options:"
    case sceneDidDisconnect = "sceneDidDisconnect:"
    case sceneDidBecomeActive = "sceneDidBecomeActive:"
    case sceneWillResignActive = "sceneWillResignActive:"
    case sceneWillEnterForeground = "sceneWillEnterForeground:"
    case sceneDidEnterBackground = "sceneDidEnterBackground:"
    case sceneOpenURLContexts = "scene:openURLContexts:"
    case sceneWillContinueUserActivity = "scene:willContinueUserActivityWithType:"
    case sceneContinueUserActivity = "scene:continueUserActivity:"
    case windowScenePerformActionForShortcutItem = "windowScene:performActionForShortcutItem:completionHandler:"
    case stateRestorationActivityForScene = "stateRestorationActivityForScene:"

    // The methods of the delegate of `UNUserNotificationCenter` (iOS 10 and later; docs/lifecycle.md §18).
    case notificationWillPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    case notificationDidReceive = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"

    /// The Objective-C selector, as iOS logs print it.
    public var selector: String { rawValue }

    /// Whether this is a method of the scene delegate (it concerns one scene) rather than of the app delegate.
    public var isSceneCallback: Bool {
        switch self {
        case .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground, .sceneOpenURLContexts, .sceneWillContinueUserActivity,
            .sceneContinueUserActivity, .windowScenePerformActionForShortcutItem, .stateRestorationActivityForScene:
            true
        default:
            false
        }
    }

    /// The `UIApplication` notification that follows a scene-delegate method's own when the app's state changes
    /// with the scene's (docs/lifecycle.md §13).
    public var applicationNotification: UIKitNotification? {
        switch self {
        case .sceneWillEnterForeground: .willEnterForeground
        case .sceneDidBecomeActive: .didBecomeActive
        case .sceneWillResignActive: .willResignActive
        case .sceneDidEnterBackground: .didEnterBackground
        default: nil
        }
    }

    /// The notification UIKit posts right after this callback returns, if any (a `UIScene` notification for a
    /// scene-delegate method). Inlined: the phone asks after every call, and the switch is a table lookup.
    @inline(__always)
    public var notification: UIKitNotification? {
        switch self {
        case .sceneWillConnect: .sceneWillConnect
        case .sceneDidDisconnect: .sceneDidDisconnect
        case .sceneDidBecomeActive: .sceneDidActivate
        case .sceneWillResignActive: .sceneWillDeactivate
        case .sceneWillEnterForeground: .sceneWillEnterForeground
        case .sceneDidEnterBackground: .sceneDidEnterBackground
        case .didFinishLaunching: .didFinishLaunching
        case .didBecomeActive: .didBecomeActive
        case .willResignActive: .willResignActive
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        case .significantTimeChange: .significantTimeChange
        case .protectedDataWillBecomeUnavailable: .protectedDataWillBecomeUnavailable
        case .protectedDataDidBecomeAvailable: .protectedDataDidBecomeAvailable
        default: nil
        }
    }

    /// Whether this is a method of the delegate of `UNUserNotificationCenter`, which the system calls only while
    /// the app has set one (docs/lifecycle.md §18).
    @inline(__always)
    public var isNotificationCenterCallback: Bool {
        switch self {
        case .notificationWillPresent, .notificationDidReceive: true
        default: false
        }
    }

    /// Whether the method returns a `BOOL` that the system acts on.
    public var returnsDecision: Bool {
        switch self {
        case .willFinishLaunching, .didFinishLaunching, .shouldSaveApplicationState,
            .shouldRestoreApplicationState, .stateRestorationActivityForScene:
            // stateRestorationActivityForScene: returns an activity or nil: YES is "returned one".
            true
        default:
            false
        }
    }

    /// How long the method may run before the watchdog kills the app, when a limit applies to it alone (docs/lifecycle.md §4).
    ///
    /// The launch methods share one limit for the whole launch: ``WatchdogLimit/launch``.
    public var watchdogLimit: Duration? {
        switch self {
        case .didEnterBackground, .willTerminate, .sceneDidEnterBackground: WatchdogLimit.callback
        default: nil
        }
    }
}

/// The watchdog's limits (docs/lifecycle.md §4; Apple, Execution States).
public enum WatchdogLimit {
    /// `applicationDidEnterBackground:` and `applicationWillTerminate:` must return within 5 s.
    public static let callback: Duration = .seconds(5)
    /// `willFinishLaunching` and `didFinishLaunching` together must return within 20 s.
    public static let launch: Duration = .seconds(20)
    /// A background event's completion handler must be called within 30 s.
    public static let backgroundEventCompletion: Duration = .seconds(30)
}
