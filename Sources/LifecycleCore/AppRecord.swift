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

    /// The app's outstanding background tasks.
    var backgroundTasks: [BackgroundTask] = []
    /// The expiration warning and exhaustion timers of the background budget, while it runs.
    var budget: (warning: TimerHandle, exhaustion: TimerHandle)?
    /// Background events whose completion handler has not been called yet.
    var pendingEvents: [(timer: PlainTimer, callback: Callback)] = []

    /// Whether a launch method returned NO during the current launch.
    var launchRefused = false
    /// What `application:didFinishLaunchingWithOptions:` returned during the current launch.
    var didFinishLaunchingAnswer = true
    /// The answer of the last `BOOL`-returning callback.
    var lastAnswer = true

    var hasRestorationArchive = false

    // Scenes (a scene-based app; docs/lifecycle.md §13). The app's one scene, while connected, and its session,
    // which outlives the process until the user swipes the app away.
    var scene: SceneLifecycle?
    var session: SceneSession?
    /// How many sessions the app has had: the next one's number is one more.
    var sessionCount = 0
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
    /// Whether the app lives the scene life cycle: it declares scenes and the profile has them.
    let livesScenes: Bool
    /// The memory the app takes while in memory, in megabytes: the declared footprint, until a host of real
    /// processes measures it.
    var footprint: Int

    init(configuration: AppConfiguration, profile: Profile) {
        self.configuration = configuration
        self.behavior = configuration.behavior
        self.hasContinuousBackgroundMode = configuration.hasContinuousBackgroundMode
        self.livesScenes = configuration.usesScenes && profile.allowsScenes
        self.footprint = configuration.memory
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

    var id: AppID { configuration.id }
    var state: AppState { lifecycle.state }
    var isBusy: Bool { running != nil }
    var hasQueuedSteps: Bool { !steps.isEmpty }
}

/// The phone's app records, by index, checked for sole ownership once per event (``OwnedArray``).
typealias AppRecords = OwnedArray<AppRecord>
