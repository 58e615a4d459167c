import Foundation
import Hummingbird
import HummingbirdWebSocket
import LifecycleDiagram
import LifecycleScenario
import Logging
import Synchronization

/// The playground's web server: the page, what it reads (the built-in scenarios, the state diagrams), and a
/// WebSocket per page carrying its session's requests and replies.
///
/// Routes:
/// - `GET /` and the page's files (HTML, CSS, JavaScript, shipped as the module's resources);
/// - `GET /scenarios.json`: the built-in scenarios, name, summary and text;
/// - `GET /diagram.json`: the app chart and the scene chart, their states and arrows, from the core's tables;
/// - `GET /session`, upgraded to a WebSocket: one ``PlaygroundSession``, a ``PlaygroundRequest`` a message and
///   a ``PlaygroundReply`` each.
public enum PlaygroundServer {
    /// The largest WebSocket message a page may send, in bytes: a scenario at its longest, with room for JSON.
    static let largestMessage = PlaygroundRequest.longestSource * 2

    /// The server's application, ready to run.
    ///
    /// - Parameters:
    ///   - host: The address to listen on; `127.0.0.1` keeps the playground on this machine.
    ///   - port: The port, `0` for any free one.
    ///   - registry: The bound on sessions.
    ///   - logger: Where the server's own events go.
    ///   - onRunning: Called with the port once the server listens.
    public static func application(
        host: String = "127.0.0.1", port: Int = 8080, registry: SessionRegistry = SessionRegistry(),
        logger: Logger = Logger(label: "lifecycle.serve"),
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.add(middleware: FileMiddleware(pageFolder, searchForIndexHtml: true, logger: logger))
        router.get("scenarios.json") { _, _ in try json(BuiltInScenario.all.map(ScenarioSummary.init)) }
        router.get("diagram.json") { _, _ in try json(DiagramCharts()) }
        router.ws("session") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            try await serve(inbound: inbound, outbound: outbound, registry: registry, logger: context.logger)
        }
        return Application(
            // A browser sends each message in one frame: frames up to twice the largest message are taken (the
            // library's default, 16 KiB, closed the session on a scenario of 20 KB), so that one over the limit
            // is answered with the limit before the connection closes (`PageMessages` does the same for a message
            // in fragments of any total size).
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router, configuration: .init(ws: .init(maxFrameSize: 2 * largestMessage))),
            configuration: .init(address: .hostname(host, port: port), serverName: "lifecycle"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// The folder of the page's files.
    static var pageFolder: String {
        Bundle.module.url(forResource: "Page", withExtension: nil)?.path ?? "Page"
    }

    /// One page's session, from its first message to its last.
    static func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, registry: SessionRegistry,
        logger: Logger
    ) async throws {
        guard await registry.admit() else {
            let full = "the playground has \(registry.capacity) sessions open; close a tab and reload"
            try await outbound.write(.text(try encoded(Rejection(problem: full))))
            // The page closes the connection once it has read why; one that does not is closed after 5 s. (Returning
            // at once, before the page has closed, sometimes left the close handshake waiting for ever.)
            try? await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await Task.sleep(for: .seconds(5))
                    try await outbound.close(.policyViolation, reason: "full")
                }
                for try await _ in inbound.messages(maxSize: 1024) {}
                group.cancelAll()
            }
            return
        }
        let lastMessage = LastMessage()
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await closeWhenIdle(outbound: outbound, since: lastMessage, timeout: registry.idleTimeout)
                }
                let session = PlaygroundSession()
                try await outbound.write(.text(try encoded(session.welcomeReply())))
                let messages = PageMessages(frames: inbound, limit: largestMessage)
                messages: for try await message in messages {
                    lastMessage.touch()
                    let reply: PlaygroundReply
                    switch message {
                    case .tooLarge(let bytes):
                        // Said before the connection closes, so that the page can show why.
                        let limit =
                            "a message may be at most \(largestMessage) bytes (a scenario at most "
                            + "\(PlaygroundRequest.longestSource)); this one has \(bytes)"
                        try await outbound.write(.text(try encoded(Rejection(problem: limit))))
                        try await outbound.close(.messageTooLarge, reason: "message too large")
                        break messages
                    case .outOfOrder:
                        try await outbound.close(.protocolError, reason: "a fragment out of order")
                        break messages
                    case .text(let text):
                        do throws(PlaygroundRequest.Invalid) {
                            reply = session.handle(try PlaygroundRequest.decode(text))
                        } catch {
                            reply = session.reply(to: error)
                        }
                    case .binary:
                        reply = session.reply(to: .init(message: "expected a text message of JSON, found binary"))
                    }
                    try await outbound.write(.text(try encoded(reply)))
                }
                group.cancelAll()
            }
        } catch is CancellationError {
        } catch {
            logger.debug("session ended: \(error)")
        }
        await registry.leave()
    }

    /// Closes the connection once nothing has arrived for `timeout`.
    private static func closeWhenIdle(
        outbound: WebSocketOutboundWriter, since lastMessage: LastMessage, timeout: Duration
    ) async throws {
        while true {
            let idle = ContinuousClock.now - lastMessage.time
            if idle >= timeout {
                try await outbound.close(.goingAway, reason: "idle")
                return
            }
            try await Task.sleep(for: timeout - idle)
        }
    }

    private static func json(_ value: some Encodable) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: try encoded(value))))
    }

    static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// When a session's last message arrived, shared by its reader and its idle timer.
    final class LastMessage: Sendable {
        private let instant = Mutex(ContinuousClock.now)

        var time: ContinuousClock.Instant { instant.withLock { $0 } }

        func touch() {
            instant.withLock { $0 = .now }
        }
    }

    /// What a page that could not get a session is told.
    struct Rejection: Encodable {
        var problem: String
    }

    /// A built-in scenario as the page lists it.
    struct ScenarioSummary: Encodable {
        var name: String
        var summary: String
        var source: String

        init(_ scenario: BuiltInScenario) {
            (name, summary, source) = (scenario.name, scenario.summary, scenario.source)
        }
    }

    /// The two charts of `lifecycle diagram`, as data for the page to draw.
    struct DiagramCharts: Encodable {
        struct Chart: Encodable {
            var start: String
            var states: [String]
            var arrows: [Arrow]
        }

        struct Arrow: Encodable {
            var from: String
            var to: String
            var labels: [String]
        }

        var app = Self.chart(.app)
        var scene = Self.chart(.scenes)

        static func chart(_ chart: StateDiagram.Chart) -> Chart {
            let arrows = StateDiagram.arrows(of: chart)
            var states: [String] = []
            for state in arrows.flatMap({ [$0.from, $0.to] }) where !states.contains(state) { states.append(state) }
            return Chart(
                start: states.first ?? "", states: states,
                arrows: arrows.map { Arrow(from: $0.from, to: $0.to, labels: $0.labels) })
        }
    }
}
