#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a file, read as they are needed, 64 KB at a time (invalid UTF-8 is repaired rather than
/// refused: logs are often mixed). Each reader reads from the start of the file.
///
/// A line ends at `\n`; the `\r` before it is not part of it, and a last line needs no `\n`. `lifecycle check`
/// takes each line's bytes where they lie (``forEachLine(_:)``), without making a `String` of it.
public final class LineReader: Sequence, IteratorProtocol {
    /// The reader's own descriptor of the file, read with `pread` from ``fileOffset``; -1 once it is closed.
    private var descriptor: Int32
    private var fileOffset: off_t = 0
    private var buffer: UnsafeMutableRawBufferPointer
    /// The bytes read and not yet handed out are `buffer[start..<end]`; those before `searched` hold no `\n`.
    private var start = 0
    private var end = 0
    private var searched = 0

    static let initialCapacity = 1 << 16

    /// A reader of the file open as `descriptor`, from its start; the descriptor stays the caller's. `nil` when
    /// the descriptor cannot be read from its start (a pipe, a terminal).
    public init?(descriptor: Int32) {
        let own = dup(descriptor)
        guard own >= 0 else { return nil }
        guard lseek(own, 0, SEEK_CUR) >= 0 else {
            close(own)
            return nil
        }
        self.descriptor = own
        buffer = .allocate(byteCount: Self.initialCapacity, alignment: 8)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        buffer.deallocate()
    }

    public func next() -> Substring? {
        nextLine().map { String(decoding: $0, as: UTF8.self)[...] }
    }

    /// Calls `body` with the bytes of each line from here on, until it returns `false`; the bytes are valid only
    /// during the call.
    package func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows {
        while let line = nextLine() {
            guard try body(line) else { return }
        }
    }

    /// The next line's bytes, without its line break: valid until the next call.
    private func nextLine() -> UnsafeBufferPointer<UInt8>? {
        while true {
            let base = buffer.baseAddress!
            if searched < end, let newline = memchr(base + searched, 0x0A, end - searched) {
                let lineEnd = base.distance(to: newline)
                defer {
                    start = lineEnd + 1
                    searched = start
                }
                return line(from: start, to: lineEnd)
            }
            searched = end
            guard descriptor >= 0 else {
                guard start < end else { return nil }
                defer { start = end }
                return line(from: start, to: end)
            }
            readMore()
        }
    }

    /// `buffer[from..<to]` without the carriage returns at its end.
    private func line(from lineStart: Int, to lineEnd: Int) -> UnsafeBufferPointer<UInt8> {
        let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var lineEnd = lineEnd
        while lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        return UnsafeBufferPointer(start: bytes + lineStart, count: lineEnd - lineStart)
    }

    /// Reads the next bytes of the file after those not yet handed out (moved to the front, in a larger buffer
    /// if they fill it); at the end of the file, or on an error reading it, closes the reader's descriptor.
    private func readMore() {
        if start > 0 {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
            end -= start
            searched -= start
            start = 0
        }
        if end == buffer.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 8)
            larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = larger
        }
        while true {
            let count = pread(descriptor, buffer.baseAddress! + end, buffer.count - end, fileOffset)
            if count < 0, errno == EINTR { continue }
            if count > 0 {
                end += count
                fileOffset += off_t(count)
            } else {
                close(descriptor)
                descriptor = -1
            }
            return
        }
    }
}
