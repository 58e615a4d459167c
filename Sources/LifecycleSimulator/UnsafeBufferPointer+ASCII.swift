extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII, looked at eight bytes at a time: the readers of scenario lines and log lines
    /// take a byte-wise path for such lines.
    var isASCII: Bool {
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
}
