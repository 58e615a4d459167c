import Foundation
import LifecycleKit

/// Foundation's `URLSession` as an iOS app's code uses it: `URLSession.shared.data(from:)` in a task,
/// `dataTask(with:completionHandler:)` and `resume()`, sessions of its own made with a configuration and a delegate,
/// and background sessions whose transfers the system carries on.
///
/// Under a simulated device its requests go over the device's network (`SimulatedDevice.network`), on the phone's
/// clock, as a phone's go (docs/lifecycle.md §19): the server's answer comes after its latency, while the app runs;
/// a request in flight when the app is suspended fails with `URLError.networkConnectionLost` when it runs again —
/// unless a background task kept the app running — and one in flight when its process ends is gone. A background
/// session's transfers go on whatever becomes of the process, and wake or launch the app when they end. Completion
/// handlers run on the session's delegate queue (a serial queue of its own unless told), not the main queue; the
/// delegate's methods on the app's main queue (``URLSessionDelegate`` says why); `data(for:)` resumes its caller. Elsewhere (a test's own code, a real process) requests go over
/// the real network.
///
/// Linux's Foundation keeps its session in FoundationNetworking; code that imports LifecycleUIKit, as iOS code
/// imports UIKit, finds this one where it writes `URLSession`.
public final class URLSession: @unchecked Sendable {
    // Sendable: its constants are Sendable (the delegate is the main actor's), and the tasks it keeps are behind a
    // lock.

    /// The session every app shares, with the default configuration.
    public static let shared = URLSession(configuration: .default)

    /// A copy of the configuration the session was made with.
    public var configuration: URLSessionConfiguration { settings.copy() }
    /// The object the session tells of its tasks, which it keeps, as Foundation's does.
    public let delegate: (any URLSessionDelegate)?
    /// Where completion handlers run.
    public let delegateQueue: OperationQueue
    private let settings: URLSessionConfiguration
    /// The link to the system that carries a background session's transfers, under a simulated device.
    private let backgroundSession: BackgroundSessionLink?
    /// A background session's tasks begun in this process, by number, until they end.
    private let backgroundTasks = NSLock()
    private var tasksInFlight: [Int: URLSessionTask] = [:]

    public convenience init(configuration: URLSessionConfiguration) {
        self.init(configuration: configuration, delegate: nil, delegateQueue: nil)
    }

    public init(
        configuration: URLSessionConfiguration, delegate: (any URLSessionDelegate)?,
        delegateQueue queue: OperationQueue?
    ) {
        self.settings = configuration.copy()
        self.delegate = delegate
        self.delegateQueue =
            queue
            ?? {
                let serial = OperationQueue()
                serial.maxConcurrentOperationCount = 1
                return serial
            }()
        let tasks = configuration.identifier == nil ? nil : AppTasks.ofCodeRunningHere
        backgroundSession = configuration.identifier.flatMap { identifier in
            tasks.map { BackgroundSessionLink(identifier: identifier, transfers: $0.backgroundTransfers) }
        }
        guard let backgroundSession, let tasks else { return }
        // The system keeps a background session, and it its delegate, until the process ends. A session made off the
        // main queue (in a nonisolated `async` function) listens from there, once the main queue gets to it.
        tasks.onTheMainQueue {
            backgroundSession.listen { transfers, afterEvents in
                self.hear(transfers, afterEventsHandedOver: afterEvents)
            }
        }
    }

    // MARK: Completion handlers

