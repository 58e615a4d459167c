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
        // ASCII, byte by byte where the bytes lie: what the character test below says of each ASCII character.
        // A string with a byte beyond ASCII anywhere is judged by its characters.
        let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
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
        if let ascii, let valid = ascii { return valid }
        return !string.isEmpty
            && string.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
    }
}
