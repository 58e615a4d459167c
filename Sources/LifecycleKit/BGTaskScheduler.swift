import Dispatch
import Foundation
import LifecycleCore

/// `BGTaskScheduler` (the BackgroundTasks framework, docs/lifecycle.md §17): the app registers a launch handler for
/// each of its permitted identifiers before its launch ends, submits requests, and the system runs them.
///
/// Each ``Application`` has its own (``Application/taskScheduler``); ``shared`` is the one of the app whose code
/// is running, as `BGTaskScheduler.shared` is the process's on iOS.
@MainActor
public final class BGTaskScheduler {
    /// `BGTaskScheduler.Error`: why ``submit(_:)`` refused a request.
    public struct Error: Swift.Error, Hashable, Sendable {
        public typealias Code = TaskRequestError
        public let code: Code
    }

    /// The app whose scheduler this is; `nil` for the one ``shared`` gives outside any app's code.
    unowned let application: Application?
    /// The launch handlers, by identifier: registered anew by each process.
    var launchHandlers: [String: @MainActor (BGTask) -> Void] = [:]
    /// The tasks the process runs, by identifier.
    var runningTasks: [String: BGTask] = [:]

    init(application: Application?) {
        self.application = application
    }

    /// The scheduler of the app whose code is running: its delegate's, a handler's, or work it scheduled.
    ///
    /// A host that runs one app (a process under the terminal host or the supervisor) has only that app's; under a
    /// ``SimulatedDevice`` with several apps, it is the scheduler of the app whose code calls it. A test's own
    /// body is no app's code: it runs code as an app's with ``Application/runAsItsCode(_:)``. Outside any app's
    /// code, `shared` is a scheduler of no app, which says so on standard error: it registers nothing and its
    /// `submit(_:)` throws `unavailable`, so that the misuse fails the test that made it, not every test of the
    /// process (it trapped).
    public static var shared: BGTaskScheduler {
        Application.current?.taskScheduler ?? BGTaskScheduler(application: nil)
    }

    /// The app, or `nil` after saying on standard error why a scheduler of no app does nothing.
    private func app(for call: String) -> Application? {
        if let application { return application }
        Application.tellUsedOutsideAnyApp(
            "BGTaskScheduler.shared.\(call)", "does nothing (submit throws unavailable)")
        return nil
    }

    /// `register(forTaskWithIdentifier:using:launchHandler:)`: the handler the system calls with each task of the
    /// identifier, on the main actor whatever `queue` says. Registering after the launch has ended, or twice, is a
    /// programming error: UIKit raises `NSInternalInconsistencyException`, which crashes the app, and so does this
    /// (the host ends the app as a crash). Returns whether the identifier is permitted.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue? = nil,
        launchHandler: @escaping @MainActor (BGTask) -> Void
    ) -> Bool {
        guard let application = app(for: "register") else { return false }
        if application.hasFinishedLaunching {
            application.crash(
                "NSInternalInconsistencyException: all launch handlers must be registered before application "
                    + "finishes launching (\(identifier))")
            return false
        }
        if launchHandlers[identifier] != nil {
            application.crash(
                "NSInternalInconsistencyException: a launch handler for \(identifier) has already been registered")
            return false
        }
        let permitted = application.host.permittedTasks(of: application.bundleIdentifier)
        guard permitted.contains(where: { $0.identifier == identifier }) else { return false }
        launchHandlers[identifier] = launchHandler
        return true
    }

    /// `submit(_:)`: the request waits for the system (replacing a pending one with the same identifier); a
    /// continued-processing request starts at once. Throws ``Error`` with `notPermitted`,
    /// `tooManyPendingTaskRequests` or `unavailable`.
    public func submit(_ taskRequest: BGTaskRequest) throws(Error) {
        guard let application = app(for: "submit") else { throw Error(code: .unavailable) }
        let request = taskRequest.coreRequest(now: application.host.currentDate)
        if let code = application.host.submitTaskRequest(request, in: application.bundleIdentifier) {
            throw Error(code: code)
        }
    }

    /// `cancel(taskRequestWithIdentifier:)`: the pending request goes; a running task is not affected.
    public func cancel(taskRequestWithIdentifier identifier: String) {
        guard let application = app(for: "cancel") else { return }
        application.host.cancelTaskRequests(identifier, in: application.bundleIdentifier)
    }

    /// `cancelAllTaskRequests()`.
    public func cancelAllTaskRequests() {
        guard let application = app(for: "cancelAllTaskRequests") else { return }
        application.host.cancelTaskRequests(nil, in: application.bundleIdentifier)
    }

    /// `getPendingTaskRequests(completionHandler:)`: the app's pending requests, by identifier, with their earliest
    /// begin date and conditions.
    public func getPendingTaskRequests(completionHandler: @escaping @MainActor ([TaskRequest]) -> Void) {
        guard let application = app(for: "getPendingTaskRequests") else { return completionHandler([]) }
        completionHandler(application.host.pendingTaskRequests(of: application.bundleIdentifier))
    }

    /// Calls the launch handler registered for a task the system runs. A task whose identifier has no handler
    /// crashes the app, as on iOS.
    func launch(_ identifier: String, kind: ScheduledTaskKind) {
        guard let application else { return }
        guard let handler = launchHandlers[identifier] else {
            application.crash("No launch handler registered for task with identifier \(identifier)")
            return
        }
        let task = kind.taskClass.init(identifier: identifier, application: application)
        runningTasks[identifier] = task
        handler(task)
    }

    /// Calls the expiration handler of a running task.
    func expire(_ identifier: String) {
        runningTasks[identifier]?.expirationHandler?()
    }
}
