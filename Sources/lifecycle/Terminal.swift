import ArgumentParser
import Foundation
import LifecycleTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's standard output, buffered: a trace of millions of lines costs one system call per 64 KiB.
///
/// The first write that fails is remembered and nothing more is written: ``finish()`` then stops the command
/// as ``Terminal/stop(afterWriteFailure:)`` says.
struct StandardOutput: TextOutputStream {
    private var buffer: [UInt8] = []
    /// The error number of the first write that failed.
    private(set) var failure: Int32?

    init() {
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ string: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        if failure == nil {
            do {
                try TraceSpool.writeAll(buffer, to: STDOUT_FILENO)
            } catch {
                failure = error.errorNumber ?? EIO
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left; throws the command's exit when any write failed.
    mutating func finish() throws {
        flush()
        if let failure { throw Terminal.stop(afterWriteFailure: failure) }
    }
}

/// The process's standard error, unbuffered; a message that cannot be written there has nowhere else to go.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { try? TraceSpool.writeAll(string.utf8, to: STDERR_FILENO) }
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

    /// Writes `text` to standard output; throws the command's exit when it cannot be written.
    static func print(_ text: String) throws {
        var output = StandardOutput()
        output.write(text)
        try output.finish()
    }

    /// Writes `text` to the file at `path`, made or replaced; a file that cannot be written is said, and the command
    /// exits 2, as for any output it cannot write.
    static func write(_ text: String, toFile path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            printError("\(path): error: it cannot be written (\(error.localizedDescription))")
            throw ExitCode(2)
        }
    }

    /// How a command ends when its output cannot be written, as coreutils' do: a reader that has gone (a closed
    /// pipe, `| head`) ends it quietly, by the `SIGPIPE` it would have had; any other failure (a full disk) is
    /// said once on standard error, and the exit status is 2.
    static func stop(afterWriteFailure errorNumber: Int32) -> ExitCode {
        if errorNumber == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        printError("lifecycle: cannot write to standard output: \(String(cString: strerror(errorNumber)))")
        return ExitCode(2)
    }

    /// ``stop(afterWriteFailure:)`` for a trace that could not be shown: written, or read back from its spool.
    static func stop(after failure: TraceSpool.Failure) -> ExitCode {
        if let errorNumber = failure.errorNumber { return stop(afterWriteFailure: errorNumber) }
        printError("lifecycle: the trace cannot be shown: \(failure)")
        return ExitCode(2)
    }
}
