import Foundation

/// The values a `NavigationStack(path:)` has pushed, of any types (SwiftUI's `NavigationPath`), and the way to keep
/// them across a purge: `path.codable`, encoded into `@SceneStorage`, and `NavigationPath(representation)` back.
///
/// No user pushes or pops a screen here: the path changes as the app's code changes it (a link it handles, a
/// notification it opens), and what a purge keeps of it is what the app's code wrote where it is kept.
public struct NavigationPath: Equatable {
    private var items: [Item] = []

    /// A pushed value, and its encoding when its type is `Codable`.
    private struct Item: Equatable {
        var value: AnyHashable
        var encoded: EncodedValue?

        static func == (lhs: Item, rhs: Item) -> Bool { lhs.value == rhs.value }
    }

    /// A value as `CodableRepresentation` keeps it: its type's name, and its JSON.
    fileprivate struct EncodedValue: Equatable {
        var typeName: String
        var json: String
    }

    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        for element in elements { append(element) }
    }

    public init<S: Sequence>(_ elements: S) where S.Element: Hashable & Codable {
        for element in elements { append(element) }
    }

    /// The path a `CodableRepresentation` keeps.
    public init(_ codable: CodableRepresentation) {
        items = codable.items.map { Item(value: $0.value, encoded: $0.encoded) }
    }

    /// How many values are on the path.
    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }

    /// The path in a form to encode: `nil` when one of its values is not `Codable`.
    public var codable: CodableRepresentation? {
        var kept: [CodableRepresentation.Entry] = []
        for item in items {
            guard let encoded = item.encoded else { return nil }
            kept.append(CodableRepresentation.Entry(value: item.value, encoded: encoded))
        }
        return CodableRepresentation(items: kept)
    }

    public mutating func append<V: Hashable>(_ value: V) {
        items.append(Item(value: AnyHashable(value), encoded: nil))
    }

    public mutating func append<V: Hashable & Codable>(_ value: V) {
        let encoded = (try? JSONEncoder().encode(value)).map {
            EncodedValue(
                typeName: _mangledTypeName(V.self) ?? String(reflecting: V.self),
                json: String(decoding: $0, as: UTF8.self))
        }
        items.append(Item(value: AnyHashable(value), encoded: encoded))
    }

    /// Removes the last `k` values (pops back `k` screens).
    public mutating func removeLast(_ k: Int = 1) {
        items.removeLast(k)
    }

    /// A path's values in a `Codable` form (SwiftUI's `NavigationPath.CodableRepresentation`): each value's type and
    /// JSON. Decoding one whose type this program does not have fails, as SwiftUI's does.
    public struct CodableRepresentation: Codable, Equatable {
        fileprivate struct Entry: Equatable {
            var value: AnyHashable
            var encoded: EncodedValue
        }

        fileprivate var items: [Entry]

        fileprivate init(items: [Entry]) { self.items = items }

        public init(from decoder: Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var items: [Entry] = []
            while !container.isAtEnd {
                let typeName = try container.decode(String.self)
                let json = try container.decode(String.self)
                guard let type = _typeByName(typeName) as? any (Decodable & Hashable).Type else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "no Codable and Hashable type named \(typeName)")
                }
                let value = try Self.decode(type, from: Data(json.utf8))
                items.append(Entry(value: value, encoded: EncodedValue(typeName: typeName, json: json)))
            }
            self.items = items
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            for item in items {
                try container.encode(item.encoded.typeName)
                try container.encode(item.encoded.json)
            }
        }

        private static func decode<T: Decodable & Hashable>(_ type: T.Type, from data: Data) throws -> AnyHashable {
            AnyHashable(try JSONDecoder().decode(T.self, from: data))
        }
    }
}
