#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, looked at eight bytes at a time: the readers of scenario lines and log lines
    /// take a byte-wise path for such lines.
    @inlinable package var isASCII: Bool {
        let raw = UnsafeRawBufferPointer(self)
        var offset = 0
        while offset + 8 <= raw.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            offset += 8
        }
        while offset < raw.count {
            if raw[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Whether these bytes are the same as `other`'s, compared by `memcmp`: `elementsEqual` goes through each
    /// sequence's iterator, a byte at a time.
    @inlinable package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        return count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0
    }
}
