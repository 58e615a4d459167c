import Foundation
import LifecycleCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an app's preserved state lives between launches: one file in the app's support directory.
///
/// Writing is atomic: the archive goes to a temporary file beside it, is flushed to disk (`fsync`), and
/// renamed over the old one, and the directory is flushed too. A process killed at any instant leaves the
/// old archive or the new one, never a torn one. The temporary file is named after the writing process, so two
/// processes never write the same one; a process killed mid-write leaves its temporary file behind, and the
/// next read or write of the archive removes the temporary files of processes that no longer exist. It is
/// deleted exactly when docs/lifecycle.md §6 says: when the user swipes the app away, and when the app is
/// killed during launch.
public struct RestorationArchive: Sendable {
    /// A failure of the file system, with the call that failed.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        public var path: String
        public var operation: String
        public var code: Int32

        public var description: String { "\(path): error: \(operation) failed: \(String(cString: strerror(code)))" }
    }

    /// The archive file.
    public let url: URL

    /// The archive of `app` in `directory` (the app's support directory), created if needed when written.
    public init(directory: URL, app: AppID) {
        self.init(file: directory.appendingPathComponent("\(app.rawValue).restoration"))
    }

    /// Another file of values kept the same way (the app's keychain: ``Keychain/keep(in:)``).
    public init(file url: URL) {
        self.url = url
    }

    /// The stored state, or `nil` when there is none.
    ///
    /// - Throws: when the file exists but cannot be read or decoded.
    public func read() throws -> [String: Data]? {
        removeStaleTemporaryFiles()
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try PropertyListDecoder().decode([String: Data].self, from: Data(contentsOf: url))
    }

    /// Replaces the stored state, atomically.
    public func write(_ values: [String: Data]) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(values)
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        removeStaleTemporaryFiles()
        let temporary = directory.appendingPathComponent(temporaryName(for: getpid()))
        try Self.writeAndSync(data, to: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw Error(path: url.path, operation: "rename", code: code)
        }
        try Self.sync(directory: directory.path)
    }

    /// Deletes the stored state, if there is any.
    public func delete() throws {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw Error(path: url.path, operation: "unlink", code: errno)
        }
    }

    /// The temporary file a process writes the archive to before renaming it into place.
    private func temporaryName(for process: pid_t) -> String {
        ".\(url.lastPathComponent).\(process).tmp"
    }

    /// The temporary files of this archive in its directory that belong to processes that have ended: a
    /// writer killed mid-write (by the watchdog, by memory pressure) leaves one, and nothing else would ever
    /// remove it. A live writer's file is left alone.
    func staleTemporaryFiles() -> [URL] {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".tmp"),
                let process = pid_t(name.dropFirst(prefix.count).dropLast(".tmp".count)),
                process != getpid(), kill(process, 0) != 0, errno == ESRCH
            else { return nil }
            return directory.appendingPathComponent(name)
        }
    }

    private func removeStaleTemporaryFiles() {
        for file in staleTemporaryFiles() { unlink(file.path) }
    }

    private static func writeAndSync(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw Error(path: path, operation: "open", code: errno) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Error(path: path, operation: "write", code: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw Error(path: path, operation: "fsync", code: errno) }
    }

    private static func sync(directory path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Error(path: path, operation: "open", code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Error(path: path, operation: "fsync", code: errno) }
    }
}
