#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A trace held back until it may be shown: in memory while it is small, then in a private temporary file.
///
/// `lifecycle run` prints nothing when any line of any file is wrong, yet runs each file once: the trace goes
/// into a spool as the scenario runs, and the spool is released to the output only when everything checked.
/// Memory stays the same however long the trace: past ``memoryLimit`` bytes, the spool moves to a file made
/// with `mkstemp` in the temporary directory (mode 0600, a name nobody can guess) and unlinked at once, so it is
/// the process's alone and nothing is left behind, whatever happens.
public final class TraceSpool {
    /// The bytes a spool keeps in memory before it moves to a file, unless told otherwise.
    public static let defaultMemoryLimit = 4 << 20

    /// The bytes kept in memory before the spool moves to a file.
    public let memoryLimit: Int

    private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    /// Where a spool that holds nothing back writes each piece at once (``init(writingThroughTo:)``); -1 for one
    /// that holds its bytes.
    private var output: Int32 = -1
    /// The number of bytes spooled so far.
    public private(set) var count = 0

    /// Why the spool could not take or give back its bytes.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The system's error number when a write failed (`ENOSPC`, `EPIPE`), so that a command can tell a
        /// full disk from a reader that has gone.
        public var errorNumber: Int32?

        package init(description: String, errorNumber: Int32? = nil) {
            self.description = description
            self.errorNumber = errorNumber
        }
    }

    public init(memoryLimit: Int = TraceSpool.defaultMemoryLimit) {
        self.memoryLimit = memoryLimit
    }

    /// A spool that holds nothing back: each piece is written to `output` as it comes, for a trace shown as it
    /// runs (`lifecycle run --stream`). Its bytes cannot be copied out again.
    public init(writingThroughTo output: Int32) {
        self.memoryLimit = 0
        self.output = output
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Adds the bytes of whole lines.
    public func append(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { bytes throws(Failure) in try append(bytes) }
    }

    /// Adds the bytes of whole lines.
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        count += bytes.count
        if output >= 0 { return try Self.writeAll(bytes, to: output) }
        if descriptor < 0, memory.count + bytes.count <= memoryLimit {
            memory.append(contentsOf: bytes)
            return
        }
        if descriptor < 0 {
            descriptor = try Self.makeTemporaryFile()
            try Self.writeAll(memory, to: descriptor)
            memory = []
        }
        try Self.writeAll(bytes, to: descriptor)
    }

    /// Writes the bytes from `start` to `end` (offsets from ``count``) to a file descriptor.
    public func copy(from start: Int, to end: Int, into output: Int32) throws(Failure) {
        var start = start
        #if os(Linux)
            // From the spool's file, the kernel copies without bringing the bytes through this process; where it
            // cannot (an output it does not support), what is left goes the ordinary way.
            if descriptor >= 0 { start = Self.sendAsFarAsPossible(from: descriptor, start, end, to: output) }
        #endif
        try forEachPiece(from: start, to: end) { piece throws(Failure) in try Self.writeAll(piece, to: output) }
    }

    #if os(Linux)
        /// Sends the bytes from `start` to `end` of a file to `output` with `sendfile`; returns where it stopped.
        private static func sendAsFarAsPossible(from file: Int32, _ start: Int, _ end: Int, to output: Int32) -> Int {
            var offset = off_t(start)
            while Int(offset) < end {
                let sent = sendfile(output, file, &offset, end - Int(offset))
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { break }
            }
            return Int(offset)
        }
    #endif

    /// Writes the bytes from `start` to `end` to a text stream, in pieces that end at line breaks.
    public func copy<Output: TextOutputStream>(from start: Int, to end: Int, into output: inout Output)
        throws(Failure)
    {
        var carried: [UInt8] = []
        try forEachPiece(from: start, to: end) { piece in
            guard let lastBreak = piece.lastIndex(of: UInt8(ascii: "\n")) else {
                carried.append(contentsOf: piece)
                return
            }
            carried.append(contentsOf: piece[...lastBreak])
            output.write(String(decoding: carried, as: UTF8.self))
            carried = Array(piece[(lastBreak + 1)...])
        }
        if !carried.isEmpty { output.write(String(decoding: carried, as: UTF8.self)) }
    }

    private func forEachPiece(
        from start: Int, to end: Int, _ body: (ArraySlice<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try forEachPiece(from: start, to: end) { piece throws(Failure) in
            try body(piece)
            return true
        }
    }

    /// Calls `body` with the bytes from `start` to `end`, a piece at a time (a piece may end anywhere), until it
    /// returns `false`.
    package func forEachPiece(
        from start: Int, to end: Int, _ body: (ArraySlice<UInt8>) throws(Failure) -> Bool
    ) throws(Failure) {
        guard start < end else { return }
        guard output < 0 else { throw Failure(description: "the trace was written as it ran: none of it is held") }
        guard descriptor >= 0 else {
            _ = try body(memory[start..<end])
            return
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = start
        while offset < end {
            let wanted = min(buffer.count, end - offset)
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw Failure(description: "the trace's temporary file cannot be read back") }
            guard try body(buffer[..<read]) else { return }
            offset += read
        }
    }

    private static func makeTemporaryFile() throws(Failure) -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/lifecycle-trace-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw Failure(
                description: "no temporary file for the trace in \(directory): \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Writes every byte, retrying short writes: the one loop that writes all of a buffer, for the spool and for
    /// the command's own output.
    package static func writeAll<Bytes: Collection<UInt8>>(_ bytes: Bytes, to descriptor: Int32) throws(Failure) {
        // The error number of the write that failed; EIO for one that wrote nothing without saying why.
        let result: Int32?? = bytes.withContiguousStorageIfAvailable { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
        guard let result else { return try writeAll(Array(bytes), to: descriptor) }
        if let number = result {
            throw Failure(description: "writing failed: \(String(cString: strerror(number)))", errorNumber: number)
        }
    }
}
