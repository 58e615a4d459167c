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
    /// Runs `work` on the main actor after `delay`: virtual time under the simulator, real time in a process.
    func run(after delay: Duration, _ work: @escaping @MainActor () -> Void)
}
