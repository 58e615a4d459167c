import Foundation

/// A publisher of one value that an asynchronous call produces later (Combine's `Future`): the closure runs at once,
/// and its result, whenever it comes, goes to every subscriber, those that attach after it too.
///
/// `@unchecked Sendable`: its state (the result, the subscribers waiting) is read and written under `lock`; the
/// promise may be kept from any thread, and the result is sent on it.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// Keeps the future's promise: its one value, or its failure.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = NSLock()
    private var result: Result<Output, Failure>?
    private let subscribers = SubscriberList<Output, Failure>()

    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in
            let isFirst: Bool = lock.withLock {
                guard self.result == nil else { return false }
                self.result = result
                return true
            }
            guard isFirst else { return }
            switch result {
            case .success(let output):
                subscribers.send(output)
                subscribers.finish(.finished)
            case .failure(let error):
                subscribers.finish(.failure(error))
            }
        }
    }

    public func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        // Checked and added under the lock, so that a promise kept meanwhile on another thread either finds the
        // subscriber among those it sends to, or left it the result to replay.
        let (result, subscription): (Result<Output, Failure>?, AnyCancellable?) = lock.withLock {
            if let result = self.result { return (result, nil) }
            return (nil, subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue))
        }
        guard let result else { return subscription ?? AnyCancellable {} }
        switch result {
        case .success(let output):
            receiveValue(output)
            receiveCompletion(.finished)
        case .failure(let error):
            receiveCompletion(.failure(error))
        }
        return AnyCancellable {}
    }
}
