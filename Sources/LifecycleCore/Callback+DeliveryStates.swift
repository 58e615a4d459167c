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
        case .openURL, .performActionForShortcutItem, .willContinueUserActivity, .continueUserActivity:
            [.inactive, .active]
        case .didReceiveMemoryWarning, .significantTimeChange, .protectedDataWillBecomeUnavailable,
            .protectedDataDidBecomeAvailable, .didReceiveRemoteNotification, .performFetch,
            .handleEventsForBackgroundURLSession, .handleWatchKitExtensionRequest:
            [.inactive, .active, .background]
        }
    }
}
