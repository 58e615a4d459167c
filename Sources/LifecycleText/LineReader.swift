#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a file, or of bytes in memory, read as they are needed (invalid UTF-8 is repaired rather than
/// refused: logs are often mixed). Each reader reads from the start.
///
/// The one reader of lines for every input: `lifecycle check`'s logs and `lifecycle run`'s scenario files. By
/// default a line ends at `\n`, the `\r`s before it are not part of it, and a last line needs no `\n`: a log's
/// lines. ``LineBreaks/any`` ends a line at `\n`, `\r\n` or a lone `\r`: a scenario's lines. The lines' bytes are
/// taken where they lie (``forEachLine(_:)``, ``nextLine()``), without making a `String` of them.
public final class LineReader: Sequence, IteratorProtocol {
    /// Where a line ends.
    public enum LineBreaks: Sendable {
        /// At `\n`, without the carriage returns before it: a log's lines.
        case lineFeed
        /// At `\n`, `\r\n` or a lone `\r`: a scenario's lines, as ``String`` splits them.
        case any
    }

    private enum Source {
        /// The reader's own descriptor of the file, read with `pread` from ``fileOffset``; -1 once it is closed.
        case descriptor(Int32)
        /// A descriptor read with `read` as its bytes come (a pipe, a terminal), never closed by the reader.
        case stream(Int32)
        case bytes([UInt8])
        case exhausted
    }

    private var source: Source
    private let breaks: LineBreaks
    /// How many bytes a read asks for at most.
    private let readSize: Int
    private var fileOffset = 0
    private var buffer: UnsafeMutableRawBufferPointer
    /// The bytes read and not yet handed out are `buffer[start..<end]`; those before `searched` hold no break.
    private var start = 0
    private var end = 0
    private var searched = 0
    /// The `errno` of a read that failed, after which the reader gave no more lines.
    public private(set) var readError: Int32?
    /// The most bytes a line may have, if there is a limit: a longer line ends the lines (``stoppedAtLongLine``)
    /// rather than be held in memory whole.
    public var longestLine: Int? {
        get { lineLimit }
        set { lineLimit = newValue }
    }
    /// Whether the reader stopped at a line longer than ``longestLine``: the line after the last one given.
    public var stoppedAtLongLine: Bool { stoppedAtLimit }
    // The storage of the two above, private so that the compiler sees every access and checks none at run time
    // (a stored property that other modules reach is checked for exclusive access on every access, here on every
    // line read).
    private var lineLimit: Int?
    private var stoppedAtLimit = false

    /// A limit for ``longestLine`` far past any line of a log or a scenario: a megabyte.
    public static let longestLineOfText = 1 << 20

    static let initialCapacity = 1 << 16

    /// A reader of the file open as `descriptor`, from its start, a log's lines; the descriptor stays the
    /// caller's. `nil` when the descriptor cannot be read from its start (a pipe, a terminal).
    public convenience init?(descriptor: Int32) {
        let own = dup(descriptor)
        guard own >= 0 else { return nil }
        guard lseek(own, 0, SEEK_CUR) >= 0 else {
            close(own)
            return nil
        }
        self.init(source: .descriptor(own), breaks: .lineFeed, readSize: Self.initialCapacity)
    }

    /// A reader of the file open as `descriptor`, from its start, `readSize` bytes a read at most; the
    /// descriptor stays the caller's. A file that cannot be read ends the lines with ``readError``.
    public convenience init(descriptor: Int32, breaks: LineBreaks, readSize: Int = 1 << 20) {
        let own = dup(descriptor)
        self.init(source: own >= 0 ? .descriptor(own) : .exhausted, breaks: breaks, readSize: readSize)
        if own < 0 { readError = errno }
    }

    /// A reader of a stream — a pipe, a terminal — from where it stands, each line given as soon as its break
    /// arrives; the descriptor stays the caller's, and is read once.
    public convenience init(streamingFrom descriptor: Int32, breaks: LineBreaks, readSize: Int = 1 << 16) {
        self.init(source: .stream(descriptor), breaks: breaks, readSize: readSize)
    }

    /// A reader of bytes in memory, `readSize` of them taken at a time.
    public convenience init(bytes: [UInt8], breaks: LineBreaks, readSize: Int = 1 << 20) {
        self.init(source: .bytes(bytes), breaks: breaks, readSize: readSize)
    }

    private init(source: Source, breaks: LineBreaks, readSize: Int) {
        self.source = source
        self.breaks = breaks
        self.readSize = Swift.max(1, readSize)
        buffer = .allocate(byteCount: Swift.min(Self.initialCapacity, self.readSize), alignment: 8)
    }

