import Foundation
import LifecycleUIKit

extension URLSession {
    /// `URLSession.shared.dataTaskPublisher(for: url)`: a publisher that sends the request when subscribed to, then
    /// the answer's data and response, or fails with the task's `URLError`. Cancelling the subscription cancels the
    /// request. Its answer comes as its data task's does (docs/lifecycle.md §19), on the session's queue.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// Combine's `URLSession.DataTaskPublisher`.
    public struct DataTaskPublisher: Publisher, Sendable {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        public let request: URLRequest
        public let session: URLSession

        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<URLError>) -> Void,
            receiveValue: @escaping ((data: Data, response: URLResponse)) -> Void
        ) -> AnyCancellable {
            let completion = UncheckedHandler(receive: receiveCompletion)
            let value = UncheckedHandler(receive: receiveValue)
            let cancelled = CancelledFlag()
            let task = session.dataTask(with: request) { data, response, error in
                // A cancelled subscription hears nothing, not even the task's `cancelled` error, as in Combine.
                guard !cancelled.isSet else { return }
                if let data, let response {
                    value.receive((data, response))
                    completion.receive(.finished)
                } else {
                    completion.receive(.failure(error as? URLError ?? URLError(.unknown)))
                }
            }
            task.resume()
            return AnyCancellable {
                cancelled.set()
                task.cancel()
            }
        }
    }
}
