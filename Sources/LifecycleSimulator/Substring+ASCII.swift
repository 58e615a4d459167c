extension Substring {
    /// Whether every byte of the text is ASCII (``Swift/UnsafeBufferPointer/isASCII``).
    var isASCII: Bool {
        utf8.withContiguousStorageIfAvailable(\.isASCII) ?? utf8.allSatisfy { $0 < 0x80 }
    }
}
