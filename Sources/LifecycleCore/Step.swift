/// One thing an app's run loop does. Internal to ``Phone``.
///
/// A step is a plain value, copied without reference counting: the run loop copies many of them on every event.
/// What a call carries beyond its callback (launch options, a URL) waits in the app's record under a
/// ``DetailTicket`` until the call is made.
enum Step: Sendable {
    /// Where a call's ``CallbackDetail`` waits in ``AppRecord/parkedDetails`` until the call is made.
    struct DetailTicket: Sendable, Hashable {
        let number: UInt32
    }

    /// When a conditional step happens.
    enum Condition: Sendable {
        case always
        /// Neither launch method returned NO (the gate of `application:openURL:options:`, Apple, Execution States).
        case launchAccepted
        /// `application:didFinishLaunchingWithOptions:` returned YES (the gate of quick actions).
        case didFinishLaunchingAccepted
        /// The last `BOOL`-returning callback answered YES.
        case lastAnswerYes
        /// The app has never had a scene configured: iOS asks for the configuration on the app's first launch
        /// and remembers it, even after the user swipes the app away (docs/lifecycle.md §13).
        case firstConfiguration
        /// The scene the steps are about is connected: a scene that follows the app's window, such as an external
        /// display's, may have gone or not come yet.
        case sceneConnected
        /// The app has set the delegate of `UNUserNotificationCenter`: a response finds no one to hear it
        /// otherwise (docs/lifecycle.md §18).
        case notificationDelegateSet
    }

    /// Change the app's state through its ``AppLifecycle``.
    case change(AppLifecycle.Event, TransitionReason?)
    /// Call a delegate method, with the detail parked under the ticket, if any.
    case call(Callback, DetailTicket?, Condition)
    /// Arm the launch's watchdog, which spans several callbacks.
    case armLaunchWatchdog
    case disarmWatchdog
    /// Store the restoration archive, if the app agreed to save its state.
    case storeArchive
    /// Deliver what was queued while the app was suspended (docs/lifecycle.md §7).
    case deliverQueuedNotifications
    /// Wait for the completion handler of the background event about to be delivered.
    case awaitCompletionHandler(Callback)
    /// Call the launch handler of a scheduled task of a kind: the app's permitted task at this position
    /// (docs/lifecycle.md §17).
    case startScheduledTask(Int, ScheduledTaskKind)
    /// Make the app's session of a role the one the scene steps that follow are about (UIKit's scene of the
    /// callbacks it delivers): its window's, unless a step says otherwise (docs/lifecycle.md §16).
    case focus(SceneRole)
    /// Make the session with this number the one the scene steps that follow are about: one of several windows.
    case focusSession(Int32)
    /// Connect a scene to the session in focus, `unattached`: the session is made first if the app has none of
    /// the role.
    case connectScene(SceneRole)
    /// Change the scene in focus through its ``SceneLifecycle``; the app's state follows (docs/lifecycle.md §13).
    case scene(SceneLifecycle.Event)
    /// Keep the scene's restoration activity with its session, if the app returned one.
    case storeSceneActivity
    /// Drop the session in focus: it was discarded, and `application:didDiscardSceneSessions:` named it.
    case forgetSession
    /// Drop every session of the app: the user swiped it away, and `application:didDiscardSceneSessions:` named them.
    case forgetSessions
}

extension Step {
    /// The event of the app's own state machine this step brings about, if any: a change, or a scene's change that
    /// the app's state follows (docs/lifecycle.md §13).
    var appEvent: AppLifecycle.Event? {
        switch self {
        case .change(let event, _): event
        case .scene(let event): event.appEvent
        default: nil
        }
    }
}
