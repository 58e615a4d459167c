/// Something that sends values over time, then perhaps an end (Combine's `Publisher`).
///
/// This is the part of Combine that an app's lifecycle code uses: a subscriber asks for every value (as `sink`,
/// `assign` and SwiftUI's `onReceive` do), so there is no demand to count, and a publisher's one requirement,
/// ``attach(receiveCompletion:receiveValue:)``, takes two closures where Combine's `receive(subscriber:)` takes a
/// `Subscriber`. An app's code that only subscribes and chains operators reads as on iOS; code that declares a
/// `Subscriber` or a `Publisher` of its own does not build.
public protocol Publisher<Output, Failure> {
    /// What the publisher sends.
    associatedtype Output
    /// How it can fail (`Never` for most).
    associatedtype Failure: Error

    /// Sends this publisher's values to `receiveValue`, then its end (if it has one) to `receiveCompletion`, until
    /// the returned subscription is cancelled or let go.
    func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

/// Combine's namespace of subscribers: here, what a publisher's end is.
public enum Subscribers {
    /// How a publisher ended: it has nothing more to send, or it failed.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion {
    /// The same end, a failure changed by `transform`: what an operator that changes the failure type passes on.
    func mapFailure<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(transform(error))
        }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Publisher {
    /// Calls `receiveValue` with each value and `receiveCompletion` at the end, until the returned subscription is
    /// cancelled or let go: keep it (`store(in: &cancellables)`), or nothing arrives.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        attach(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// A publisher that hides what this one is: `AnyPublisher<Output, Failure>`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Failure == Never {
    /// Calls `receiveValue` with each value, until the returned subscription is cancelled or let go: keep it
    /// (`store(in: &cancellables)`), or nothing arrives.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        attach(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Writes each value to `object`'s property at `keyPath`, until the returned subscription is cancelled or let
    /// go. The subscription holds `object`, as Combine's does.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        attach(receiveCompletion: { _ in }, receiveValue: { object[keyPath: keyPath] = $0 })
    }
}
