import Dispatch
import Foundation
import LifecycleKit

/// Foundation's `URLSession` as an iOS app's code uses it: `URLSession.shared.data(from:)` in a task,
/// `dataTask(with:completionHandler:)` and `resume()`, sessions of its own made with a configuration.
///
/// Under a simulated device its requests go over the device's network (`SimulatedDevice.network`), on the phone's
/// clock, as a phone's go (docs/lifecycle.md §19): the server's answer comes after its latency, while the app runs;
/// a request in flight when the app is suspended fails with `URLError.networkConnectionLost` when it runs again —
/// unless a background task kept the app running — and one in flight when its process ends is gone. A completion
/// handler runs on the session's own serial queue, not the main queue; `data(for:)` resumes its caller. Elsewhere (a
/// test's own code, a real process) requests go over the real network.
///
/// Linux's Foundation keeps its session in FoundationNetworking; code that imports LifecycleUIKit, as iOS code
/// imports UIKit, finds this one where it writes `URLSession`.
public final class URLSession: Sendable {
    /// The session every app shares, with the default configuration.
    public static let shared = URLSession(configuration: .default)

    /// A copy of the configuration the session was made with.
    public var configuration: URLSessionConfiguration { settings.copy() }
    private let settings: URLSessionConfiguration
    /// The serial queue the completion handlers run on (the session's delegate queue).
    private let handlerQueue = Dispatch.DispatchQueue(label: "URLSession.delegateQueue")

    public init(configuration: URLSessionConfiguration) {
        self.settings = configuration.copy()
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
        URLSessionDataTask(
            request: request, sending: prepared(request), awaitedBy: nil, deliver: handing(to: completionHandler))
    }

    public func uploadTask(
        with request: URLRequest, from bodyData: Data?,
        completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionUploadTask {
        URLSessionUploadTask(
            request: request, sending: prepared(request, body: bodyData), awaitedBy: nil,
            deliver: handing(to: completionHandler))
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

    /// Sends a request for the calling task, which sleeps until its answer (the host does not wait for it
    /// meanwhile); cancelling the task cancels the request, which throws `URLError.cancelled`, as on iOS.
    private func exchange(_ request: URLRequest, body: Data?) async throws -> (Data, URLResponse) {
        if _Concurrency.Task<Never, Never>.isCancelled { throw URLError(.cancelled) }
        let wake = Wake<(Data, URLResponse)>()
        let task = URLSessionDataTask(
            request: request, sending: prepared(request, body: body), awaitedBy: AppTasks.current
        ) { outcome in
            wake.resume(with: outcome.mapError { $0 })
        }
        return try await withTaskCancellationHandler {
            task.resume()
            return try await withUnsafeThrowingContinuation { wake.wait(with: $0) }
        } onCancel: {
            task.cancel()
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

    /// What hands a task's end to a completion handler: a block on the session's queue, which a simulated device
    /// waits for as the app's work.
    private func handing(
        to handler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> @Sendable (URLSessionTask.Outcome) -> Void {
        let queue = handlerQueue
        return { outcome in
            let call: @Sendable () -> Void = {
                switch outcome {
                case .success((let data, let response)): handler(data, response, nil)
                case .failure(let error): handler(nil, nil, error)
                }
            }
            let work = AppTasks.ofCodeRunningHere?.countingBlock(call) ?? call
            queue.async { work() }
        }
    }
}