    /// Reads once with `read` into the buffer's free space, again when a signal interrupts it: the bytes join those
    /// not yet handed out. At the end, or at a failure (its `errno` kept in ``readError``), the source is exhausted,
    /// and `descriptor`, the reader's own, closed.
    private func take(closingAtTheEnd descriptor: Int32?, _ read: () -> Int) {
        while true {
            let count = read()
            if count < 0, errno == EINTR { continue }
            if count > 0 {
                end += count
                fileOffset += count
            } else {
                if count < 0 { readError = errno }
                if let descriptor { close(descriptor) }
                source = .exhausted
            }
            return
        }
    }

    deinit {
        if case .descriptor(let descriptor) = source { close(descriptor) }
        buffer.deallocate()
    }

    public func next() -> Substring? {
        nextLine().map { String(decoding: $0, as: UTF8.self)[...] }
    }

    /// Calls `body` with the bytes of each line from here on, until it returns `false`; the bytes are valid only
    /// during the call.
    package func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows {
        while let line = readLine() {
            guard try body(line) else { return }
        }
    }

    /// The next line's bytes, without its line break: valid until the next call.
    package func nextLine() -> UnsafeBufferPointer<UInt8>? {
        readLine()
    }

    /// ``nextLine()``, inlined into ``forEachLine(_:)``: a call per line was 1% of `lifecycle check`.
    @inline(__always)
    private func readLine() -> UnsafeBufferPointer<UInt8>? {
        while true {
            let base = buffer.baseAddress!
            if searched < end, var lineEnd = memchr(base + searched, 0x0A, end - searched).map(base.distance(to:)) {
                var next = lineEnd + 1
                if breaks == .any, let carriageReturn = memchr(base + searched, 0x0D, lineEnd - searched) {
                    // A `\r` before the `\n` ends the line; it is a `\r\n` when the `\n` follows it at once.
                    let breakStart = base.distance(to: carriageReturn)
                    if breakStart + 1 < lineEnd { next = breakStart + 1 }
                    lineEnd = breakStart
                }
                defer {
                    start = next
                    searched = start
                }
                return line(from: start, to: lineEnd)
            }
            if breaks == .any, searched < end, let carriageReturn = memchr(base + searched, 0x0D, end - searched) {
                // A `\r` with no `\n` after it in the buffer: a lone `\r` ends the line, unless it is the last byte
                // read and the next read begins with the `\n` of a `\r\n`.
                let breakStart = base.distance(to: carriageReturn)
                if breakStart + 1 < end || isExhausted {
                    defer {
                        start = breakStart + 1
                        searched = start
                    }
                    return line(from: start, to: breakStart)
                }
                searched = breakStart
            } else {
                searched = end
            }
            if let lineLimit, end - start > lineLimit {
                stoppedAtLimit = true
                return nil
            }
            guard !isExhausted else {
                guard start < end else { return nil }
                defer {
                    start = end
                    searched = end
                }
                return line(from: start, to: end)
            }
            readMore()
        }
    }

    private var isExhausted: Bool {
        if case .exhausted = source { return true }
        return false
    }

    /// `buffer[from..<to]`, without the carriage returns at its end when a line ends at `\n` alone.
    private func line(from lineStart: Int, to lineEnd: Int) -> UnsafeBufferPointer<UInt8> {
        let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var lineEnd = lineEnd
        if breaks == .lineFeed {
            while lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        }
        return UnsafeBufferPointer(start: bytes + lineStart, count: lineEnd - lineStart)
    }

    /// Reads the next bytes after those not yet handed out (moved to the front, in a larger buffer if they fill
    /// it); at the end, or on an error reading, closes the reader's descriptor.
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
        let wanted = Swift.min(readSize, buffer.count - end)
        switch source {
        case .descriptor(let descriptor):
            take(closingAtTheEnd: descriptor) {
                pread(descriptor, buffer.baseAddress! + end, wanted, off_t(fileOffset))
            }
        case .stream(let descriptor):
            take(closingAtTheEnd: nil) { read(descriptor, buffer.baseAddress! + end, wanted) }
        case .bytes(let bytes):
            let count = Swift.min(wanted, bytes.count - fileOffset)
            guard count > 0 else {
                source = .exhausted
                return
            }
            bytes.withUnsafeBytes { all in
                (buffer.baseAddress! + end).copyMemory(from: all.baseAddress! + fileOffset, byteCount: count)
            }
            end += count
            fileOffset += count
        case .exhausted:
            return
        }
    }
}
