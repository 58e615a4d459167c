import Foundation

// The operators an app's lifecycle code chains, each a publisher of its own (an `AnyPublisher`, where Combine gives
// each operator a type: code that names `Publishers.Map` does not build).
extension Publisher {
    /// Sends each value changed by `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher { completion, value in
            attach(receiveCompletion: completion, receiveValue: { value(transform($0)) })
        }
    }

    /// Sends each value changed by `transform`, leaving out those it makes `nil`.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> AnyPublisher<T, Failure> {
        AnyPublisher { completion, value in
            attach(receiveCompletion: completion, receiveValue: { transform($0).map(value) })
        }
    }

    /// Sends the values `isIncluded` accepts.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            attach(receiveCompletion: completion, receiveValue: { if isIncluded($0) { value($0) } })
        }
    }

    /// Sends the values and the end on `scheduler`: `DispatchQueue.main`, `RunLoop.main` or `OperationQueue.main`
    /// send them as the app's main-queue work, after the work that sent them (docs/lifecycle.md §19). Nothing arrives
    /// once the subscription is cancelled, even what was already on its way.
    public func receive<S: Scheduler>(on scheduler: S) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let cancelled = CancelledFlag()
            let upstream = attach(
                receiveCompletion: { end in scheduler.schedule { if !cancelled.isSet { completion(end) } } },
                receiveValue: { output in scheduler.schedule { if !cancelled.isSet { value(output) } } })
            return AnyCancellable {
                cancelled.set()
                upstream.cancel()
            }
        }
    }

    /// Sends the values of this publisher and `other` as each comes, and ends when both have (or at the first
    /// failure).
    public func merge<P: Publisher>(with other: P) -> AnyPublisher<Output, Failure>
    where P.Output == Output, P.Failure == Failure {
        AnyPublisher { completion, value in
            let ends = MergedEnds(count: 2, completion: completion)
            let first = attach(receiveCompletion: ends.receive, receiveValue: value)
            let second = other.attach(receiveCompletion: ends.receive, receiveValue: value)
            return AnyCancellable {
                first.cancel()
                second.cancel()
            }
        }
    }
}

extension Publisher where Output: Equatable {
    /// Leaves out a value equal to the one sent before it.
    public func removeDuplicates() -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let last = LastValue<Output>()
            return attach(
                receiveCompletion: completion,
                receiveValue: { output in
                    if last.replace(with: output) != output { value(output) }
                })
        }
    }
}

/// Whether a subscription was cancelled, read by work already on its way.
///
/// `@unchecked Sendable`: its one state is read and written under `lock`.
final class CancelledFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// The last value a publisher sent.
final class LastValue<Value> {
    private var value: Value?

    /// Keeps `new` and returns the value before it.
    func replace(with new: Value) -> Value? {
        defer { value = new }
        return value
    }
}

/// The ends of merged publishers: the merge ends when each has finished, or at the first failure.
final class MergedEnds<Failure: Error> {
    private var remaining: Int
    private let completion: (Subscribers.Completion<Failure>) -> Void

    init(count: Int, completion: @escaping (Subscribers.Completion<Failure>) -> Void) {
        remaining = count
        self.completion = completion
    }

    func receive(_ end: Subscribers.Completion<Failure>) {
        guard remaining > 0 else { return }
        if case .failure = end {
            remaining = 0
            completion(end)
            return
        }
        remaining -= 1
        if remaining == 0 { completion(.finished) }
    }
}
