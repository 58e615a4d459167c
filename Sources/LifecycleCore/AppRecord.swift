/// Everything the system tracks about one app. Internal to ``Phone``.
struct AppRecord: Sendable {
    let configuration: AppConfiguration
    var lifecycle = AppLifecycle()

    /// The app's main run loop: what it will do next, in order.
    var steps = StepQueue()
    /// The details of queued calls, by ticket, until each call is made; the last ticket given out.
    var parkedDetails: [Step.DetailTicket: CallbackDetail] = [:]
    var lastDetailTicket: UInt32 = 0
    /// The callback the app is running and has not returned from, with the timer of its return for a scripted
    /// app (`nil` when the host reports the return).
    var running: (callback: Callback, timer: TimerHandle?)?
    /// The watchdog armed for what the app is running: the callback it guards (`nil`: the launch) and its limit.
    var watchdog: (timer: TimerHandle, guarding: Callback?, limit: Duration)?
    /// The launch's watchdog is due but not set yet: it is set before the first launch method that may not return
    /// at once, and not at all when every one of them does (``Phone/setPendingLaunchWatchdog(for:)``).
    var launchWatchdogIsPending = false
    /// The host's app code returned from its callback (``running``, kept) and goes on in the same turn of its run
    /// loop: the observers of the notifications that followed, and the work they and the callback put on the main
    /// queue (docs/lifecycle.md §19). The app stays busy until the host ends the turn (``Phone/turnEnded(of:into:)``).
    var turnIsOpen = false

    /// The app's outstanding background tasks.
    var backgroundTasks: [BackgroundTask] = []
    /// The expiration warning and exhaustion timers of the background budget, while it runs.
    var budget: (warning: TimerHandle, exhaustion: TimerHandle)?
    /// Background events whose completion handler has not been called yet.
    var pendingEvents: [(timer: PlainTimer, callback: Callback)] = []
    /// Scheduled tasks (docs/lifecycle.md §17): the requests waiting for the system, kept by the system across the
    /// app's processes, and the tasks the app's process runs.
    var pendingTaskRequests: [PendingTaskRequest] = []
    var runningTasks: [RunningScheduledTask] = []
    /// Whether the user turned Background App Refresh off for the app.
    var backgroundAppRefreshIsOff = false
    /// The app's notifications and its notification delegate (docs/lifecycle.md §18).
    var notifications = NotificationCenterRecord()

    /// Whether a launch method returned NO during the current launch.
    var launchRefused = false
    /// What `application:didFinishLaunchingWithOptions:` returned during the current launch.
    var didFinishLaunchingAnswer = true
    /// The answer of the last `BOOL`-returning callback.
    var lastAnswer = true

    var hasRestorationArchive = false

    // Scenes (a scene-based app; docs/lifecycle.md §13, §16). The app's sessions, each with its scene while one
    // is connected: a session outlives the process until the user or the app discards it. The first window's
    // comes first.
    // Changed only through the methods below, which keep ``connectedScenes`` and ``windowSessionCount`` in step.
    private(set) var sessions: [SceneSession] = []
    /// How many connected scenes the app has in each state an app can take from them: its state from its scenes
    /// without a pass over its sessions (a pass per scene step made many windows quadratic).
    private var connectedScenes = SceneStateCounts()
    /// The position in ``sessions`` of the session the run loop's scene steps are about (UIKit's scene of the
    /// callback it is delivering); ``sessions``'s end when they are about a session still to be made.
    var focus = 0
    /// The numbers of the window sessions shown when the app is in front, left first: one, or on an iPad two side
    /// by side, one more in Slide Over, or a Stage Manager stage's (docs/lifecycle.md §16). Kept when the app leaves
    /// the screen, to come back as it was.
    var windowsOnScreen: [Int32] = []
    /// The window of ``windowsOnScreen`` in Slide Over, floating over the others (the last of them), if one is.
    var slideOverWindow: Int32?
    /// Whether ``windowsOnScreen`` are a Stage Manager stage rather than tiled.
    var windowsOnStage = false
    /// How many sessions the app has had: the next one's number is one more.
    var sessionCount: Int32 = 0
    /// Whether `application:configurationForConnectingSceneSession:options:` has ever been asked: iOS remembers
    /// the answer from the app's first launch on.
    var hasSceneConfiguration = false
    /// Sessions the user discarded while the app was not running, told in `application:didDiscardSceneSessions:`
    /// once a scene of the app connects again.
    var discardedSessions: [SceneID] = []
    /// Whether the user swiped the app away: its session goes when its process ends.
    var discardsSessionOnExit = false
    /// Whether the last scene step changed the app's own state (so a `did…` scene method's UIApplication
    /// notification is posted).
    var lastSceneStepChangedApp = false
    /// Whether the system started the app's process ahead of a launch (prewarming, iOS 15 and later).
    var isPrewarmed = false
    /// Whether the user swiped the app away and has not launched it since: no background launches then.
    var wasForceQuit = false
    /// How many times the user swiped the app away.
    var forceQuits: UInt64 = 0
    /// Whether the app has a card in the app switcher (it was used and not swiped away).
    var hasSwitcherCard = false
    /// When the app was last brought to the foreground, as a counter: larger is more recent.
    var lastUse: UInt64 = 0
    /// Counts the app's suspensions, so that stale entries of the least-recently-used queue can be recognised.
    var suspensions: UInt64 = 0
    /// The number of significant time changes the app has heard of.
    var timeChangesSeen: UInt64 = 0
    /// Whether protected data is available, as far as the app has been told.
    var protectedDataAvailableSeen = true

