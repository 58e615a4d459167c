#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, looked at eight bytes at a time: the readers of scenario lines and log lines
    /// take a byte-wise path for such lines. The words' high bits are gathered and tested once, and the last bytes
    /// are read as the last word (which overlaps the one before) instead of one at a time.
    @inlinable package var isASCII: Bool {
        let raw = UnsafeRawBufferPointer(self)
        guard raw.count >= 8 else {
            var high: UInt8 = 0
            for byte in raw { high |= byte }
            return high < 0x80
        }
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        high |= raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether these bytes are the same as `other`'s, compared by `memcmp`: `elementsEqual` goes through each
    /// sequence's iterator, a byte at a time.
    @inlinable package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0
    }
}
