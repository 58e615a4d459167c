import Foundation

/// Combine's `TopLevelDecoder`: what `decode(type:decoder:)` decodes with — `JSONDecoder`, `PropertyListDecoder`.
public protocol TopLevelDecoder<Input> {
    associatedtype Input
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// Combine's `TopLevelEncoder`: what `encode(encoder:)` encodes with — `JSONEncoder`, `PropertyListEncoder`.
public protocol TopLevelEncoder<Output> {
    associatedtype Output
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListEncoder: TopLevelEncoder {}

extension Publisher {
    /// Decodes each value with `decoder` as a `type`, or fails with what it throws.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> AnyPublisher<Item, any Error> where Output == Coder.Input {
        tryMap { try decoder.decode(type, from: $0) }
    }

    /// Encodes each value with `encoder`, or fails with what it throws.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> AnyPublisher<Coder.Output, any Error>
    where Output: Encodable {
        tryMap { try encoder.encode($0) }
    }
}
