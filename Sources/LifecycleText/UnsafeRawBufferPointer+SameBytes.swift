extension UnsafeRawBufferPointer {
    /// Whether two runs of bytes are the same, compared eight bytes at a time: the names the log reader looks up
    /// and the process names it keeps are short, and `elementsEqual` on them costs several times as much.
    @inlinable package func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        var offset = 0
        while offset + 8 <= count {
            guard
                loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < count {
            guard self[offset] == other[offset] else { return false }
            offset += 1
        }
        return true
    }
}
