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
    /// The app's stored restoration archive, if it has one.
    func restorationArchive(of app: AppID) -> [String: Data]?
    /// Carries out what the app's code asked for its scenes (docs/lifecycle.md §16), once that code has returned
    /// to the run loop, as the core's user action that does the same; calls `refused` with the reason when the
    /// action is impossible.
    func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void)
    /// Runs `work` on the main actor after `delay`: virtual time under the simulator, real time in a process.
    func run(after delay: Duration, _ work: @escaping @MainActor () -> Void)
}