    /// The configuration's behaviour and continuous-mode flag, kept apart because the run loop reads them on
    /// every callback (a computed copy would retain its dictionaries each time).
    let behavior: AppBehavior
    let hasContinuousBackgroundMode: Bool
    /// When the app sets its notification delegate (``AppConfiguration/notificationDelegate``), kept apart for the
    /// same reason.
    let notificationDelegate: NotificationDelegateTiming?
    /// Whether the app lives the scene life cycle: it declares scenes and the profile has them.
    let livesScenes: Bool
    /// The memory the app takes while in memory, in megabytes: the declared footprint, until a host of real
    /// processes measures it.
    var footprint: Int

    init(configuration: AppConfiguration, profile: Profile) {
        self.behavior = configuration.behavior
        self.hasContinuousBackgroundMode = configuration.hasContinuousBackgroundMode
        self.notificationDelegate = configuration.notificationDelegate
        self.livesScenes = configuration.usesScenes && profile.allowsScenes
        self.footprint = configuration.memory
        // Last, so that the configuration is moved in, not copied (a copy retains each of its collections).
        self.configuration = configuration
    }

    /// Takes the armed watchdog, leaving none. In place: reading `watchdog` through the phone's array would copy
    /// the whole record.
    mutating func takeWatchdog() -> (timer: TimerHandle, guarding: Callback?, limit: Duration)? {
        defer { watchdog = nil }
        return watchdog
    }

    /// Whether a timer is the running budget's expiration warning.
    func isBudgetWarning(_ timer: PlainTimer) -> Bool { budget?.warning.matches(timer) == true }

    /// Whether a timer is the running budget's exhaustion.
    func isBudgetExhaustion(_ timer: PlainTimer) -> Bool { budget?.exhaustion.matches(timer) == true }

    /// The session the scene steps are about, if it exists.
    var session: SceneSession? { sessions.indices.contains(focus) ? sessions[focus] : nil }

    /// The scene of the session the scene steps are about, while one is connected.
    var scene: SceneLifecycle? {
        get { sessions.indices.contains(focus) ? sessions[focus].scene : nil }
        set {
            guard sessions.indices.contains(focus) else { return }
            connectedScenes.count(sessions[focus].scene?.state, by: -1)
            connectedScenes.count(newValue?.state, by: 1)
            sessions[focus].scene = newValue
        }
    }

    /// The position of the app's front window session: the first of those on screen, or its first window.
    var frontWindowPosition: Int? {
        // An app-delegate app, nearly every app of a load, has no session to look through.
        if sessions.isEmpty { return nil }
        if let front = windowsOnScreen.first, let position = sessionPosition(number: front) { return position }
        return sessionPosition(of: .window)
    }

    /// The scene connected to the app's front window session, if one is.
    var windowScene: SceneLifecycle? {
        frontWindowPosition.flatMap { sessions[$0].scene }
    }

    /// The position of the session with this number, if the app has it. Looked for from the end, where the
    /// newest sessions are, which are the ones a new window's steps are about: a search from the start made
    /// opening many windows quadratic.
    func sessionPosition(number: Int32) -> Int? {
        sessions.lastIndex { $0.number == number }
    }

    /// How many window sessions the app has.
    private(set) var windowSessionCount = 0

    /// The numbers of the windows on screen after the front one.
    var otherWindowsOnScreen: ArraySlice<Int32> { windowsOnScreen.dropFirst() }

    /// The position of the app's session of a role, if it has one.
    func sessionPosition(of role: SceneRole) -> Int? {
        sessions.firstIndex { $0.role == role }
    }

