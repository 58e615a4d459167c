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
        sending(endingOn: scheduler) { { send in scheduler.schedule(send) } }
    }

    /// Sends the end on `scheduler`, and each value when the subscription's own `schedule` runs the sending it is
    /// given (`receive(on:)`, `debounce`); nothing arrives once the subscription is cancelled, even what was already
    /// on its way.
    private func sending<S: Scheduler>(
        endingOn scheduler: S, by makeSchedule: @escaping () -> (_ send: @escaping () -> Void) -> Void
    ) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let cancelled = CancelledFlag()
            let schedule = makeSchedule()
            let upstream = attach(
                receiveCompletion: { end in scheduler.schedule { if !cancelled.isSet { completion(end) } } },
                receiveValue: { output in schedule { if !cancelled.isSet { value(output) } } })
            return cancelled.cancelling(upstream)
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

extension Publisher {
    /// Leaves out the first `count` values.
    public func dropFirst(_ count: Int = 1) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let seen = Counter()
            return attach(receiveCompletion: completion, receiveValue: { if seen.next() > count { value($0) } })
        }
    }

    /// Sends the first `maxLength` values, then finishes and cancels its subscription upstream.
    public func prefix(_ maxLength: Int) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let upstream = UpstreamSubscription()
            guard maxLength > 0 else {
                completion(.finished)
                return AnyCancellable {}
            }
            let seen = Counter()
            upstream.hold(
                attach(
                    receiveCompletion: { end in if upstream.isOpen { completion(end) } },
                    receiveValue: { output in
                        guard upstream.isOpen else { return }
                        value(output)
                        if seen.next() == maxLength {
                            upstream.close()
                            completion(.finished)
                        }
                    }))
            return AnyCancellable { upstream.close() }
        }
    }

    /// Sends the first value, then finishes.
    public func first() -> AnyPublisher<Output, Failure> { prefix(1) }

    /// Sends the first value `predicate` accepts, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        filter(predicate).prefix(1)
    }

    /// Runs `receiveOutput` on each value, and `receiveCompletion` on the end, as they pass.
    public func handleEvents(
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            attach(
                receiveCompletion: { end in
                    receiveCompletion?(end)
                    completion(end)
                },
                receiveValue: { output in
                    receiveOutput?(output)
                    value(output)
                })
        }
    }

    /// Sends a value once `dueTime` has passed on `scheduler` with no newer value: `DispatchQueue.main` and
    /// `RunLoop.main` count it on the phone's clock, as the app's main-queue work (`asyncAfter`), so a suspended
    /// app's value comes as it runs again.
    public func debounce<S: Scheduler>(for dueTime: Duration, scheduler: S) -> AnyPublisher<Output, Failure> {
        sending(endingOn: scheduler) {
            let latest = Counter()
            return { send in
                let number = latest.next()
                scheduler.schedule(after: dueTime) { if latest.count == number { send() } }
            }
        }
    }
}

/// A count of what passed, for the operators that count.
final class Counter {
    private(set) var count = 0

    /// Counts one more, and returns the count.
    func next() -> Int {
        count += 1
        return count
    }
}

/// The subscription an operator holds upstream, which it may close before the subscriber cancels (`prefix`), even
/// while the upstream is still attaching (a current value sent at once).
final class UpstreamSubscription {
    private var cancellable: AnyCancellable?
    private(set) var isOpen = true

    func hold(_ cancellable: AnyCancellable) {
        if isOpen { self.cancellable = cancellable } else { cancellable.cancel() }
    }

    func close() {
        isOpen = false
        cancellable?.cancel()
        cancellable = nil
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

    /// A subscription that sets the flag, so that what is already on its way is not delivered, and cancels
    /// `upstream`.
    func cancelling(_ upstream: AnyCancellable) -> AnyCancellable {
        AnyCancellable {
            self.set()
            upstream.cancel()
        }
    }
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
