import Foundation

/// A subject that holds a value, sends it to each new subscriber, and sends each new one to all (Combine's
/// `CurrentValueSubject`).
///
/// `@unchecked Sendable`: its state (the value, the subscribers, the end) is read and written under locks, and values
/// are sent outside them, on the sending thread.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Output
    private let subscribers = SubscriberList<Output, Failure>()

    public init(_ value: Output) { current = value }

    /// The value; setting it sends it.
    public var value: Output {
        get { lock.withLock { current } }
        set { send(newValue) }
    }

    public func send(_ value: Output) {
        lock.withLock { current = value }
        subscribers.send(value)
    }

    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        if subscribers.end == nil { receiveValue(value) }
        return subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}
