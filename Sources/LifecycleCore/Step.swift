/// One thing an app's run loop does. Internal to ``Phone``.
enum Step: Sendable {
    /// When a conditional step happens.
    enum Condition: Sendable {
        case always
        /// Neither launch method returned NO (the gate of `application:openURL:options:`, Apple, Execution States).
        case launchAccepted
        /// `application:didFinishLaunchingWithOptions:` returned YES (the gate of quick actions).
        case didFinishLaunchingAccepted
        /// The last `BOOL`-returning callback answered YES.
        case lastAnswerYes
        /// The app's scene session is new: it has not been configured yet.
        case newSession
    }

    /// Change the app's state through its ``AppLifecycle``.
    case change(AppLifecycle.Event, TransitionReason?)
    /// Call a delegate method.
    case call(Callback, CallbackDetail?, Condition)
    /// Arm the watchdog for a stretch of steps that spans several callbacks (the launch).
    case armWatchdog(subject: String, limit: Duration)
    case disarmWatchdog
    /// Store the restoration archive, if the app agreed to save its state.
    case storeArchive
    /// Deliver what was queued while the app was suspended (docs/lifecycle.md §7).
    case deliverQueuedNotifications
    /// Wait for the completion handler of the background event about to be delivered.
    case awaitCompletionHandler(Callback)
    /// Connect the app's scene: a session is made if it has none, then the scene, `unattached`.
    case connectScene
    /// Change the app's scene through its ``SceneLifecycle``; the app's state follows (docs/lifecycle.md §13).
    case scene(SceneLifecycle.Event)
    /// Keep the scene's restoration activity with its session, if the app returned one.
    case storeSceneActivity
}
