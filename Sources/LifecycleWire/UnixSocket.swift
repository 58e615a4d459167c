import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The Unix-domain sockets of the supervisor: where its control clients and its apps connect, and how they do.
public enum UnixSocket {
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// A listening socket at `path`, reachable by its owner only (mode 0600); an old socket there is replaced.
    public static func listen(at path: String) throws(Failure) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        unlink(path)
        var address = try self.address(path)
        // The umask makes the socket 0600 from its creation: no moment where another user could connect.
        let mask = umask(0o177)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(mask)
        guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "\(path): cannot listen: \(reason)")
        }
        chmod(path, 0o600)
        return descriptor
    }

    /// A connected socket to `path`.
    public static func connect(to path: String) throws(Failure) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = try self.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "\(path): cannot connect: \(reason)")
        }
        return descriptor
    }

    private static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw Failure(description: "\(path): too long for a socket path")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (offset, byte) in bytes.enumerated() { raw[offset] = byte }
        }
        return address
    }

    /// The folder of the supervisor's sockets: `$XDG_RUNTIME_DIR/lifecycle`, or `/tmp/lifecycle-UID`; made
    /// private (0700) if it is new.
    public static func defaultFolder() -> String {
        let base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].map { $0 + "/lifecycle" }
        return base ?? "/tmp/lifecycle-\(getuid())"
    }

    /// Makes `folder` if needed, private to its owner.
    public static func prepare(folder: String) throws(Failure) {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw Failure(description: "\(folder): cannot make it: \(String(cString: strerror(errno)))")
        }
    }
}