    /// The app's state from its connected scenes (docs/lifecycle.md §13, §16): the most active of them.
    var stateOfScenes: AppState { connectedScenes.appState }

    /// The app's state from its connected scenes if the scene in focus were in `state`.
    func stateOfScenes(withFocusIn state: SceneState) -> AppState {
        var counts = connectedScenes
        if sessions.indices.contains(focus) { counts.count(sessions[focus].scene?.state, by: -1) }
        counts.count(state, by: 1)
        return counts.appState
    }

    /// Adds a session, not connected, at `position` of ``sessions``.
    mutating func insertSession(_ session: SceneSession, at position: Int) {
        connectedScenes.count(session.scene?.state, by: 1)
        if session.role == .window { windowSessionCount += 1 }
        sessions.insert(session, at: position)
    }

    /// Adds a session, not connected, at the end of ``sessions``.
    mutating func appendSession(_ session: SceneSession) {
        insertSession(session, at: sessions.count)
    }

    /// Drops the session at `position` of ``sessions``, and its scene.
    mutating func removeSession(at position: Int) {
        connectedScenes.count(sessions[position].scene?.state, by: -1)
        if sessions[position].role == .window { windowSessionCount -= 1 }
        sessions.remove(at: position)
    }

    /// Marks the session in focus as configured: its scene has been asked for.
    mutating func markFocusedSessionConfigured() {
        sessions[focus].needsConfiguration = false
    }

    /// Keeps a restoration activity with the session in focus.
    mutating func keepRestorationActivityInFocusedSession() {
        sessions[focus].hasRestorationActivity = true
    }

    /// Makes the session of a role the one the scene steps are about; the end of ``sessions`` when the app has
    /// none of it yet (``Phone/connectScene(_:of:)`` makes it there).
    mutating func focus(on role: SceneRole) {
        let position = role == .window ? frontWindowPosition : sessionPosition(of: role)
        focus = position ?? sessions.count
    }

    /// Makes the session with this number the one the scene steps are about (``sessions``'s end when it is gone).
    mutating func focus(onSession number: Int32) {
        focus = sessionPosition(number: number) ?? sessions.count
    }

    /// Drops the session in focus; the focus goes back to the front window's.
    mutating func forgetFocusedSession() {
        if sessions.indices.contains(focus) {
            let number = sessions[focus].number
            removeSession(at: focus)
            removeFromScreen(number)
        }
        focus(on: .window)
    }

    /// Drops every session: the user swiped the app away.
    mutating func forgetEverySession() {
        sessions = []
        connectedScenes = SceneStateCounts()
        windowSessionCount = 0
        windowsOnScreen = []
        slideOverWindow = nil
        windowsOnStage = false
        focus = 0
    }

    /// Makes a window the only one on screen when the app is in front, full screen.
    mutating func show(onlyWindow number: Int32) {
        windowsOnScreen = [number]
        slideOverWindow = nil
        windowsOnStage = false
    }

    /// Takes a window off the screen: it closed, or its session is gone. With none of the app's left on screen,
    /// its first other window is the one it shows when it next comes forward.
    mutating func removeFromScreen(_ number: Int32) {
        windowsOnScreen.removeAll { $0 == number }
        if slideOverWindow == number { slideOverWindow = nil }
        if windowsOnScreen.isEmpty, let next = sessions.first(where: { $0.role == .window && $0.number != number }) {
            show(onlyWindow: next.number)
        }
    }

    /// Makes a new window session, not connected yet, to be configured when its scene connects (or, without
    /// `needsConfiguration`, only if the app has never been asked for a configuration); returns its number.
    mutating func makeWindowSession(needsConfiguration: Bool = true) -> Int32 {
        sessionCount += 1
        var session = SceneSession(number: sessionCount, app: id, role: .window)
        session.needsConfiguration = needsConfiguration
        appendSession(session)
        return sessionCount
    }

    /// The process ended: no scene is connected any more, every session stays (docs/lifecycle.md §13).
    mutating func disconnectEveryScene() {
        // An app-delegate app has no scene to disconnect: its record is left as it is, not written again.
        if sessions.isEmpty {
            focus = 0
            return
        }
        for position in sessions.indices { sessions[position].scene = nil }
        connectedScenes = SceneStateCounts()
        focus(on: .window)
    }

    var id: AppID { configuration.id }
    var state: AppState { lifecycle.state }
    var isBusy: Bool { running != nil }
    var hasQueuedSteps: Bool { !steps.isEmpty }
}

/// The phone's app records, by index, checked for sole ownership once per event (``OwnedArray``).
typealias AppRecords = OwnedArray<AppRecord>
