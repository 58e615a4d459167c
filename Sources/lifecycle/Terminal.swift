#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard output, buffered: a trace of millions of lines costs one system call per 64 KiB.
struct StandardOutput: TextOutputStream {
    private var buffer: [UInt8] = []

    init() {
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        writeAll(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The process's standard error, unbuffered.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { writeAll(Array(string.utf8), to: STDERR_FILENO) }
}

/// Writes every byte, retrying short writes; gives up quietly when the reader has gone (a closed pipe).
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

enum Terminal {
    /// Colour only when standard output is a terminal and `NO_COLOR` is not set.
    static var standardOutputWantsColour: Bool {
        isatty(STDOUT_FILENO) != 0 && getenv("NO_COLOR") == nil
    }

    static func printError(_ message: String) {
        var errors = StandardError()
        errors.write(message + "\n")
    }
}
