extension Callback {
    /// The states an app may be in when the system calls this method, as UIKit reports them inside it
    /// (docs/lifecycle.md §2, §3, §11). No callback reaches a suspended or not-running app.
    public var deliveryStates: Set<AppState> {
        switch self {
        case .willFinishLaunching, .didFinishLaunching:
            [.inactive, .background]
        case .shouldRestoreApplicationState, .didDecodeRestorableState:
            [.inactive]
        case .didBecomeActive, .willResignActive:
            [.active]
        case .didEnterBackground, .willEnterForeground, .willTerminate, .shouldSaveApplicationState,
            .willEncodeRestorableState:
            [.background]
        // The app is in the background for its only scene's steps; with several scenes (§16) its state is the most
        // active scene's, so one scene's steps may come while another keeps the app in the foreground.
        case .configurationForConnecting, .didDiscardSceneSessions, .sceneWillConnect, .sceneWillEnterForeground,
            .sceneDidEnterBackground, .sceneDidDisconnect, .stateRestorationActivityForScene:
            [.background, .inactive, .active]
        case .sceneDidBecomeActive, .sceneWillResignActive:
            [.active]
        // A URL reaches a scene in the background too, before it enters the foreground (§13).
        case .sceneOpenURLContexts:
            [.background, .inactive, .active]
        case .sceneWillContinueUserActivity, .sceneContinueUserActivity, .windowScenePerformActionForShortcutItem:
            [.inactive, .active]
        case .openURL, .performActionForShortcutItem, .willContinueUserActivity, .continueUserActivity:
            [.inactive, .active]
        case .didReceiveMemoryWarning, .significantTimeChange, .protectedDataWillBecomeUnavailable,
            .protectedDataDidBecomeAvailable, .didReceiveRemoteNotification, .performFetch,
            .handleEventsForBackgroundURLSession, .handleWatchKitExtensionRequest:
            [.inactive, .active, .background]
        // A notification is presented to an app in the foreground; a response reaches it inactive on its way to the
        // foreground, active, or in the background for an action that does not open it (§18).
        case .notificationWillPresent:
            [.inactive, .active]
        case .notificationDidReceive:
            [.inactive, .active, .background]
        }
    }

    /// The states a scene may be in when the system calls this scene-delegate method about it, as UIKit
    /// reports them inside it; empty for an app-delegate method.
    public var sceneDeliveryStates: Set<SceneState> {
        switch self {
        case .sceneWillConnect, .sceneDidDisconnect: [.unattached]
        case .sceneWillEnterForeground: [.unattached, .background]
        case .sceneDidBecomeActive, .sceneWillResignActive: [.foregroundActive]
        case .sceneDidEnterBackground, .stateRestorationActivityForScene: [.background]
        case .sceneOpenURLContexts: [.background, .foregroundInactive, .foregroundActive]
        case .sceneWillContinueUserActivity, .sceneContinueUserActivity, .windowScenePerformActionForShortcutItem:
            [.foregroundInactive, .foregroundActive]
        default: []
        }
    }
}
