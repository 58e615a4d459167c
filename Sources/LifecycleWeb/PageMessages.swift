import HummingbirdWebSocket
import NIOCore

/// A page's WebSocket messages, assembled from their frames with at most `limit` bytes kept.
///
/// The library's own assembly (`messages(maxSize:)`) throws at the fragment that crosses its limit, and the
/// session would end without a word. Here a message over the limit, however it is framed, is read to its last
/// fragment without being kept and comes out as ``Message/tooLarge(bytes:)``, so that the server can say the
/// limit before it closes. (A single frame larger than the server's frame limit never reaches this: the
/// WebSocket codec closes the connection with 1009, "message too big", which the page explains.)
struct PageMessages: AsyncSequence {
    /// One message of the page.
    enum Message: Equatable {
        case text(String)
        case binary
        /// A message of `bytes` bytes, more than the limit; none of it was kept.
        case tooLarge(bytes: Int)
        /// A continuation with no message to continue, or a new message before the last one's final fragment.
        case outOfOrder
    }

    let frames: WebSocketInboundStream
    let limit: Int

    func makeAsyncIterator() -> Iterator {
        Iterator(frames: frames.makeAsyncIterator(), limit: limit)
    }

    struct Iterator: AsyncIteratorProtocol {
        var frames: WebSocketInboundStream.AsyncIterator
        let limit: Int

        mutating func next() async throws -> Message? {
            guard let first = try await frames.next() else { return nil }
            guard first.opcode != .continuation else { return .outOfOrder }
            var kept = first.data
            var bytes = kept.readableBytes
            var frame = first
            while !frame.fin {
                guard let fragment = try await frames.next() else { return nil }
                guard fragment.opcode == .continuation else { return .outOfOrder }
                frame = fragment
                bytes += fragment.data.readableBytes
                if bytes <= limit {
                    var data = fragment.data
                    kept.writeBuffer(&data)
                } else {
                    kept.clear()
                }
            }
            if bytes > limit { return .tooLarge(bytes: bytes) }
            return first.opcode == .binary ? .binary : .text(String(buffer: kept))
        }
    }
}
