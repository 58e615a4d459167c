import LifecycleText

#if canImport(Glibc)
    import Glibc
#endif

/// A log to check or a scenario to run, open for reading: a regular file, or standard input copied to a private
/// temporary file (both are read twice, and standard input can be read once).
///
/// The copy is made in the temporary directory with `mkstemp` (a name no other user can guess or take, mode
/// 0600) and unlinked at once, so it is the process's alone and leaves nothing behind, whatever happens.
final class InputFile {
    let descriptor: Int32

    enum OpenError: Error, CustomStringConvertible {
        case missing(String)
        case notRegular(String, noun: String, what: String)
        case unreadable(String, reason: String)

        var description: String {
            switch self {
            case .missing(let path): "\(path): error: no such file"
            case .notRegular(let path, let noun, let what): "\(path): error: not a \(noun) but \(what)"
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

    /// What a file is read for.
    enum Kind {
        case log, scenario

        var noun: String { self == .log ? "log file" : "scenario file" }
        var command: String { self == .log ? "lifecycle check" : "lifecycle run" }
    }

    /// Opens a file: `-` is standard input.
    static func open(_ path: String, as kind: Kind = .log) throws(OpenError) -> InputFile {
        path == "-" ? try spool(STDIN_FILENO, name: "<stdin>") : try openRegularFile(path, kind)
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
                return try spool(descriptor, name: path)
            }
            // A pipe or a device can be read once only: read it through standard input instead.
            throw .notRegular(
                path, noun: kind.noun, what: "a pipe or device; pass it on standard input (\(kind.command) - < \(path))"
            )
        default: throw .notRegular(path, noun: kind.noun, what: "something other than a regular file")
        }
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path, reason: String(cString: strerror(errno))) }
        return InputFile(descriptor: descriptor)
    }

    /// A private copy of what can be read once, such as standard input.
    private static func spool(_ source: Int32, name: String) throws(OpenError) -> InputFile {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/lifecycle-input-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .unreadable(name, reason: "no temporary file: \(String(cString: strerror(errno)))")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let file = InputFile(descriptor: descriptor)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .unreadable(name, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let result = buffer.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, count - written) }
                if result < 0, errno == EINTR { continue }
                if result <= 0 { throw .unreadable(name, reason: "the temporary copy failed") }
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
