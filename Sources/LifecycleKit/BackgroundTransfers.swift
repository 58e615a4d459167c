import LifecycleCore

/// The transfers of an app's background URL sessions (docs/lifecycle.md §19), which the system carries on outside the
/// app's process: what has finished waits here, across the app's processes, until a session of the app's with the
/// same identifier hears of it.
///
/// A running app's session hears of a finished transfer at once. An app suspended or not running when a transfer
/// finishes is woken or launched in the background, and told in
/// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` which session's events wait: its session
/// with that identifier (the one it kept, or one it makes again) then hears of them, after the delegate method, and
/// then that all were told (`urlSessionDidFinishEvents(forBackgroundURLSession:)`).
@MainActor
package final class BackgroundTransfers {
    /// A transfer that has finished: its task's number in its session, its request, and how it ended.
    package struct Finished: Sendable {
        package let task: Int
        package let request: NetworkRequest
        package let outcome: NetworkOutcome
    }

    /// What a session of the app's current process does with the transfers it hears of, and whether the system
    /// handed their events to the app (so that the session then says it has told them all).
    package typealias Listener = @MainActor ([Finished], _ afterEventsHandedOver: Bool) -> Void

    private var finished: [String: [Finished]] = [:]
    private var listeners: [String: Listener] = [:]
    /// Sessions whose events the system is about to hand the app, in order: the next
    /// `handleEventsForBackgroundURLSession` names the first.
    private var due: [String] = []
    /// Sessions whose events the app was handed in this process and that have not told them yet.
    private var handedOver: Set<String> = []
    /// The identifiers of the background sessions the app's code has made, in any process, the latest last.
    private var sessionsMade: [String] = []
    /// The application, which keeps this object (a weak reference would slow every retain of the application: Swift
    /// moves the counts of an object weakly referred to into a side table). Code that outlives the application reaches
    /// this object only through it, weakly (``AppTasks/backgroundTransfers``).
    private unowned let application: Application

    init(application: Application) {
        self.application = application
    }

    /// A new process: the sessions of the last one are gone with it.
    func processDidStart() {
        listeners = [:]
        handedOver = []
    }

    /// A session of the app's code with this identifier is made (or made again): it hears of the transfers that
    /// wait for it, unless the system is about to hand their events to the app, which comes first.
    package func listen(to identifier: String, _ listener: @escaping Listener) {
        listeners[identifier] = listener
        sessionsMade.removeAll { $0 == identifier }
        sessionsMade.append(identifier)
        if !due.contains(identifier) { tell(identifier) }
    }

    /// Starts a transfer of the app's session `identifier`, its task `task`, which the system carries on whatever
    /// becomes of the app's process (``ApplicationHost/transfer(_:inBackgroundSession:from:finished:)``); `false`
    /// when the host has no network of its own.
    package func start(_ request: NetworkRequest, task: Int, in identifier: String) -> Bool {
        application.host.transfer(request, inBackgroundSession: identifier, from: application.bundleIdentifier) {
            [weak self] outcome in
            self?.finish(Finished(task: task, request: request, outcome: outcome), in: identifier)
        }
    }

    /// A transfer of session `identifier` finished: the app's session hears of it now if the app runs; otherwise it
    /// waits for the app's next process or resumption, which the host brings (``eventsAreDue(for:)``).
    private func finish(_ transfer: Finished, in identifier: String) {
        finished[identifier, default: []].append(transfer)
        switch application.host.state(of: application.bundleIdentifier) {
        case .active, .inactive, .background:
            tell(identifier)
            application.runMainQueueWork()
        case .suspended, .notRunning: break
        }
    }

    /// The host is about to wake or launch the app for the events of session `identifier`; `false` when it is
    /// already about to, or has and the session has not heard of them yet: the system wakes the app once for them.
    package func eventsAreDue(for identifier: String) -> Bool {
        guard !due.contains(identifier), !handedOver.contains(identifier) else { return false }
        due.append(identifier)
        return true
    }

    /// The host could not wake or launch the app for the events of session `identifier` after all.
    package func eventsAreNotDue(for identifier: String) {
        due.removeAll { $0 == identifier }
    }

    /// The identifier `handleEventsForBackgroundURLSession` names now: the session whose events were due first. A
    /// `download` step of a scenario, which no transfer of the app's brought, names the session the app made last
    /// (`background` if it made none), which hears of no transfer but that it has told them all: the system wakes an
    /// app only for a session it has. Its session hears of them once the delegate method has returned.
    func handOverEvents() -> String {
        guard let identifier = due.first ?? sessionsMade.last else { return "background" }
        due.removeAll { $0 == identifier }
        handedOver.insert(identifier)
        application.enqueueMainQueueWork { [self] in tell(identifier) }
        return identifier
    }

    /// Hands the transfers waiting for session `identifier` to its listener, if it has one.
    private func tell(_ identifier: String) {
        guard let listener = listeners[identifier] else { return }
        let transfers = finished.removeValue(forKey: identifier) ?? []
        let afterEvents = handedOver.remove(identifier) != nil
        guard !transfers.isEmpty || afterEvents else { return }
        application.runningCode { listener(transfers, afterEvents) }
    }
}
