import Foundation
import LifecycleFuzzing
import LifecycleScenario
import Testing

@testable import LifecycleWeb

/// A fixed-seed pass of the mutation fuzzer over the messages a page sends: every broken message is refused
/// with a reason, and every one that decodes is carried out by one long-lived session, which never traps and
/// whose scenario always stays one that parses.
@Suite struct PlaygroundFuzzTests {
    static let corpus: [String] = [
        #"{"type":"perform","line":"tap notes"}"#, #"{"type":"perform","line":"home"}"#,
        #"{"type":"perform","line":"switcher"}"#, #"{"type":"perform","line":"swipe notes"}"#,
        #"{"type":"perform","line":"app clock"}"#, #"{"type":"perform","line":"wait 1s"}"#,
        #"{"type":"advance","milliseconds":100}"#, #"{"type":"step"}"#, #"{"type":"back"}"#, #"{"type":"run"}"#,
        #"{"type":"restart"}"#, #"{"type":"export"}"#,
        #"{"type":"load","source":"profile ios17\napp notes scenes\ntap notes\nhome\nwait 10s\n"}"#,
    ]

    @Test func aSessionTakesAnyMessages() throws {
        var mutator = SeededMutator(seed: 2026_11_22, corpus: Self.corpus)
        let session = PlaygroundSession()
        var decoded = 0
        for _ in 0..<2_000 {
            let message = String(decoding: mutator.next(), as: UTF8.self)
            let reply: PlaygroundReply
            do {
                reply = session.handle(try PlaygroundRequest.decode(message))
                decoded += 1
            } catch {
                #expect(!error.message.isEmpty)
                reply = session.reply(to: error)
                #expect(reply.problem != nil)
            }
            #expect(reply.stepsRun <= reply.stepCount)
            #expect(throws: Never.self) { try ScenarioParser(file: "fuzz").parse(session.source) }
        }
        #expect(decoded > 200, "the mutations keep enough messages whole to drive the session")
    }
}
