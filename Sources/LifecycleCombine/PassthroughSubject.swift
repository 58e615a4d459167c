import Foundation

/// A publisher that the app's code sends values through (Combine's `Subject`).
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber.
    func send(_ value: Output)
    /// Ends the subject: every subscriber gets `completion`, and nothing more is sent.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

/// A subject that sends each value to the subscribers it has when it is sent (Combine's `PassthroughSubject`).
///
/// `@unchecked Sendable`, as Combine's subjects are sendable: its state (the subscribers, the end) is read and
/// written under `lock`, and values are sent outside it, on the sending thread.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let subscribers = SubscriberList<Output, Failure>()

    public init() {}

    public func send(_ value: Output) { subscribers.send(value) }

    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

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

/// The subscribers of a subject, and its end once it has one.
///
/// `@unchecked Sendable`: its state is read and written under `lock`; the subscribers' closures are called outside
/// it, on the thread that sends, as Combine calls them.
final class SubscriberList<Output, Failure: Error>: @unchecked Sendable {
    private typealias Entry = (
        completion: (Subscribers.Completion<Failure>) -> Void, value: (Output) -> Void
    )

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var order: [Int] = []
    private var nextToken = 0
    private var ended: Subscribers.Completion<Failure>?

    var end: Subscribers.Completion<Failure>? { lock.withLock { ended } }

    func add(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let token: Int? = lock.withLock {
            guard ended == nil else { return nil }
            nextToken += 1
            entries[nextToken] = (receiveCompletion, receiveValue)
            order.append(nextToken)
            return nextToken
        }
        guard let token else {
            if let end { receiveCompletion(end) }
            return AnyCancellable {}
        }
        return AnyCancellable { [weak self] in self?.remove(token) }
    }

    func send(_ value: Output) {
        let current = lock.withLock { order.compactMap { entries[$0]?.value } }
        for receive in current { receive(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let current: [Entry] = lock.withLock {
            guard ended == nil else { return [] }
            ended = completion
            defer {
                entries = [:]
                order = []
            }
            return order.compactMap { entries[$0] }
        }
        for entry in current { entry.completion(completion) }
    }

    private func remove(_ token: Int) {
        lock.withLock {
            entries.removeValue(forKey: token)
            order.removeAll { $0 == token }
        }
    }
}
