/// The identifier of an app on the simulated phone, such as `notes` or `com.example.notes`.
public struct AppID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, Codable,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a string is a valid identifier: letters, digits, `.`, `_` and `-`, at least one character.
    public static func isValid(_ string: Substring) -> Bool {
        if let ascii = string.utf8.withContiguousStorageIfAvailable(isValid(ascii:)), let valid = ascii { return valid }
        return !string.isEmpty
            && string.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
    }

    /// Whether the UTF-8 bytes of a string are a valid identifier (``isValid(_:)``), read where they lie.
    public static func isValid(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isValid(ascii: bytes) ?? isValid(String(decoding: bytes, as: UTF8.self)[...])
    }

    /// ``isValid(_:)`` for ASCII, byte by byte: what the character test says of each ASCII character. `nil` for
    /// bytes beyond ASCII anywhere, which are judged by their characters.
    private static func isValid(ascii bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var valid = !bytes.isEmpty
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            case 0x80...:
                return nil
            default:
                valid = false
            }
        }
        return valid
    }
}
