import Foundation
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

/// The client side of the control socket, as `lifecycle ctl` uses it: one request, its answer's lines.
public enum ControlClient {
    /// Sends `request` (its lines, each ended by a newline) to the supervisor whose sockets are in `socketFolder`,
    /// and returns the answer's lines. The last is `ok`, `failed N` or `error: …`.
    public static func send(_ request: String, socketFolder: String) throws(UnixSocket.Failure) -> [String] {
        let descriptor = try UnixSocket.connect(to: socketFolder + "/control.sock")
        let connection = LineConnection(descriptor: descriptor)
        defer { connection.close() }
        connection.write(request, terminated: false)
        var lines: [String] = []
        while let line = connection.readLine() { lines.append(line) }
        return lines
    }

    /// The request for a line of the scenario language, such as `tap notes`.
    public static func action(_ line: String) -> String { "do \(line)\n" }
}
