import Foundation

// The operators a view model chains beyond the basic ones: combining publishers, publishers of publishers, time on
// the phone's clock, accumulating, and errors. Each is an `AnyPublisher`, as the basic ones are.

extension Publisher {
    /// Sends both publishers' latest values each time either sends, once each has sent one; ends when both have
    /// (or at the first failure).
    public func combineLatest<P: Publisher>(_ other: P) -> AnyPublisher<(Output, P.Output), Failure>
    where P.Failure == Failure {
        AnyPublisher { completion, value in
            let latest = LatestPair<Output, P.Output>()
            let ends = MergedEnds(count: 2, completion: completion)
            let first = attach(
                receiveCompletion: ends.receive,
                receiveValue: { output in
                    latest.first = output
                    if let second = latest.second { value((output, second)) }
                })
            let second = other.attach(
                receiveCompletion: ends.receive,
                receiveValue: { output in
                    latest.second = output
                    if let first = latest.first { value((first, output)) }
                })
            return AnyCancellable {
                first.cancel()
                second.cancel()
            }
        }
    }

    /// `combineLatest(_:)` with the pair changed by `transform`.
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> AnyPublisher<T, Failure>
    where P.Failure == Failure {
        combineLatest(other).map(transform)
    }

    /// The latest values of three publishers.
    public func combineLatest<P: Publisher, Q: Publisher>(_ second: P, _ third: Q)
        -> AnyPublisher<(Output, P.Output, Q.Output), Failure>
    where P.Failure == Failure, Q.Failure == Failure {
        combineLatest(second).combineLatest(third).map { ($0.0, $0.1, $1) }
    }

    /// Sends the values of the publisher `transform` makes of each value, all of them as they come; ends when this
    /// publisher and every one it made have ended (or at the first failure).
    public func flatMap<P: Publisher>(_ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, Failure>
    where P.Failure == Failure {
        AnyPublisher { completion, value in
            let inner = InnerPublishers<Failure>(completion: completion)
            inner.upstream = attach(
                receiveCompletion: inner.upstreamEnded,
                receiveValue: { output in
                    let token = inner.started()
                    inner.hold(
                        transform(output).attach(
                            receiveCompletion: { inner.ended($0, token: token) }, receiveValue: value),
                        token: token)
                })
            return AnyCancellable { inner.cancel() }
        }
    }

    /// Sends the values `transform` accumulates from each value and the last result, starting from `initialResult`.
    public func scan<T>(_ initialResult: T, _ transform: @escaping (T, Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher { completion, value in
            let result = Box(initialResult)
            return attach(
                receiveCompletion: completion,
                receiveValue: { output in
                    result.value = transform(result.value, output)
                    value(result.value)
                })
        }
    }

    /// Sends every value at once, as an array, when this publisher finishes.
    public func collect() -> AnyPublisher<[Output], Failure> {
        AnyPublisher { completion, value in
            let collected = Box<[Output]>([])
            return attach(
                receiveCompletion: { end in
                    if case .finished = end { value(collected.value) }
                    completion(end)
                },
                receiveValue: { collected.value.append($0) })
        }
    }

    /// Sends the values, and ends, `interval` later on `scheduler`: on the phone's clock for the main queue.
    public func delay<S: Scheduler>(for interval: Duration, scheduler: S) -> AnyPublisher<Output, Failure> {
        AnyPublisher { completion, value in
            let cancelled = CancelledFlag()
            let upstream = attach(
                receiveCompletion: { end in
                    scheduler.schedule(after: interval) { if !cancelled.isSet { completion(end) } }
                },
                receiveValue: { output in
                    scheduler.schedule(after: interval) { if !cancelled.isSet { value(output) } }
                })
            return cancelled.cancelling(upstream)
        }
    }

    /// `delay(for:scheduler:)` in seconds (`.delay(for: 0.5, scheduler: RunLoop.main)`).
    public func delay<S: Scheduler>(for seconds: Double, scheduler: S) -> AnyPublisher<Output, Failure> {
        delay(for: .seconds(seconds), scheduler: scheduler)
    }

    /// `debounce(for:scheduler:)` in seconds (`.debounce(for: 0.5, scheduler: RunLoop.main)`).
    public func debounce<S: Scheduler>(for seconds: Double, scheduler: S) -> AnyPublisher<Output, Failure> {
        debounce(for: .seconds(seconds), scheduler: scheduler)
    }

    /// Sends the first value at once, then at most one value per `interval` on `scheduler` (the latest of those that
    /// came within it, or the first), as Combine's `throttle` does.
    public func throttle<S: Scheduler>(for interval: Duration, scheduler: S, latest: Bool)
        -> AnyPublisher<Output, Failure>
    {
        AnyPublisher { completion, value in
            let cancelled = CancelledFlag()
            let window = ThrottleWindow<Output>()
            func closeWindow() {
                scheduler.schedule(after: interval) {
                    guard !cancelled.isSet else { return }
                    if let waiting = window.take() {
                        value(waiting)
                        closeWindow()
                    } else {
                        window.isOpen = false
                    }
                }
            }
            let upstream = attach(
                receiveCompletion: { end in if !cancelled.isSet { completion(end) } },
                receiveValue: { output in
                    guard window.isOpen else {
                        window.isOpen = true
                        value(output)
                        closeWindow()
                        return
                    }
                    window.keep(output, latest: latest)
                })
            return cancelled.cancelling(upstream)
        }
    }

    /// `throttle(for:scheduler:latest:)` in seconds.
    public func throttle<S: Scheduler>(for seconds: Double, scheduler: S, latest: Bool)
        -> AnyPublisher<Output, Failure>
    {
        throttle(for: .seconds(seconds), scheduler: scheduler, latest: latest)
    }

    /// Changes a failure with `transform`.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> AnyPublisher<Output, E> {
        AnyPublisher { completion, value in
            attach(receiveCompletion: { completion($0.mapFailure(transform)) }, receiveValue: value)
        }
    }

    /// Sends each value changed by `transform`, or fails with what it throws.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> AnyPublisher<T, any Error> {
        AnyPublisher { completion, value in
            let upstream = UpstreamSubscription()
            upstream.hold(
                attach(
                    receiveCompletion: { end in
                        if upstream.isOpen { completion(end.mapFailure { $0 }) }
                    },
                    receiveValue: { output in
                        guard upstream.isOpen else { return }
                        do {
                            value(try transform(output))
                        } catch {
                            upstream.close()
                            completion(.failure(error))
                        }
                    }))
            return AnyCancellable { upstream.close() }
        }
    }

