import Foundation
import LifecycleCore

/// What runs an ``Application``: the simulator in a test, or a host of a real process.
///
/// The application forwards what its code asks of the system through this; the host carries it into the
/// core, so the rules stay in one place.
@MainActor
public protocol ApplicationHost: AnyObject, Sendable {
    /// The app's state in the core.
    func state(of app: AppID) -> AppState
    /// Background time left, or `nil` when no budget runs (in the foreground).
    func backgroundTimeRemaining(of app: AppID) -> Duration?
    func beginBackgroundTask(in app: AppID, name: String?) -> BackgroundTaskIdentifier
    func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID)
    func completionHandlerCalled(for callback: Callback, in app: AppID)
    /// The app's code sets the delegate of `UNUserNotificationCenter` (docs/lifecycle.md §18).
    func setNotificationDelegate(in app: AppID)
    /// `UNUserNotificationCenter.add(_:)`: a local notification after `delay` on the phone's clock (`nil`: at
    /// once), again every `delay` when it `repeats`.
    func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID)
    /// `removePendingNotificationRequests(withIdentifiers:)`, or `removeAllPendingNotificationRequests()` (`nil`).
    func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID)
    /// The identifiers of the app's notification requests still waiting for their time, and whether the user lets
    /// the app show notifications (`requestAuthorization`'s answer).
    func notificationSettings(of app: AppID) -> (authorized: Bool, pending: [String])
    /// The app's stored restoration archive, if it has one.
    func restorationArchive(of app: AppID) -> [String: Data]?
    /// Carries out what the app's code asked for its scenes (docs/lifecycle.md §16), once that code has returned
    /// to the run loop, as the core's user action that does the same; calls `refused` with the reason when the
    /// action is impossible.
    func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void)
    /// The app's `BGTaskSchedulerPermittedIdentifiers` (docs/lifecycle.md §17).
    func permittedTasks(of app: AppID) -> [PermittedTask]
    /// `BGTaskScheduler.submit(_:)`: the error it throws, or `nil` when the request is taken.
    func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError?
    /// `setTaskCompleted(success:)` on a task the app runs.
    func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID)
    /// `cancel(taskRequestWithIdentifier:)`, or `cancelAllTaskRequests()` for `nil`.
    func cancelTaskRequests(_ identifier: String?, in app: AppID)
    /// The app's pending requests, in the order submitted.
    func pendingTaskRequests(of app: AppID) -> [TaskRequest]
    /// The app's code did what crashes an iOS app (UIKit raised an exception): its process ends, as a crash, and
    /// the reason is told. A host of a real process ends it; the simulator ends the app in the core.
    func crash(_ app: AppID, reason: String)
    /// Tells the trace what a framework over UIKit did in the app's process, where no delegate method shows it:
    /// SwiftUI's phase changes and the links it gives to views (docs/lifecycle.md §22). A note of the app's.
    func note(_ text: String, in app: AppID)
    /// Runs `work` on the main actor after `delay`: virtual time under the simulator, real time in a process.
    func run(after delay: Duration, _ work: @escaping @MainActor () -> Void)
    /// Runs work an app's code scheduled (``Application/run(after:_:)``) after `delay`. A host of real processes
    /// runs it as any work; the simulator knows whose it is, so that work of a process that has ended never runs.
    func run(after delay: Duration, for app: AppID, _ work: @escaping @MainActor () -> Void)
    /// The phone's date: the real one in a process; under the simulator, the date the device started at plus
    /// the virtual time since, so that a date an app gives the system reads the same in every run.
    var currentDate: Date { get }
    /// ``currentDate`` for the app's code on any thread, under a host whose clock is not the real one (a simulated
    /// device): what `Date()` gives the app's code there (docs/lifecycle.md §19). `nil` for the real clock.
    nonisolated var phoneDate: (@Sendable () -> Date)? { get }
    /// The kind of device the app runs on: `UIDevice.current.userInterfaceIdiom`.
    var deviceKind: DeviceKind { get }
    /// The major iOS version the app runs on: `UIDevice.current.systemVersion`.
    var iosVersion: Int { get }
    /// Whether Background App Refresh is on for the app: `UIApplication.backgroundRefreshStatus`.
    func backgroundAppRefreshIsOn(for app: AppID) -> Bool
    /// `UIApplication.open(_:options:completionHandler:)`: opens the URL in the app that handles its scheme, once the
    /// calling code has returned to the run loop, and tells whether one did.
    func open(_ url: String, from app: AppID, completion: @escaping @MainActor (Bool) -> Void)
    /// `UIApplication.canOpenURL(_:)`: whether an app on the phone handles the URL's scheme.
    func canOpen(_ url: String) -> Bool
    /// The JSON of a remote notification's payload the app declares, by its name (docs/lifecycle.md §19), if the host
    /// knows it.
    func notificationPayload(named name: String, of app: AppID) -> String?
    /// Whether the host simulates the apps' processes inside this one (a simulated device): it then runs each app's
    /// main queue itself, at the end of each turn of its code, in virtual time, and each simulated process's code
    /// observes a `NotificationCenter.default` of its own. Otherwise the process is the app's: its main queue and its
    /// default center are the real ones.
    var simulatesProcesses: Bool { get }
    /// The window the user last tapped into when several are on screen (docs/lifecycle.md §16), or `nil` when the
    /// host shows one app's windows alone, each of them taking the user's input.
    var keyWindow: SceneID? { get }
    /// What data protection lets the app's code read now (docs/lifecycle.md §21): the keychain answers by it, and
    /// `UIApplication.isProtectedDataAvailable` says it.
    var protectedDataState: ProtectedDataState { get }
    /// `UIApplication.supportsMultipleScenes`: whether the app shows several windows here (an iPad, and an app that
    /// declares so), so that URLs go by its windows' conditions (docs/lifecycle.md §16).
    func supportsMultipleScenes(_ app: AppID) -> Bool
    /// Sends a request of the app's code over the phone's network (docs/lifecycle.md §19): `answered` runs as the
    /// app's work on the phone's clock when the exchange ends, never while the process is suspended and never once
    /// it has ended, and says whether the app's code still waited for it (it may have cancelled the request).
    /// Returns `false` when the host has no network of its own: a real process reaches the real one.
    func send(_ request: NetworkRequest, from app: AppID, answered: @escaping @MainActor (NetworkOutcome) -> Bool)
        -> Bool
    /// Whether the phone reaches the network now (`network off` is airplane mode): what a session that waits for
    /// connectivity asks before it sends. A host of a real process says yes, and the request finds out.
    var isNetworkReachable: Bool { get }
    /// Starts a transfer of one of the app's background URL sessions (docs/lifecycle.md §19), which the system
    /// carries on whatever becomes of the app's process: `finished` runs when it ends, on the phone's clock, and the
    /// host wakes or launches the app for it if need be. Returns `false` when the host has no network of its own.
    func transfer(
        _ request: NetworkRequest, inBackgroundSession identifier: String, from app: AppID,
        finished: @escaping @MainActor (NetworkOutcome) -> Void
    ) -> Bool
}

