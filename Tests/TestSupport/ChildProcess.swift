import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process whose standard output is read line by line as it comes.
///
/// `@unchecked Sendable`: the pipe's reading handler runs on a Foundation queue, and every access to `lines`,
/// `partial` and `outputEnded` goes through `lock`.
public final class ChildProcess: @unchecked Sendable {
    public let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = ""
    /// Whether the reading handler has seen the end of the output: what the process wrote is all in `lines`.
    private var outputEnded = false
    private let errors = Pipe()

    /// - Parameters:
    ///   - mergingStandardError: whether standard error's lines are read with standard output's, in order (the
    ///     examples log with NSLog, which writes to standard error).
    ///   - environment: variables to set beside the test's own.
    public init(
        _ executable: String, _ arguments: [String] = [], mergingStandardError: Bool = false,
        environment: [String: String] = [:]
    ) throws {
        process.executableURL = ChildProcess.executable(executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = mergingStandardError ? output : errors
        output.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                lock.withLock { outputEnded = true }
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            lock.withLock {
                partial += text
                while let newline = partial.firstIndex(of: "\n") {
                    lines.append(String(partial[..<newline]))
                    partial = String(partial[partial.index(after: newline)...])
                }
            }
        }
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// An executable of this package, beside the test bundle (`swift test` builds them all).
    public static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    public var output: [String] { lock.withLock { lines } }

    private var hasOutputEnded: Bool { lock.withLock { outputEnded } }

    /// Waits until `line` has appeared `count` times; false on timeout.
    public func waitFor(_ line: String, count: Int = 1, timeout: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if output.filter({ $0 == line }).count >= count { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        // Once more: a busy machine may wake this task only after the deadline.
        return output.filter({ $0 == line }).count >= count
    }

    public func send(_ signalNumber: Int32) {
        kill(process.processIdentifier, signalNumber)
    }

    /// Whether the kernel has the process stopped (state T in /proc).
    public var isStopped: Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] == "T"
    }

    public func waitUntilStopped(timeout: Double = 10) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if isStopped { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isStopped
    }

    /// The exit status once the process has ended and its output has all been read (the reading handler runs
    /// on its own queue, and may still hold the last lines when the process is already gone); `nil` on timeout.
    public func exitStatus(timeout: Double = 20) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning || !hasOutputEnded, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// What the process wrote to its standard error. A process still running is killed first: reading to the end
    /// of a pipe its writer holds open would wait forever, and a test that finds a process alive when it should
    /// have ended must fail, not hang the suite.
    public var standardError: String {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