    /// Ends a failure with `output`, then finishes.
    public func replaceError(with output: Output) -> AnyPublisher<Output, Never> {
        `catch` { _ in Just(output) }
    }

    /// Goes on with the publisher `handler` makes of a failure.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> AnyPublisher<P.Output, P.Failure>
    where P.Output == Output {
        AnyPublisher { completion, value in
            let replacement = Box<AnyCancellable?>(nil)
            let upstream = attach(
                receiveCompletion: { end in
                    switch end {
                    case .finished: completion(.finished)
                    case .failure(let error):
                        replacement.value = handler(error).attach(receiveCompletion: completion, receiveValue: value)
                    }
                }, receiveValue: value)
            return AnyCancellable {
                upstream.cancel()
                replacement.value?.cancel()
            }
        }
    }
}

extension Publisher where Failure == Never {
    /// The same values, as a publisher that may fail with `failureType`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> AnyPublisher<Output, E> {
        AnyPublisher { completion, value in
            attach(receiveCompletion: { _ in completion(.finished) }, receiveValue: value)
        }
    }
}

extension Publisher {
    /// Replaces each `nil` with `output`.
    public func replaceNil<T>(with output: T) -> AnyPublisher<T, Failure> where Output == T? {
        map { $0 ?? output }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Sends the values of the latest publisher this one sent, cancelling the one before.
    public func switchToLatest() -> AnyPublisher<Output.Output, Failure> {
        AnyPublisher { completion, value in
            let current = Box<AnyCancellable?>(nil)
            let upstream = attach(
                receiveCompletion: completion,
                receiveValue: { publisher in
                    current.value?.cancel()
                    current.value = publisher.attach(
                        receiveCompletion: { end in if case .failure = end { completion(end) } }, receiveValue: value)
                })
            return AnyCancellable {
                upstream.cancel()
                current.value?.cancel()
            }
        }
    }
}

/// A value an operator keeps between values.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The latest value of each of two publishers.
final class LatestPair<First, Second> {
    var first: First?
    var second: Second?
}

/// Whether a throttle's interval is running, and the value waiting for its end.
final class ThrottleWindow<Value> {
    var isOpen = false
    private var waiting: Value?

    func keep(_ value: Value, latest: Bool) {
        if latest || waiting == nil { waiting = value }
    }

    func take() -> Value? {
        defer { waiting = nil }
        return waiting
    }
}

/// The publishers a `flatMap` made, and whether its own upstream has ended: it ends when all have.
final class InnerPublishers<Failure: Error> {
    var upstream: AnyCancellable?
    private var running: [Int: AnyCancellable] = [:]
    private var made = 0
    private var active = 0
    private var upstreamDone = false
    private var finished = false
    private let completion: (Subscribers.Completion<Failure>) -> Void

    init(completion: @escaping (Subscribers.Completion<Failure>) -> Void) { self.completion = completion }

    /// A publisher was made: returns its number.
    func started() -> Int {
        made += 1
        active += 1
        return made
    }

    func hold(_ subscription: AnyCancellable, token: Int) {
        if active > 0, !finished { running[token] = subscription }
    }

    func ended(_ end: Subscribers.Completion<Failure>, token: Int) {
        running[token] = nil
        active -= 1
        if case .failure = end { return finish(end) }
        if upstreamDone, active == 0 { finish(.finished) }
    }

    func upstreamEnded(_ end: Subscribers.Completion<Failure>) {
        upstreamDone = true
        if case .failure = end { return finish(end) }
        if active == 0 { finish(.finished) }
    }

    func cancel() {
        finished = true
        upstream?.cancel()
        for subscription in running.values { subscription.cancel() }
        running = [:]
    }

    private func finish(_ end: Subscribers.Completion<Failure>) {
        guard !finished else { return }
        cancel()
        completion(end)
    }
}
