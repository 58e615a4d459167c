/// Something the user or the outside world does to the phone (the actions of docs/lifecycle.md §10).
public enum UserAction: Sendable, Hashable {
    /// Tap the app's icon on the Home screen.
    case tap(AppID)
    /// Press Home.
    case home
    /// Double-press Home: open the app switcher.
    case openSwitcher
    /// Pick an app's card in the switcher.
    case pick(AppID)
    /// Swipe an app's card away in the switcher.
    case swipe(AppID)
    /// Pull Notification Center down.
    case openNotificationCenter
    /// Pull Control Center up.
    case openControlCenter
    /// A system alert (permission prompt, Face ID) covers the foreground app.
    case showAlert
    /// Close what is open: Notification Center, Control Center, an alert or the switcher.
    case dismiss
    /// A call comes in.
    case incomingCall
    /// The user answers the ringing call.
    case answerCall
    /// The user declines the ringing call.
    case declineCall
    /// The call in progress ends.
    case hangUp
    case lock
    case unlock
    /// The phone restarts: every process ends without a callback, and the phone comes back locked, not unlocked
    /// since, with nothing protected readable until the user unlocks it (docs/lifecycle.md §21).
    case restart
    /// Another app or a link opens a URL in the app.
    case openURL(AppID, url: String)
    /// A home-screen quick action of the given type.
    case shortcut(AppID, type: String)
    /// A Handoff or universal-link activity of the given type, with the target content identifier by which an iPad
    /// chooses among the app's windows, if it has one (docs/lifecycle.md §16).
    ///
    /// Indirect, as ``submitTaskRequest(_:_:)``: the target would make every action larger.
    indirect case continueActivity(AppID, type: String, target: String? = nil)
    /// A push for the app that carries one of its declared payloads (``AppConfiguration/notificationPayloads``): a
    /// silent push, or, `tapped`, one the user taps (as ``backgroundEvent(_:_:)`` with ``BackgroundEvent/push`` and
    /// ``tapPushNotification(_:)``).
    indirect case pushWithPayload(AppID, payload: String, tapped: Bool)
    /// The user taps a push notification for the app. For an app with a notification delegate, a remote
    /// ``notify(_:remote:)`` followed by ``tapNotification(_:)``.
    case tapPushNotification(AppID)
    /// A notification for the app arrives (docs/lifecycle.md §18): presented to the app's notification delegate
    /// when the app is in the foreground, else waiting in Notification Center and on the lock screen. `remote` for
    /// a push from a server, else a local notification the app scheduled.
    case notify(AppID, remote: Bool)
    /// The user taps the app's most recent waiting notification — in Notification Center, on a banner or on the
    /// lock screen, which asks for the unlock first: the app comes to the foreground and hears the response.
    case tapNotification(AppID)
    /// The user picks an action button of the app's most recent waiting notification. An action with the
    /// `foreground` option opens the app as a tap does; one without it is handled in the background.
    ///
    /// Indirect, as ``submitTaskRequest(_:_:)``: the identifier would make every action larger.
    indirect case pickNotificationAction(AppID, identifier: String, foreground: Bool)
    /// The user clears the app's most recent waiting notification: a response the app hears in the background
    /// only when its category has the `customDismissAction` option.
    case dismissNotification(AppID)
    /// A background event for the app.
    case backgroundEvent(BackgroundEvent, AppID)
    /// A silent push for the app that the system throttles: background pushes are low priority, not guaranteed
    /// (Apple advises two or three an hour), and this one is not delivered (docs/lifecycle.md §18).
    case throttledPush(AppID)
    /// The system terminates the app (as when its process is asked to quit): a running app hears
    /// `applicationWillTerminate:`, after leaving the foreground if it is there; a suspended app hears nothing.
    /// Its restoration archive is kept.
    case terminate(AppID)
    /// The system warns every running app that memory is low.
    case memoryWarning
    /// The system terminates apps to free memory: this many, or every suspended app when `nil` (docs/lifecycle.md §8).
    case memoryPressure(count: Int?)
    /// The time changed significantly (midnight, a time zone, daylight saving).
    case significantTimeChange
    /// The system reclaims an app's background scene (`sceneDidDisconnect:`); its session stays (iOS 13+).
    case disconnectScene(AppID)
    /// A new window of a scene-based app (dragged from the Dock, App Exposé's "+", `requestSceneSessionActivation`):
    /// full screen, covering what was on screen, or on an iPad beside, over or on a stage with the app's windows on
    /// screen (docs/lifecycle.md §16).
    case newWindow(AppID, placement: WindowPlacement)
    /// A window closes: swiped away in App Exposé, or `requestSceneSessionDestruction` from the app's code. Its
    /// scene disconnects and its session is discarded; the app's last window goes as a swipe of the app.
    case closeWindow(SceneID)
    /// Pick a window's card in the switcher: that window comes forward, full screen.
    case pickWindow(SceneID)
    /// A window comes forward, full screen, without the switcher: the app's own code asked for it
    /// (``SceneSessionRequest/activate(_:)`` with a session).
    case activateWindow(SceneID)
    /// A window's scene says what it handles (``SceneSessionRequest/setActivationConditions(_:_:)``, from the app's
    /// own code): the system keeps it with the session, and a URL goes by it (docs/lifecycle.md §16).
    ///
    /// Indirect, as ``submitTaskRequest(_:_:)``: the conditions would make every action larger.
    indirect case setActivationConditions(SceneID, SceneActivationConditions)
    /// Swipe a window's card away in the switcher: it closes, as ``closeWindow(_:)``.
    case swipeWindow(SceneID)
    /// A window takes the place of one of two side by side in Split View (iPad): another app's, which comes as a
    /// tap brings it, or a new window of the same app. The replaced window resigns and enters the background
    /// (docs/lifecycle.md §16).
    case replaceWindow(AppID, replacing: SceneID)
    /// The user taps into a window on screen, one of several: it becomes the key window. No callback: focus is not
    /// the life cycle (docs/lifecycle.md §16).
    case focusWindow(SceneID)
    /// The divider of Split View is dragged over a window: it leaves the screen (resigns, enters the background),
    /// and the other window goes full screen, hearing nothing.
    case unsplit(SceneID)
    /// The window in Slide Over is pushed off the screen's edge: it resigns and enters the background.
    case hideSlideOver
    /// The window pushed off screen comes back into Slide Over: it enters the foreground and becomes active.
    case showSlideOver
    /// A window is minimized from its window controls (iPadOS 26): it alone resigns and enters the background.
    case minimizeWindow(SceneID)
    /// A minimized window is opened again (iPadOS 26): it enters the foreground and becomes active.
    case restoreWindow(SceneID)
    /// An external display is connected while the app is in the foreground: the app gets a scene for it, which
    /// follows the app's window and never becomes active (docs/lifecycle.md §16).
    case connectDisplay(AppID)
    /// The external display is disconnected: its scene disconnects and its session is discarded.
    case disconnectDisplay
    /// The system starts an app's process before the user asks for it (iOS 15+): no callback, no transition.
    case prewarm(AppID)
    /// The running app's code submits a request to `BGTaskScheduler` (docs/lifecycle.md §17). A refused request
    /// is not impossible: the app sees the error, and the trace notes it.
    ///
    /// Indirect: a request is the largest payload of any action, and every action is as large as its largest
    /// case (copying a larger action cost every line of a scenario a call to `memcpy`).
    indirect case submitTaskRequest(AppID, TaskRequest)
    /// The system runs the app's pending request with this identifier now (Xcode's
    /// `_simulateLaunchForTaskWithIdentifier:`): a launch into the background, or a silent resume, then the task's
    /// launch handler.
    case runTaskRequest(AppID, identifier: String)
    /// The running task with this identifier expires now (Xcode's `_simulateExpirationForTaskWithIdentifier:`; for
    /// a continued-processing task, the user cancels it in its progress UI).
    case expireTask(AppID, identifier: String)
    /// The user turns Background App Refresh on or off for the app in Settings.
    case setBackgroundAppRefresh(AppID, enabled: Bool)
    /// The device is put on its charger, or taken off it.
    case setCharging(Bool)
    /// The device's network comes back, or goes (airplane mode, no signal): apps' requests fail while it is off, and
    /// those in flight when it goes are cut (docs/lifecycle.md §19).
    case setNetworkReachable(Bool)
    /// A host of real processes saw the app's process end on its own (it exited or crashed): the app is gone,
    /// with no callback, reason `crash`.
    case processEnded(AppID)
}
