import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A stream socket carrying one JSON message a line, in both directions: how a supervisor and an app process
/// speak (``ToApp``, ``FromApp``).
///
/// Writes are whole and blocking (messages are small); reads are buffered, either as bytes arrive
/// (``receiveAvailable()``, for a read source) or blocking until a message comes (``receive()``). A line that
/// is not a message of the expected type is an error: the caller logs it and closes the channel.
///
/// `@unchecked Sendable`: the channel is used from one queue at a time — its owner's (the supervisor's queue,
/// or the app's main thread) — which each owner guarantees; the descriptor itself is thread-safe.
public final class MessageChannel<Incoming: Decodable, Outgoing: Encodable>: @unchecked Sendable {
    /// A line that is not a message, or a connection that failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The socket's descriptor; the channel closes it.
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private var closed = false
    /// The longest line accepted: a longer one is not a message of this protocol.
    static var longestLine: Int { 1 << 20 }

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    /// Sends a message, whole.
    public func send(_ message: Outgoing) throws(Failure) {
        let data: Data
        do {
            data = try JSONEncoder().encode(message)
        } catch {
            throw Failure(description: "cannot encode \(message): \(error)")
        }
        var bytes = [UInt8](data)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw Failure(description: "the peer is gone (\(String(cString: strerror(errno))))")
            }
            offset += written
        }
    }

    /// Reads what has arrived without blocking (for a read source) and returns the whole messages in it;
    /// `nil` when the peer has closed the connection.
    public func receiveAvailable() throws(Failure) -> [Incoming]? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
        if count == 0 { return nil }
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return [] }
            return nil
        }
        buffer.append(contentsOf: chunk[..<count])
        return try messages()
    }

    /// Blocks until a message arrives; `nil` when the peer has closed the connection.
    public func receive() throws(Failure) -> Incoming? {
        while true {
            if let message = try messages(limit: 1).first { return message }
            var chunk = [UInt8](repeating: 0, count: 1 << 12)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The whole messages already read, without reading more: what arrived with a message ``receive()`` waited
    /// for, which no read source will announce.
    public func receiveBuffered() throws(Failure) -> [Incoming] {
        try messages()
    }

    /// The whole lines in the buffer, decoded (at most `limit`).
    private func messages(limit: Int = .max) throws(Failure) -> [Incoming] {
        var messages: [Incoming] = []
        while messages.count < limit, let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = buffer[..<newline]
            buffer.removeSubrange(...newline)
            do {
                messages.append(try JSONDecoder().decode(Incoming.self, from: Data(line)))
            } catch {
                throw Failure(
                    description: "not a message: \(String(decoding: line.prefix(120), as: UTF8.self))")
            }
        }
        if buffer.count > Self.longestLine {
            throw Failure(description: "a line longer than \(Self.longestLine) bytes")
        }
        return messages
    }
}
