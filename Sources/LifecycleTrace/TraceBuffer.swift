import LifecycleCore

/// UTF-8 bytes of trace lines being written: what the trace layouts format records into.
///
/// Formatting appends straight into one growing array of bytes, so a record costs no `String` of its own; the
/// writers hand the bytes on in large pieces.
public struct TraceBuffer: Sendable, TraceBytes {
    /// The bytes written so far.
    public internal(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    public var count: Int { bytes.count }

    /// Forgets the bytes, keeping the memory for the next ones.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// The bytes as text (they are always whole UTF-8 characters).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes.append(contentsOf: bytes)
    }

    /// Whether a text's characters (as people count them) are its bytes: it is ASCII without `\r`, which with a
    /// `\n` after it is one character.
    package static func charactersAreBytes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }
}

/// Somewhere trace lines are formatted into, a byte at a time or a run of bytes at a time: ``TraceBuffer``, or
/// the spool's own buffer, which the layouts fill without an array's checks.
package protocol TraceBytes {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Seconds as ``Swift/Duration/secondsText`` writes them, after as many spaces as make them `width`
    /// characters wide (none when they are as wide). A buffer may remember the last time it wrote: the records
    /// of one event share their time.
    mutating func append(seconds duration: Duration, paddedTo width: Int)
    /// An app's id between the quotes of a JSON string (``append(jsonEscaped:)``). A buffer may remember the last
    /// one: the records of one event are nearly always about one app.
    mutating func append(jsonEscapedApp app: AppID)
    /// An app's id (none: nothing), then spaces up to `width` characters (``append(contentsOf:paddedTo:)``). A
    /// buffer may remember the last one.
    mutating func append(app: AppID?, paddedTo width: Int)
}

extension TraceBytes {
    package mutating func append(jsonEscapedApp app: AppID) {
        append(jsonEscaped: app.rawValue)
    }

    package mutating func append(app: AppID?, paddedTo width: Int) {
        append(contentsOf: app?.rawValue ?? "", paddedTo: width)
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)
/// Eight ASCII spaces in a word: the background of padded numbers, and the block spaces are copied from.
private let eightSpaces: UInt64 = 0x2020_2020_2020_2020

extension TraceBytes {
    /// Appends a literal. Inlined, and read from the literal's pointer rather than through `withUTF8Buffer`'s
    /// closure (which the compiler left as a call, a sixth of `lifecycle run`'s trace writing): the length is then
    /// a constant where the bytes are copied.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a text made at run time. A literal goes to the `StaticString` overload of `append(_:)` instead:
    /// `String` is a literal's default type, so an unlabelled `String` overload would take every literal, and it
    /// costs more.
    package mutating func append(contentsOf text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    package mutating func append(contentsOf text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    /// Spaces, 32 at a time from a block on the stack.
    package mutating func append(spaces count: Int) {
        guard count > 0 else { return }
        var block = (eightSpaces, eightSpaces, eightSpaces, eightSpaces)
        withUnsafeBytes(of: &block) { raw in
            let spaces = raw.bindMemory(to: UInt8.self)
            var left = count
            while left > 0 {
                let piece = min(left, spaces.count)
                append(UnsafeBufferPointer(rebasing: spaces[..<piece]))
                left -= piece
            }
        }
    }

    /// A text, then spaces up to `width` characters as people count them (none when the text is as wide): a text
    /// whose characters are its bytes is copied and measured in one pass.
    package mutating func append(contentsOf text: String, paddedTo width: Int) {
        var text = text
        let asciiCount = text.withUTF8 { utf8 -> Int? in
            guard TraceBuffer.charactersAreBytes(utf8) else { return nil }
            append(utf8)
            return utf8.count
        }
        if let asciiCount {
            append(spaces: width - asciiCount)
        } else {
            append(contentsOf: text)
            append(spaces: width - text.count)
        }
    }

    /// A whole number in decimal.
    package mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        append(decimal: value.magnitude)
    }

    /// A whole number in decimal, after as many spaces as make it `width` characters wide (at most 24; none when
    /// the number is as wide).
    package mutating func append(decimal value: UInt, paddedTo width: Int = 0) {
        precondition(width <= 24, "a number is padded to at most 24 characters")
        var digits = (eightSpaces, eightSpaces, eightSpaces)  // 24 bytes: room for any UInt64
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[(24 - max(count, width))...]))
        }
    }

    package mutating func append(seconds duration: Duration, paddedTo width: Int) {
        appendFormatted(seconds: duration, paddedTo: width)
    }

    /// ``append(seconds:paddedTo:)`` itself, for buffers that remember nothing: `0`, `1.5`, `0.25`, `12.004`.
    package mutating func appendFormatted(seconds duration: Duration, paddedTo width: Int) {
        let milliseconds = duration.inMilliseconds
        var fraction = Int(milliseconds.magnitude % 1000)
        var fractionWidth = 0
        if fraction != 0 {
            fractionWidth = 4
            var rest = fraction
            while rest % 10 == 0 {
                fractionWidth -= 1
                rest /= 10
            }
        }
        let whole = UInt(milliseconds.magnitude / 1000)
        if milliseconds < 0 {
            append(spaces: width - 1 - Self.decimalDigits(whole) - fractionWidth)
            append(UInt8(ascii: "-"))
            append(decimal: whole)
        } else {
            append(decimal: whole, paddedTo: max(width - fractionWidth, 0))
        }
        guard fraction != 0 else { return }
        append(UInt8(ascii: "."))
        var divisor = 100
        while fraction != 0 {
            append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    private static func decimalDigits(_ value: UInt) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// A JSON object of string values, keys in the order given: a callback's launch or connection options.
    package mutating func append(jsonObject entries: [(key: String, value: String)]) {
        append(UInt8(ascii: "{"))
        for (index, entry) in entries.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            append(jsonQuoted: entry.key)
            append(UInt8(ascii: ":"))
            append(jsonQuoted: entry.value)
        }
        append(UInt8(ascii: "}"))
    }

    /// A JSON string literal; strings with nothing to escape (nearly all) are copied whole.
    package mutating func append(jsonQuoted text: String) {
        append(UInt8(ascii: "\""))
        append(jsonEscaped: text)
        append(UInt8(ascii: "\""))
    }

    /// What goes between the quotes of a JSON string literal of a text: the text, escaped where JSON needs it (a
    /// quote, a backslash, a control character); a text with nothing to escape (nearly all) is copied whole.
    package mutating func append(jsonEscaped text: String) {
        // Checked and copied from the same look at the bytes.
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) else { return false }
            append(utf8)
            return true
        }
        if copied == true { return }
        for byte in text.utf8 {
            switch byte {
            case 0x22: append("\\\"")
            case 0x5C: append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                append(hexDigits[Int(byte >> 4)])
                append(hexDigits[Int(byte & 0xF)])
            default: append(byte)
            }
        }
    }
}
