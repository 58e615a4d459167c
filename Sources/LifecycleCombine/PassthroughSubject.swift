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