extension ApplicationHost {
    /// The real date: the phone's in a process.
    public var currentDate: Date { Date() }
    public nonisolated var phoneDate: (@Sendable () -> Date)? { nil }

    /// The kind of device and the iOS version the app runs on (`UIDevice.current`): a host of one process knows
    /// neither, and says an iPhone of the default profile's.
    public var deviceKind: DeviceKind { .iphone }
    public var iosVersion: Int { Profile.defaultProfile.version }
    public func backgroundAppRefreshIsOn(for app: AppID) -> Bool { true }

    /// A host of one app's process: no other app is there to open a URL in.
    public func open(_ url: String, from app: AppID, completion: @escaping @MainActor (Bool) -> Void) {
        completion(false)
    }
    public func canOpen(_ url: String) -> Bool { false }
    public var isNetworkReachable: Bool { true }

    /// A host that knows no declared payload: pushes carry an empty `userInfo`.
    public func notificationPayload(named name: String, of app: AppID) -> String? { nil }

    /// A real process: its main queue and its default center are the process's own.
    public var simulatesProcesses: Bool { false }

    /// A process under a host of one app: no other app's window shares its screen.
    public var keyWindow: SceneID? { nil }

    /// A host that keeps no lock screen: the phone is unlocked, everything readable.
    public var protectedDataState: ProtectedDataState { .available }

    /// A host that shows one window of the app, as an iPhone does.
    public func supportsMultipleScenes(_ app: AppID) -> Bool { false }

    /// A real process: its transfers go over the real network, as its other requests do.
    public func transfer(
        _ request: NetworkRequest, inBackgroundSession identifier: String, from app: AppID,
        finished: @escaping @MainActor (NetworkOutcome) -> Void
    ) -> Bool {
        false
    }

    /// A real process: its requests go over the real network.
    public func send(
        _ request: NetworkRequest, from app: AppID, answered: @escaping @MainActor (NetworkOutcome) -> Bool
    ) -> Bool {
        false
    }

    /// A real process's work: its process is the app's, and a stopped process runs nothing.
    public func run(after delay: Duration, for app: AppID, _ work: @escaping @MainActor () -> Void) {
        run(after: delay, work)
    }
}
