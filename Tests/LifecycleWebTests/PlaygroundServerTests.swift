import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import LifecycleScenario
import Testing

@testable import LifecycleWeb

/// The server: its files, its JSON, and the WebSocket of each page, with every kind of bad message.
@Suite struct PlaygroundServerTests {
    /// Runs a live server (any free port) for the body.
    static func withServer(
        registry: SessionRegistry = SessionRegistry(),
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let application = PlaygroundServer.application(host: "127.0.0.1", port: 0, registry: registry)
        try await application.test(.live, body)
    }

    /// Whether `condition` holds within 5 s, asked every 20 ms: what the server does after a close is its own
    /// task's, which a loaded machine may run late (a fixed 100 ms wait failed in a full run).
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return await condition()
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func thePageAndWhatItReads() async throws {
        try await Self.withServer { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("lifecycle playground"))
            }
            for (file, type) in [
                ("style.css", "text/css"), ("playground.js", "javascript"), ("phone.js", "javascript"),
            ] {
                try await client.execute(uri: "/" + file, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType]?.contains(type) == true, "\(file)")
                }
            }
            try await client.execute(uri: "/scenarios.json", method: .get) { response in
                let list = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [[String: String]]
                #expect(list?.map { $0["name"] } == BuiltInScenario.all.map(\.name))
            }
            try await client.execute(uri: "/diagram.json", method: .get) { response in
                let charts = try Self.json(String(buffer: response.body))
                let app = try #require(charts["app"] as? [String: Any])
                #expect(app["states"] as? [String] == ["notRunning", "inactive", "background", "active", "suspended"])
                let scene = try #require(charts["scene"] as? [String: Any])
                #expect((scene["states"] as? [String])?.contains("foregroundActive") == true)
            }
            try await client.execute(uri: "/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aPageTapsAndPressesHomeAndABadMessageIsAnsweredNotFatal() async throws {
        try await Self.withServer { client in
            try await client.ws("/session") { inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                func next() async throws -> [String: Any] {
                    guard case .text(let text) = try await replies.next() else { throw CancellationError() }
                    return try Self.json(text)
                }
                let welcome = try await next()
                #expect((welcome["source"] as? String) == PlaygroundSession.welcome)
                try await outbound.write(.text(#"{"type":"perform","line":"tap notes"}"#))
                _ = try await next()
                try await outbound.write(.text(#"{"type":"perform","line":"home"}"#))
                let home = try await next()
                let texts = (home["trace"] as? [[String: Any]])?.compactMap { $0["text"] as? String } ?? []
                let resign = texts.firstIndex { $0.contains("applicationWillResignActive:") }
                let background = texts.firstIndex { $0.contains("applicationDidEnterBackground:") }
                #expect(resign != nil && background != nil && resign! < background!)
                for bad in ["nonsense", #"{"type":"advance","milliseconds":-1}"#, #"{"type":"perform","line":"fly"}"#] {
                    try await outbound.write(.text(bad))
                    let reply = try await next()
                    let problem = try #require(reply["problem"] as? [String: Any], "\(bad)")
                    #expect((problem["message"] as? String)?.isEmpty == false)
                }
                try await outbound.write(.binary(.init(string: "\u{1}")))
                let binary = try await next()
                #expect(((binary["problem"] as? [String: Any])?["message"] as? String)?.contains("binary") == true)
                try await outbound.write(.text(#"{"type":"step"}"#))
                let after = try await next()
                #expect(after["problem"] == nil, "the session goes on")
                let notes = (after["phone"] as? [String: Any]).flatMap { $0["apps"] as? [[String: Any]] }?.first
                #expect(notes?["state"] as? String == "suspended")
            }
        }
    }

    /// A browser sends a message in one frame: a scenario past the WebSocket library's default frame limit
    /// (16 KiB) is loaded and answered, not closed with 1009.
    @Test func aScenarioLargerThanAFrameOfTheDefaultSizeIsLoaded() async throws {
        let source = "app notes\n" + String(repeating: "# a long scenario's comment, as a shared one has\n", count: 450)
        #expect(source.utf8.count > 20_000)
        let request = try JSONSerialization.data(withJSONObject: ["type": "load", "source": source])
        try await Self.withServer { client in
            // The reply gives the source back: the test's client takes frames as large as the server's.
            try await client.ws("/session", configuration: .init(maxFrameSize: 1 << 20)) { inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                _ = try await replies.next()
                try await outbound.write(.text(String(decoding: request, as: UTF8.self)))
                guard case .text(let text) = try await replies.next() else {
                    Issue.record("the session was closed instead of answering")
                    return
                }
                #expect(try Self.json(text)["problem"] == nil)
            }
        }
    }

    @Test func aFullServerTurnsANewPageAway() async throws {
        // A server with no room: the page is told why, then closes the connection. (One connection, not two
        // nested ones: a full server is a server with no room left.)
        let registry = SessionRegistry(capacity: 0)
        try await Self.withServer(registry: registry) { client in
            try await client.ws("/session") { inbound, _, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                guard case .text(let text) = try await replies.next() else {
                    Issue.record("expected a message saying why")
                    return
                }
                #expect((try Self.json(text)["problem"] as? String)?.contains("0 sessions open") == true)
            }
            #expect(await registry.open == 0)
        }
    }

    @Test func theRegistryCountsSessionsUpToItsCapacity() async {
        let registry = SessionRegistry(capacity: 2)
        let first = await registry.admit()
        let second = await registry.admit()
        let third = await registry.admit()
        #expect(first && second && !third, "the third is turned away")
        await registry.leave()
        #expect(await registry.open == 1)
        #expect(await registry.admit(), "a place given back is taken again")
    }

    @Test func aMessageOverTheLimitClosesTheConnection() async throws {
        let registry = SessionRegistry()
        try await Self.withServer(registry: registry) { client in
            let close = try await client.ws("/session") { inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                _ = try await replies.next()
                let huge = String(repeating: "x", count: PlaygroundServer.largestMessage + 1)
                try await outbound.write(.text(#"{"type":"load","source":"\#(huge)"}"#))
                // The limit is said before the connection closes.
                guard case .text(let text) = try await replies.next() else {
                    Issue.record("closed without saying why")
                    return
                }
                let problem = try Self.json(text)["problem"] as? String
                #expect(problem?.contains("a message may be at most \(PlaygroundServer.largestMessage) bytes") == true)
                #expect(try await replies.next() == nil)
            }
            #expect(close?.closeCode == .messageTooLarge)
            #expect(await Self.eventually { await registry.open == 0 }, "the session leaves the registry")
        }
    }

    /// A message in fragments is answered whatever its framing: within the limit it is loaded, over it (here 2 MiB,
    /// past the frame limit too) it is answered with the limit, though none of it is kept, then closed with 1009.
    @Test func aMessageInFragmentsIsAnsweredOverTheLimitToo() async throws {
        let source = "app notes\n" + String(repeating: "# a long scenario's comment, as a shared one has\n", count: 900)
        let request = String(
            decoding: try JSONSerialization.data(withJSONObject: ["type": "load", "source": source]), as: UTF8.self)
        try await Self.withServer { client in
            let close = try await client.ws("/session", configuration: .init(maxFrameSize: 1 << 20)) {
                inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                _ = try await replies.next()
                let bytes = Array(request.utf8)
                try await outbound.withTextMessageWriter { write in
                    for start in stride(from: 0, to: bytes.count, by: 4096) {
                        try await write(String(decoding: bytes[start..<min(start + 4096, bytes.count)], as: UTF8.self))
                    }
                }
                guard case .text(let loaded) = try await replies.next() else {
                    Issue.record("the session was closed instead of answering")
                    return
                }
                #expect(try Self.json(loaded)["problem"] == nil)
                let fragment = String(repeating: "x", count: 1 << 16)
                try await outbound.withTextMessageWriter { write in
                    try await write(#"{"type":"load","source":""#)
                    for _ in 0..<32 { try await write(fragment) }
                    try await write(#""}"#)
                }
                guard case .text(let text) = try await replies.next() else {
                    Issue.record("closed without saying why")
                    return
                }
                let problem = try Self.json(text)["problem"] as? String
                #expect(problem?.contains("a message may be at most \(PlaygroundServer.largestMessage) bytes") == true)
                #expect(problem?.contains("this one has \((32 << 16) + 27)") == true, "\(problem ?? "")")
                #expect(try await replies.next() == nil)
            }
            #expect(close?.closeCode == .messageTooLarge)
        }
    }

    @Test func aContinuationWithNoMessageClosesTheSession() async throws {
        try await Self.withServer { client in
            let close = try await client.ws("/session") { inbound, outbound, _ in
                var replies = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
                _ = try await replies.next()
                try await outbound.write(
                    .custom(.init(fin: true, opcode: .continuation, data: ByteBuffer(string: #"{"type":"step"}"#))))
                #expect(try await replies.next() == nil)
            }
            #expect(close?.closeCode == .protocolError)
        }
    }

    @Test func anIdlePageIsDisconnected() async throws {
        let registry = SessionRegistry(capacity: 4, idleTimeout: .milliseconds(300))
        try await Self.withServer(registry: registry) { client in
            let started = ContinuousClock.now
            let close = try await client.ws("/session") { inbound, _, _ in
                for try await _ in inbound.messages(maxSize: 1 << 24) {}
            }
            #expect(close?.reason == "idle")
            #expect(ContinuousClock.now - started >= .milliseconds(300))
            #expect(await Self.eventually { await registry.open == 0 }, "the session leaves the registry")
        }
    }
}
