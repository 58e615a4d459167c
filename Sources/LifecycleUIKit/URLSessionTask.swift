import Foundation
import LifecycleKit
import Synchronization

/// Foundation's `URLSessionTask`: one request of a ``URLSession``, made suspended, sent by ``resume()``, which ends
/// once, with the server's answer or an error.
///
/// Under a simulated device the request goes over the phone's network, on its clock (docs/lifecycle.md §19): the
/// answer comes after the server's latency, while the app runs; a request in flight when the app is suspended fails
/// with `URLError.networkConnectionLost` when it runs again, and one in flight when its process ends is gone with it —
/// unless the task is a background session's, which the system carries on. Elsewhere (a test's own code, a real
/// process) it goes over the real network.
public class URLSessionTask: @unchecked Sendable {
    // Sendable: its constants are Sendable, and what changes is behind `progress`'s lock.

    /// `URLSessionTask.State`.
    public enum State: Int, Sendable {
        case running, suspended, canceling, completed
    }

    /// An exchange's end as the task reports it.
    typealias Outcome = Result<(Data, URLResponse), URLError>

    private struct Progress {
        var state = State.suspended
        var sent = false
        var response: URLResponse?
        var error: URLError?
        /// How the task waits while the phone has no network, when its session waits for connectivity.
        var connectivityWait: ConnectivityWait?
    }

    /// How a task of a session that waits for connectivity (`waitsForConnectivity`) waits while the phone has no
    /// network: at most the session's resource timeout, telling its delegate once.
    struct ConnectivityWait: Sendable {
        let resourceTimeout: Duration
        let tellWaiting: @Sendable (URLSessionTask) -> Void
    }

    public let taskIdentifier: Int
    public let originalRequest: URLRequest?
    public var currentRequest: URLRequest? { originalRequest }
    public var state: State { progress.withLock { $0.state } }
    public var response: URLResponse? { progress.withLock { $0.response } }
    public var error: (any Error)? { progress.withLock { $0.error } }

    private let progress = Mutex(Progress())
    /// The request as sent: the session's header fields and timeout added.
    private let request: URLRequest
    /// The background session whose transfer this is, which the system carries on, if it is one.
    private let backgroundSession: BackgroundSessionLink?
    /// The app task that awaits this one (`data(for:)`), which sleeps meanwhile: the host does not wait for it.
    private let awaitedBy: (tasks: AppTasks, task: Int)?
    /// Hands the end to whoever waits for it: the completion handler or the delegate on the session's queue, or the
    /// awaiting task.
    private let deliver: @Sendable (URLSessionTask, Outcome) -> Void

    private static let identifiers = Atomic(0)

    /// - Parameter identifier: the number of a background session's task that a process before this one began, which
    ///   its session hears of now; a new number unless given.
    init(
        request: URLRequest, sending sent: URLRequest, identifier: Int? = nil,
        backgroundSession: BackgroundSessionLink? = nil, awaitedBy: (tasks: AppTasks, task: Int)? = nil,
        deliver: @escaping @Sendable (URLSessionTask, Outcome) -> Void
    ) {
        self.taskIdentifier = identifier ?? Self.identifiers.add(1, ordering: .relaxed).newValue
        self.originalRequest = request
        self.request = sent
        self.backgroundSession = backgroundSession
        self.awaitedBy = awaitedBy
        self.deliver = deliver
        if identifier != nil { progress.withLock { $0 = Progress(state: .running, sent: true) } }
    }

    /// Sends the request, the first time; goes on with a task that ``suspend()`` paused otherwise.
    public func resume() {
        let sends = progress.withLock { progress -> Bool in
            guard progress.state == .suspended else { return false }
            progress.state = .running
            defer { progress.sent = true }
            return !progress.sent
        }
        guard sends else { return }
        guard let networkRequest = request.networkRequest else {
            finish(.failure(URLError(.badURL)))
            return
        }
        guard let tasks = AppTasks.ofCodeRunningHere else {
            RealNetwork.send(networkRequest) { self.finish(with: $0) }
            return
        }
        let awaitedBy = awaitedBy
        let backgroundSession = backgroundSession
        let identifier = taskIdentifier
        tasks.onTheMainQueue {
            if let awaitedBy { awaitedBy.tasks.fellAsleep(awaitedBy.task) }
            let sent =
                if let backgroundSession {
                    backgroundSession.start(networkRequest, task: identifier)
                } else {
                    self.send(networkRequest, with: tasks, waited: nil)
                }
            if !sent { RealNetwork.send(networkRequest) { self.finish(with: $0) } }
        }
    }

