/// A publisher of another type's values, with that type hidden (Combine's `AnyPublisher`).
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    /// How a subscriber attaches: its completion and its values in, its subscription out.
    typealias Attachment = (
        @escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void
    ) -> AnyCancellable

    private let attachment: Attachment

    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        attachment = { publisher.attach(receiveCompletion: $0, receiveValue: $1) }
    }

    /// A publisher made of how it attaches: the operators' own.
    init(attaching: @escaping Attachment) { attachment = attaching }

    public func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        attachment(receiveCompletion, receiveValue)
    }
}
