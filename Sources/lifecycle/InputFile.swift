import LifecycleCheck
import LifecycleText
import LifecycleTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A log to check or a scenario to run, open for reading: a regular file, or standard input copied to a private
/// temporary file (both are read twice, and standard input can be read once).
///
/// The copy is made in the temporary directory with `mkstemp` (a name no other user can guess or take, mode
/// 0600) and unlinked at once, so it is the process's alone and leaves nothing behind, whatever happens. It keeps
/// only the lines that matter (a scenario's commands, a log's lifecycle lines): every other line is copied as an
/// empty one, so that the lines keep their numbers while the copy grows with what is read, not with the input.
/// Input that is not text, a NUL byte, is refused at that byte, and so is a line longer than any real one:
/// `lifecycle run /dev/zero` stops at once instead of filling the disk.
final class InputFile {
    let descriptor: Int32
    /// Whether this is a private copy of what can be read once (standard input, a pipe): it must stay open until
    /// it has been read, where a regular file can be opened again when its turn comes.
    let isCopy: Bool

    enum OpenError: Error, CustomStringConvertible {
        case missing(String)
        case notRegular(String, noun: String, what: String)
        case unreadable(String, reason: String)
        case notText(String, offset: Int, line: Int)
        case lineTooLong(String, line: Int)

        var description: String {
            switch self {
            case .missing(let path): "\(path): error: no such file"
            case .notRegular(let path, let noun, let what): "\(path): error: not a \(noun) but \(what)"
            case .unreadable(let path, let reason): "\(path): error: it cannot be read: \(reason)"
            case .notText(let path, let offset, let line):
                "\(path):\(line): error: this is not text: a NUL byte at offset \(offset) (binary data, or text in "
                    + "UTF-16); lifecycle reads UTF-8 text"
            case .lineTooLong(let path, let line):
                "\(path):\(line): error: the line is longer than \(InputFile.longestLine) bytes, longer than any "
                    + "line of a log or a scenario"
            }
        }
    }

    private init(descriptor: Int32, isCopy: Bool) {
        self.descriptor = descriptor
        self.isCopy = isCopy
    }

    deinit {
        close(descriptor)
    }

    /// What a file is read for.
    enum Kind {
        case log, scenario

        var noun: String { self == .log ? "log file" : "scenario file" }
        var command: String { self == .log ? "lifecycle check" : "lifecycle run" }

        /// Whether a line must be kept in a copy: a lifecycle line of a log; a scenario's line unless it is blank
        /// or a comment (explained only by `lifecycle demo`, which runs built-in scenarios).
        func keeps(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            switch self {
            case .log:
                return LogRecognizer.recognize(String(decoding: line, as: UTF8.self)[...]) != nil
            case .scenario:
                guard let first = line.firstIndex(where: { !$0.isASCIIWhitespace }) else { return false }
                return line[first] != UInt8(ascii: "#")
            }
        }
    }

    /// The longest line a copy takes: far longer than any line of a log or a scenario.
    static let longestLine = LineReader.longestLineOfText

    /// Opens a file: `-` is standard input.
    static func open(_ path: String, as kind: Kind = .log) throws(OpenError) -> InputFile {
        path == "-" ? try spool(STDIN_FILENO, name: "<stdin>", kind) : try openRegularFile(path, kind)
    }

    private static func openRegularFile(_ path: String, _ kind: Kind) throws(OpenError) -> InputFile {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { throw .missing(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegular(path, noun: kind.noun, what: "a directory")
        case S_IFIFO, S_IFCHR, S_IFSOCK:
            if kind == .scenario {
                // A pipe or a device (`<(…)`, `/dev/stdin`) can be read once only: it is copied first.
                let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
                defer { close(descriptor) }
                return try spool(descriptor, name: path, kind)
            }
            // A pipe or a device can be read once only: read it through standard input instead.
            throw .notRegular(
                path, noun: kind.noun, what: "a pipe or device; pass it on standard input (\(kind.command) - < \(path))"
            )
        default: throw .notRegular(path, noun: kind.noun, what: "something other than a regular file")
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        return InputFile(descriptor: descriptor, isCopy: false)
    }

    /// A private copy of what can be read once, such as standard input: of its lines, those `kind` keeps, the
    /// others as empty lines.
    private static func spool(_ source: Int32, name: String, _ kind: Kind) throws(OpenError) -> InputFile {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/lifecycle-input-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .unreadable(name, reason: "no temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let file = InputFile(descriptor: descriptor, isCopy: true)
        var copy = LineCopy(name: name, kind: kind, descriptor: descriptor)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .unreadable(name, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            try buffer.withUnsafeBufferPointer { bytes throws(OpenError) in
                try copy.take(UnsafeBufferPointer(rebasing: bytes[..<count]))
            }
        }
        try copy.finish()
        return file
    }

    /// The copy of a stream's lines as they are read: each whole line kept or emptied, the start of the next one
    /// carried until its end comes.
    private struct LineCopy {
        let name: String
        let kind: Kind
        let descriptor: Int32
        /// The start of a line whose end has not been read yet.
        private var carried: [UInt8] = []
        /// What is ready to be written: about a megabyte goes at a time.
        private var pending: [UInt8] = []
        /// The offset of the first byte not yet read, and the number of the line it is on.
        private var offset = 0
        private var line = 1

        init(name: String, kind: Kind, descriptor: Int32) {
            self.name = name
            self.kind = kind
            self.descriptor = descriptor
        }

        mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) throws(OpenError) {
            if let nul = memchr(bytes.baseAddress!, 0, bytes.count) {
                let index = bytes.baseAddress!.distance(to: nul.assumingMemoryBound(to: UInt8.self))
                let lines = bytes[..<index].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                throw .notText(name, offset: offset + index, line: line + lines)
            }
            offset += bytes.count
            let base = bytes.baseAddress!
            var start = 0
            while start < bytes.count {
                guard let found = memchr(base + start, 0x0A, bytes.count - start) else {
                    carried.append(contentsOf: bytes[start...])
                    if carried.count > InputFile.longestLine { throw .lineTooLong(name, line: line) }
                    break
                }
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if carried.isEmpty {
                    keep(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                } else {
                    carried.append(contentsOf: bytes[start..<end])
                    if carried.count > InputFile.longestLine { throw .lineTooLong(name, line: line) }
                    carried.withUnsafeBufferPointer { keep($0) }
                    carried.removeAll(keepingCapacity: true)
                }
                line += 1
                start = end + 1
            }
            if pending.count >= 1 << 20 { try flush() }
        }

        /// Writes the last line, and whatever is pending.
        mutating func finish() throws(OpenError) {
            if !carried.isEmpty {
                carried.withUnsafeBufferPointer { keep($0) }
                pending.removeLast()  // the last line had no line break
            }
            try flush()
        }

        private mutating func keep(_ line: UnsafeBufferPointer<UInt8>) {
            if kind.keeps(line) { pending.append(contentsOf: line) }
            pending.append(0x0A)
        }

        private mutating func flush() throws(OpenError) {
            do {
                try TraceSpool.writeAll(pending, to: descriptor)
            } catch {
                throw .unreadable(name, reason: "the temporary copy failed: \(error)")
            }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// The log's lines, from the start.
    func lines(path: String) throws(OpenError) -> LineReader {
        guard let reader = LineReader(descriptor: descriptor) else {
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        // A line of a megabyte is no log's: it is refused rather than held in memory whole.
        reader.longestLine = Self.longestLine
        return reader
    }
}