    /// Whether the system carries the task on as a background session's transfer (the session's `async` methods are
    /// the app's own requests).
    var isBackgroundTransfer: Bool { backgroundSession != nil }

    /// Makes the task wait for the network rather than fail while the phone has none (its session's
    /// `waitsForConnectivity`).
    func waitForConnectivity(_ wait: ConnectivityWait) {
        progress.withLock { $0.connectivityWait = wait }
    }

    /// Sends the request over the host's network; a task that waits for connectivity sends it once the phone has a
    /// network, looking every second (a wake on the phone's clock, so never while the app is suspended), and fails
    /// with `.timedOut` when it has waited its resource timeout. `waited` is how long it has waited, `nil` before
    /// the first look. Returns `false` when the host has no network of its own.
    @MainActor private func send(_ request: NetworkRequest, with tasks: AppTasks, waited: Duration?) -> Bool {
        let (wait, ended) = progress.withLock { ($0.connectivityWait, $0.state == .completed) }
        guard !ended else { return true }
        guard let wait, !tasks.networkIsReachable() else {
            return tasks.send(request) { outcome in self.finish(with: outcome) }
        }
        if waited == nil { wait.tellWaiting(self) }
        let waited = waited ?? .zero
        guard waited < wait.resourceTimeout else {
            finish(with: .failure(.timedOut))
            return true
        }
        tasks.scheduleWake(.seconds(1)) { _ = self.send(request, with: tasks, waited: waited + .seconds(1)) }
        return true
    }

    /// Pauses a running task: an exchange of a simulated network goes on meanwhile, and its end waits for
    /// ``resume()``. (The pause is kept only as a state: the answer is delivered when it comes.)
    public func suspend() {
        progress.withLock { progress in
            if progress.state == .running { progress.state = .suspended }
        }
    }

    /// Ends the task with `URLError.cancelled`, unless it has ended.
    public func cancel() {
        finish(.failure(URLError(.cancelled)))
    }

    /// Ends the task with how the exchange ended; returns whether the task still waited for it.
    @discardableResult
    func finish(with outcome: NetworkOutcome) -> Bool {
        switch outcome {
        case .failure(let code):
            let userInfo: [String: Any] = request.url.map { [NSURLErrorFailingURLErrorKey: $0] } ?? [:]
            return finish(.failure(URLError(code, userInfo: userInfo)))
        case .reply(let reply):
            guard
                let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)
            else { return finish(.failure(URLError(.badServerResponse))) }
            return finish(.success((reply.body, response)))
        }
    }

    /// Ends the task, unless it has ended; returns whether this call ended it.
    @discardableResult
    private func finish(_ outcome: Outcome) -> Bool {
        let ends = progress.withLock { progress -> Bool in
            guard progress.state != .completed else { return false }
            progress.state = .completed
            switch outcome {
            case .success((_, let response)): progress.response = response
            case .failure(let error): progress.error = error
            }
            return true
        }
        guard ends else { return false }
        if let awaitedBy {
            awaitedBy.tasks.sleepEnded(of: awaitedBy.task) { self.deliver(self, outcome) }
        } else {
            deliver(self, outcome)
        }
        return true
    }
}

/// Foundation's `URLSessionDataTask`: a task whose answer's body comes as data.
public class URLSessionDataTask: URLSessionTask, @unchecked Sendable {}

/// Foundation's `URLSessionUploadTask`: a data task that sends a body.
public final class URLSessionUploadTask: URLSessionDataTask, @unchecked Sendable {}

/// Foundation's `URLSessionDownloadTask`: a task whose answer's body comes as a file.
public final class URLSessionDownloadTask: URLSessionTask, @unchecked Sendable {}
