/// What the system knows about an app before running it: the keys of its Info.plist that the model needs,
/// its memory footprint, and what its code does when called (its ``AppBehavior``).
public struct AppConfiguration: Sendable, Hashable {
    /// The default memory footprint of an app.
    public static let defaultMemory = 100
    /// The largest footprint, and the largest device memory, the model takes: 1 TB, in megabytes. A phone
    /// keeps larger values at this, so its sums of memory cannot overflow however many apps it has.
    public static let maximumMemory = 1 << 20

    public var id: AppID
    /// `UIApplicationExitsOnSuspend` (docs/lifecycle.md §5).
    public var exitsOnSuspend: Bool
    /// `UIBackgroundModes`.
    public var backgroundModes: Set<BackgroundMode>
    /// Whether the app's files use data protection, so that it hears of protected data going and coming.
    public var usesDataProtection: Bool
    /// Resident memory in megabytes while the app is in memory (docs/lifecycle.md §8).
    public var memory: Int
    /// What the app's delegate does when called, for a scripted app; for an app whose code runs in the host,
    /// only how long its callbacks take in virtual time.
    public var behavior: AppBehavior
    /// Whether the app's delegate is real code run by the host, which reports what it does, rather than the
    /// scripted ``behavior``.
    public var runsHostedCode: Bool
    /// Whether the app is scene-based (`UIApplicationSceneManifest` in its Info.plist; iOS 13 and later): its
    /// visible UI is a scene with a life cycle of its own, told to a scene delegate (docs/lifecycle.md §13).
    public var usesScenes: Bool
    /// Whether a scene-based app may show several windows at once (`UIApplicationSupportsMultipleScenes`; an
    /// iPad's, docs/lifecycle.md §16).
    public var supportsMultipleWindows = false
    /// `BGTaskSchedulerPermittedIdentifiers`, each with the kind of task it is for (docs/lifecycle.md §17).
    public var permittedTasks: [PermittedTask] = []
    /// When the app sets the delegate of `UNUserNotificationCenter`; `nil` for an app that sets none and keeps the
    /// app delegate's notification methods (docs/lifecycle.md §18). An app whose code runs in the host declares
    /// that it has one, and its code sets it (``Phone/setNotificationDelegate(in:into:)``).
    public var notificationDelegate: NotificationDelegateTiming?
    /// Whether the user refused the app's request to show notifications: none of its notifications is shown or
    /// delivered.
    public var notificationsDenied = false
    /// Whether the app's notification category has the `customDismissAction` option: dismissing one of its
    /// notifications is a response the app hears.
    public var hasCustomDismissAction = false
    /// The URL schemes the app opens (`CFBundleURLTypes`), the activity types it continues (`NSUserActivityTypes`)
    /// and its quick actions (`UIApplicationShortcutItems`): what a generated session may send it
    /// (docs/lifecycle.md §19). The model delivers any of them to any app; these say which the app handles.
    public var urlSchemes: [String] = []
    public var activityTypes: [String] = []
    public var shortcutTypes: [String] = []
    /// The remote notifications' payloads the app expects, each with its name (`payload.NAME={…}` in a scenario): what
    /// a scenario's push names and a generated session draws from (docs/lifecycle.md §19). The model keeps the JSON as
    /// text; the host gives it to the app's code as `userInfo`.
    public var notificationPayloads: [NotificationPayload] = []

    public init(
        id: AppID, exitsOnSuspend: Bool = false, backgroundModes: Set<BackgroundMode> = [],
        usesDataProtection: Bool = false, memory: Int = AppConfiguration.defaultMemory,
        behavior: AppBehavior = AppBehavior(), runsHostedCode: Bool = false, usesScenes: Bool = false
    ) {
        self.id = id
        self.exitsOnSuspend = exitsOnSuspend
        self.backgroundModes = backgroundModes
        self.usesDataProtection = usesDataProtection
        self.memory = memory
        self.behavior = behavior
        self.runsHostedCode = runsHostedCode
        self.usesScenes = usesScenes
    }

    /// Whether a background mode that keeps the app running is declared (and so in use).
    public var hasContinuousBackgroundMode: Bool { backgroundModes.contains { $0.isContinuous } }
}