    public func dataTask(
        with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    public func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask {
        refuseCompletionHandlerInBackground()
        return made(
            URLSessionDataTask(request: request, sending: prepared(request), deliver: handing(to: completionHandler)))
    }

    public func uploadTask(
        with request: URLRequest, from bodyData: Data?,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        refuseCompletionHandlerInBackground()
        return made(
            URLSessionUploadTask(
                request: request, sending: prepared(request, body: bodyData), deliver: handing(to: completionHandler)))
    }

    public func downloadTask(
        with url: URL, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// A download whose file the completion handler gets, and which is removed when the handler returns.
    public func downloadTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (URL?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDownloadTask {
        refuseCompletionHandlerInBackground()
        let task = URLSessionDownloadTask(request: request, sending: prepared(request)) { [self] _, outcome in
            onDelegateQueue {
                switch outcome {
                case .success((let data, let response)):
                    let file = Self.temporaryFile(holding: data)
                    completionHandler(file, response, file == nil ? URLError(.cannotCreateFile) : nil)
                    if let file { try? FileManager.default.removeItem(at: file) }
                case .failure(let error): completionHandler(nil, nil, error)
                }
            }
        }
        return made(task)
    }

    // MARK: Delegate

    public func dataTask(with url: URL) -> URLSessionDataTask {
        dataTask(with: URLRequest(url: url))
    }

    public func dataTask(with request: URLRequest) -> URLSessionDataTask {
        made(
            URLSessionDataTask(
                request: request, sending: prepared(request), backgroundSession: backgroundSession,
                deliver: tellingDelegate))
    }

    public func uploadTask(with request: URLRequest, from bodyData: Data) -> URLSessionUploadTask {
        made(
            URLSessionUploadTask(
                request: request, sending: prepared(request, body: bodyData), backgroundSession: backgroundSession,
                deliver: tellingDelegate))
    }

    /// An upload of a file's contents, read when the task is made.
    public func uploadTask(with request: URLRequest, fromFile fileURL: URL) -> URLSessionUploadTask {
        uploadTask(with: request, from: (try? Data(contentsOf: fileURL)) ?? Data())
    }

    public func downloadTask(with url: URL) -> URLSessionDownloadTask {
        downloadTask(with: URLRequest(url: url))
    }

    public func downloadTask(with request: URLRequest) -> URLSessionDownloadTask {
        made(
            URLSessionDownloadTask(
                request: request, sending: prepared(request), backgroundSession: backgroundSession,
                deliver: tellingDelegate))
    }

    /// Tells the delegate of a task's end, on the app's main queue (``URLSessionDelegate``): a data task's body, or a
    /// download's file (removed when the method returns), then the end.
    private var tellingDelegate: @Sendable (URLSessionTask, URLSessionTask.Outcome) -> Void {
        { [self] task, outcome in
            forget(task)
            callingTheDelegate { [self] in
                if case .success((let data, _)) = outcome {
                    if let dataTask = task as? URLSessionDataTask, let delegate = delegate as? URLSessionDataDelegate {
                        delegate.urlSession(self, dataTask: dataTask, didReceive: data)
                    }
                    if let download = task as? URLSessionDownloadTask,
                        let delegate = delegate as? URLSessionDownloadDelegate,
                        let file = Self.temporaryFile(holding: data)
                    {
                        delegate.urlSession(self, downloadTask: download, didFinishDownloadingTo: file)
                        try? FileManager.default.removeItem(at: file)
                    }
                }
                let error: URLError? = if case .failure(let error) = outcome { error } else { nil }
                (delegate as? URLSessionTaskDelegate)?.urlSession(self, task: task, didCompleteWithError: error)
            }
        }
    }

    /// Runs `work`, which calls the delegate, on the app's main queue (``URLSessionDelegate`` says why): not the
    /// delegate queue, where completion handlers run (``onDelegateQueue(_:)``).
    private func callingTheDelegate(_ work: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async(execute: work)
    }

    // MARK: Async

    public func data(from url: URL) async throws -> (Data, URLResponse) {
        try await data(for: URLRequest(url: url))
    }

    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await exchange(request, body: nil)
    }

    public func upload(for request: URLRequest, from bodyData: Data) async throws -> (Data, URLResponse) {
        try await exchange(request, body: bodyData)
    }

    /// A download to a file of its own in the app's temporary directory, which the caller moves or removes.
    public func download(from url: URL) async throws -> (URL, URLResponse) {
        try await download(for: URLRequest(url: url))
    }

    public func download(for request: URLRequest) async throws -> (URL, URLResponse) {
        let (data, response) = try await exchange(request, body: nil)
        guard let file = Self.temporaryFile(holding: data) else { throw URLError(.cannotCreateFile) }
        return (file, response)
    }

    /// Sends a request for the calling task, which sleeps until its answer (the host does not wait for it
    /// meanwhile); cancelling the task cancels the request, which throws `URLError.cancelled`, as on iOS.
    private func exchange(_ request: URLRequest, body: Data?) async throws -> (Data, URLResponse) {
        if _Concurrency.Task<Never, Never>.isCancelled { throw URLError(.cancelled) }
        let wake = Wake<(Data, URLResponse)>()
        let task = made(
            URLSessionDataTask(request: request, sending: prepared(request, body: body), awaitedBy: AppTasks.current) {
                _, outcome in
                wake.resume(with: outcome.mapError { $0 })
            })
        return try await withTaskCancellationHandler {
            task.resume()
            return try await withUnsafeThrowingContinuation { wake.wait(with: $0) }
        } onCancel: {
            task.cancel()
        }
    }

    // MARK: Background sessions

    /// The transfers of this background session that have ended: its tasks of this process end with them, those of
    /// an earlier process come as new tasks with their numbers; then, if the system handed their events to the app,
    /// the delegate hears that all were told.
    @MainActor private func hear(_ transfers: [BackgroundTransfers.Finished], afterEventsHandedOver: Bool) {
        for transfer in transfers {
            let task = backgroundTasks.withLock { tasksInFlight[transfer.task] } ?? restored(transfer)
            task.finish(with: transfer.outcome)
        }
        guard afterEventsHandedOver else { return }
        callingTheDelegate { [self] in delegate?.urlSessionDidFinishEvents(forBackgroundURLSession: self) }
    }

    /// The task of a transfer an earlier process began: a download, or an upload for a request that sends a body.
    private func restored(_ transfer: BackgroundTransfers.Finished) -> URLSessionTask {
        let request = URLRequest(transfer.request)
        return if transfer.request.body == nil {
            URLSessionDownloadTask(
                request: request, sending: request, identifier: transfer.task, backgroundSession: backgroundSession,
                deliver: tellingDelegate)
        } else {
            URLSessionUploadTask(
                request: request, sending: request, identifier: transfer.task, backgroundSession: backgroundSession,
                deliver: tellingDelegate)
        }
    }

    /// A task of this session has ended: a background session forgets it.
    private func forget(_ task: URLSessionTask) {
        guard backgroundSession != nil else { return }
        backgroundTasks.withLock { tasksInFlight[task.taskIdentifier] = nil }
    }

    /// A task made by this session, as the session keeps it: a background session's until it ends, so that its
    /// transfer's end reaches it (the system waits for the network for it); another's waiting for the network while
    /// the phone has none, if the configuration says so (`waitsForConnectivity`), telling the delegate once.
    private func made<Task: URLSessionTask>(_ task: Task) -> Task {
        if task.isBackgroundTransfer {
            backgroundTasks.withLock { tasksInFlight[task.taskIdentifier] = task }
        } else if settings.waitsForConnectivity {
            task.waitForConnectivity(
                URLSessionTask.ConnectivityWait(resourceTimeout: .seconds(settings.timeoutIntervalForResource)) {
                    [self] task in
                    callingTheDelegate { [self] in
                        (delegate as? URLSessionTaskDelegate)?.urlSession(self, taskIsWaitingForConnectivity: task)
                    }
                })
        }
        return task
    }

    /// A background session takes no completion handler, as Foundation's raises: the app's code crashes. (Its async
    /// methods are the app's own requests, lost with a suspension, as WWDC22's "Efficiency awaits" uses them.)
    private func refuseCompletionHandlerInBackground() {
        guard backgroundSession != nil, MainQueueCheck.isOnMainQueue else { return }
        MainActor.assumeIsolated {
            Application.simulatedCodeRunning?.crash(
                "Completion handler blocks are not supported in background sessions. Use a delegate instead.")
        }
    }

    // MARK: Requests

    /// The request as the session sends it: its configuration's header fields added where the request sets none,
    /// its timeout where the request keeps the default one, and `body` if given.
    private func prepared(_ request: URLRequest, body: Data? = nil) -> URLRequest {
        var sent = request
        for case (let field as String, let value as String) in settings.httpAdditionalHeaders ?? [:]
        where sent.value(forHTTPHeaderField: field) == nil {
            sent.setValue(value, forHTTPHeaderField: field)
        }
        if sent.timeoutInterval == 60 { sent.timeoutInterval = settings.timeoutIntervalForRequest }
        if let body { sent.httpBody = body }
        return sent
    }

    /// What hands a task's end to a completion handler, on the delegate queue.
    private func handing(
        to handler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> @Sendable (URLSessionTask, URLSessionTask.Outcome) -> Void {
        { [self] _, outcome in
            onDelegateQueue {
                switch outcome {
                case .success((let data, let response)): handler(data, response, nil)
                case .failure(let error): handler(nil, nil, error)
                }
            }
        }
    }

    /// Runs `work` on the delegate queue, as a block a simulated device waits for as the app's work.
    private func onDelegateQueue(_ work: @escaping @Sendable () -> Void) {
        let counted = AppTasks.ofCodeRunningHere?.countingBlock(work) ?? work
        delegateQueue.addOperation { counted() }
    }

    /// A new file in the temporary directory (the app's, under a simulated device) holding `data`.
    private static func temporaryFile(holding data: Data) -> URL? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "CFNetworkDownload_\(UUID().uuidString.prefix(6)).tmp")
        do {
            try data.write(to: file)
            return file
        } catch {
            return nil
        }
    }
}
