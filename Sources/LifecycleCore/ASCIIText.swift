/// Writes a short ASCII text, literal pieces and decimal numbers, straight into a new string's storage.
///
/// A launch that needs room, the steady state of a full phone, has a memory note, and string interpolation (a
/// generic builder, an append and a capacity check per piece) cost more than the rest of such a launch. The note
/// is written so when a host reads it (``ActionList/text(_:)``). Internal to the core.
///
/// ```swift
/// let text = ASCIIText.make(capacity: 64) { text in
///     text.write("memory: ")
///     text.write(300)
///     text.write(" MB needed")
/// }
/// ```
struct ASCIIText: ~Copyable {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// A string of at most `capacity` bytes, written by `build`.
    ///
    /// - Precondition: what `build` writes fits in `capacity` bytes.
    static func make(capacity: Int, _ build: (inout ASCIIText) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var text = ASCIIText(buffer)
            build(&text)
            return text.count
        }
    }

    /// Appends a literal piece; it must be ASCII.
    mutating func write(_ piece: StaticString) {
        piece.withUTF8Buffer { bytes in
            precondition(count + bytes.count <= buffer.count, "ASCIIText: capacity exceeded")
            for byte in bytes {
                buffer[count] = byte
                count += 1
            }
        }
    }

    /// Appends a number in decimal, with a minus sign when it is negative.
    mutating func write(_ number: Int) {
        precondition(count + 20 <= buffer.count, "ASCIIText: capacity exceeded")
        if number < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = number.magnitude
        let start = count
        repeat {
            buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            count += 1
            magnitude /= 10
        } while magnitude > 0
        var (low, high) = (start, count - 1)
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
    }
}
