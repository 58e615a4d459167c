#if canImport(Glibc)
    import Glibc
#endif

/// A log to check, open for reading: a regular file, or standard input copied to a private temporary file
/// (the check reads a log twice, and standard input can be read once).
///
/// The copy is made in the temporary directory with `mkstemp` (a name no other user can guess or take, mode
/// 0600) and unlinked at once, so it is the process's alone and leaves nothing behind, whatever happens.
final class LogFile {
    let descriptor: Int32

    enum OpenError: Error, CustomStringConvertible {
        case missing(String)
        case notRegular(String, what: String)
        case unreadable(String, reason: String)

        var description: String {
            switch self {
            case .missing(let path): "\(path): error: no such file"
            case .notRegular(let path, let what): "\(path): error: not a log file but \(what)"
            case .unreadable(let path, let reason): "\(path): error: it cannot be read: \(reason)"
            }
        }
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens a log: `-` is standard input.
    static func open(_ path: String) throws(OpenError) -> LogFile {
        path == "-" ? try spoolStandardInput() : try openRegularFile(path)
    }

    private static func openRegularFile(_ path: String) throws(OpenError) -> LogFile {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { throw .missing(path) }
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notRegular(path, what: "a directory")
        case S_IFIFO, S_IFCHR, S_IFSOCK:
            // A pipe or a device can be read once only: read it through standard input instead.
            throw .notRegular(path, what: "a pipe or device; pass it on standard input (lifecycle check - < \(path))")
        default: throw .notRegular(path, what: "something other than a regular file")
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        return LogFile(descriptor: descriptor)
    }

    private static func spoolStandardInput() throws(OpenError) -> LogFile {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/lifecycle-check-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .unreadable("<stdin>", reason: "no temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let file = LogFile(descriptor: descriptor)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .unreadable("<stdin>", reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                if result <= 0 { throw .unreadable("<stdin>", reason: "the temporary copy failed") }
                written += result
            }
        }
        return file
    }

    /// The log's lines, from the start.
    func lines(path: String) throws(OpenError) -> LineReader {
        guard let reader = LineReader(descriptor: descriptor) else {
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        return reader
    }
}
