import Foundation
import LifecycleCore
import LifecycleWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The channel between a supervisor and an app, over a socket pair.
struct MessageChannelTests {
    /// Two connected channels: the supervisor's side and the app's.
    static func pair() -> (MessageChannel<FromApp, ToApp>, MessageChannel<ToApp, FromApp>) {
        var descriptors: [Int32] = [0, 0]
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors)
        return (MessageChannel(descriptor: descriptors[0]), MessageChannel(descriptor: descriptors[1]))
    }

    @Test func whatArrivesWithAnAwaitedAnswerIsKeptForTheCaller() throws {
        let (supervisor, app) = Self.pair()
        // The answer to a request and the message after it, in one write: one read takes both.
        try supervisor.send(.task(request: 1, identifier: BackgroundTaskIdentifier(rawValue: 7)))
        try supervisor.send(.budget(seconds: 30))
        usleep(10_000)
        #expect(try app.receive() == .task(request: 1, identifier: BackgroundTaskIdentifier(rawValue: 7)))
        #expect(try app.receiveBuffered() == [.budget(seconds: 30)])
        #expect(try app.receiveBuffered() == [])
    }

    @Test func aLineThatIsNotAMessageIsAnError() throws {
        var descriptors: [Int32] = [0, 0]
        socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors)
        let reader = MessageChannel<ToApp, FromApp>(descriptor: descriptors[0])
        _ = send(descriptors[1], "{\"nonsense\":1}\n", 15, Int32(MSG_NOSIGNAL))
        close(descriptors[1])
        #expect(throws: MessageChannel<ToApp, FromApp>.Failure.self) { try reader.receive() }
    }
}
