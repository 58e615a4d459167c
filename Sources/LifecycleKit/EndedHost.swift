import Foundation
import LifecycleCore

/// The host of an application whose own host is gone — a simulated device a test let go while a Swift task of one of
/// its apps still had work coming back: what that code asks of the system does nothing, as nothing of a process runs
/// once its phone is gone.
///
/// A test may end, and its device go, while the work an app's task awaits is still running (the test did not
/// `settle()`); when that work comes back, the task goes on in the test process, and its calls reach this host, which
/// tells of no app running, keeps the main queue's work without running it, and ignores the rest.
@MainActor
final class EndedHost: ApplicationHost {
    static let shared = EndedHost()

    func state(of app: AppID) -> AppState { .notRunning }
    func backgroundTimeRemaining(of app: AppID) -> Duration? { nil }
    func beginBackgroundTask(in app: AppID, name: String?) -> BackgroundTaskIdentifier { .invalid }
    func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) {}
    func completionHandlerCalled(for callback: Callback, in app: AppID) {}
    func setNotificationDelegate(in app: AppID) {}
    func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID) {}
    func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) {}
    func notificationSettings(of app: AppID) -> (authorized: Bool, pending: [String]) { (false, []) }
    func restorationArchive(of app: AppID) -> [String: Data]? { nil }
    func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void
    ) {}
    func permittedTasks(of app: AppID) -> [PermittedTask] { [] }
    func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError? { .unavailable }
    func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) {}
    func cancelTaskRequests(_ identifier: String?, in app: AppID) {}
    func pendingTaskRequests(of app: AppID) -> [TaskRequest] { [] }
    func crash(_ app: AppID, reason: String) {}
    func note(_ text: String, in app: AppID) {}
    func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {}
    func run(after delay: Duration, for app: AppID, _ work: @escaping @MainActor () -> Void) {}
    var simulatesProcesses: Bool { true }
    /// A transfer of a device that is gone never ends.
    func transfer(
        _ request: NetworkRequest, inBackgroundSession identifier: String, from app: AppID,
        finished: @escaping @MainActor (NetworkOutcome) -> Void
    ) -> Bool {
        true
    }
    /// A request of a device that is gone is never answered, as its work never runs.
    func send(
        _ request: NetworkRequest, from app: AppID, answered: @escaping @MainActor (NetworkOutcome) -> Bool
    ) -> Bool {
        true
    }
}
