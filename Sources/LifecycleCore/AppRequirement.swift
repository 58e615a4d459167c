/// What an app declares that came with a version of iOS (docs/lifecycle.md §14): an app that declares it cannot
/// run under an older profile, as an app cannot be installed below its deployment target. The scenario language
/// refuses such a declaration at its line; a simulated device refuses such an app when it is made.
public struct AppRequirement: Sendable, Hashable {
    /// What is declared, in words: `scenes (a scene-based app)`.
    public var what: String
    /// The iOS version that introduced it.
    public var version: Int

    public init(what: String, version: Int) {
        self.what = what
        self.version = version
    }

    /// A scene-based app (`UIApplicationSceneManifest`).
    public static let scenes = AppRequirement(what: "scenes (a scene-based app)", version: 13)
    /// Several scenes at once (`UIApplicationSupportsMultipleScenes`).
    public static let multipleWindows = AppRequirement(what: "multiple windows (several scenes)", version: 13)
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public static let scheduledTasks = AppRequirement(what: "BGTaskScheduler's tasks", version: 13)
    /// The delegate of `UNUserNotificationCenter` (the UserNotifications framework).
    public static let notificationCenter = AppRequirement(
        what: "a delegate of UNUserNotificationCenter (notifications)", version: 10)
    /// A continued-processing task (`BGContinuedProcessingTask`).
    public static let continuedProcessing = AppRequirement(
        what: "a continued-processing task (BGContinuedProcessingTask)", version: 26)

    /// A background mode, from the version that introduced it.
    public static func backgroundMode(_ mode: BackgroundMode) -> AppRequirement {
        AppRequirement(what: "the background mode '\(mode.rawValue)'", version: mode.introducedIn)
    }
}
