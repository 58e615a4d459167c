import Foundation
import LifecycleScenario
import LifecycleSimulator
import LifecycleTimeline
import Testing

@testable import LifecycleWeb

/// The session behind each page: every request, every mistake, and that it tells what `lifecycle run` tells.
@Suite struct PlaygroundSessionTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LifecycleSimulatorTests/Golden")

    @Test func aNewPageGetsTheWelcomeScenarioNothingRun() {
        let reply = PlaygroundSession().welcomeReply()
        #expect(reply.source == PlaygroundSession.welcome)
        #expect(reply.stepsRun == 0 && reply.stepCount == 0 && reply.trace.isEmpty)
        #expect(reply.phone.apps.map(\.id) == ["notes", "maps", "music", "photos"])
        #expect(reply.phone.apps.allSatisfy { $0.state == "notRunning" })
        #expect(reply.phone.isHomeScreenShowing && reply.phone.foreground == nil)
        #expect(reply.phone.profile == "ios17")
    }

    @Test func tapThenHomeAppendsTheLinesAndTellsTheCallbacksInOrder() throws {
        let session = PlaygroundSession()
        let tap = session.handle(.perform(line: "tap notes"))
        #expect(tap.problem == nil)
        #expect(tap.source == nil, "the whole text does not travel again")
        #expect(tap.sourceEdit == SourceEdit(keep: PlaygroundSession.welcome.utf16.count, text: "tap notes\n"))
        #expect(tap.sourceEdit?.applied(to: PlaygroundSession.welcome) == session.source)
        #expect(tap.phone.foreground == "notes")
        #expect(tap.trace.first?.kind == "action" && tap.trace.first?.line == 7)
        let home = session.handle(.perform(line: "home"))
        #expect(home.traceFrom == tap.trace.count, "only the new lines travel")
        let callbacks = home.trace.filter { $0.kind == "callback" && $0.app == "notes" }.map(\.text)
        let resign = try #require(callbacks.firstIndex { $0.contains("applicationWillResignActive:") })
        let background = try #require(callbacks.firstIndex { $0.contains("applicationDidEnterBackground:") })
        #expect(resign < background)
        #expect(home.phone.apps.first { $0.id == "notes" }?.state == "suspended")
        #expect(home.trace.contains { $0.kind == "transition" && $0.from == "background" && $0.to == "suspended" })
        #expect(home.phone.cards == ["notes"])
    }

    /// Several apps on an iPad's screen (docs/lifecycle.md §16): the page is told which apps are on screen in order,
    /// the key window, the window hidden from Slide Over and those minimized, to draw each and bring them back.
    @Test func theSnapshotTellsTheAppsOnScreenAndWhatIsKeptOffIt() {
        let session = PlaygroundSession()
        _ = session.handle(
            .load(
                source: """
                    profile ios26
                    device ipad
                    app mail scenes
                    app notes scenes
                    app maps scenes
                    tap mail
                    new-window notes split
                    new-window maps slide-over
                    """))
        let shared = session.handle(.perform(line: "focus mail#1"))
        #expect(shared.problem == nil)
        #expect(shared.phone.onScreen == ["mail", "notes", "maps"])
        #expect(shared.phone.keyWindow == "mail#1")
        let hidden = session.handle(.perform(line: "hide-slide-over"))
        #expect(hidden.phone.onScreen == ["mail", "notes"] && hidden.phone.hiddenSlideOver == "maps#1")
        let minimized = session.handle(.perform(line: "minimize-window notes#1"))
        #expect(minimized.phone.onScreen == ["mail"] && minimized.phone.minimized == ["notes#1"])
        let restored = session.handle(.perform(line: "restore-window notes#1"))
        #expect(restored.phone.minimized.isEmpty && restored.phone.onScreen == ["mail", "notes"])
    }

    @Test func aMistakeIsLocatedAndChangesNothing() {
        let session = PlaygroundSession()
        _ = session.handle(.perform(line: "tap notes"))
        let before = session.source
        let unknown = session.handle(.perform(line: "tap nots"))
        #expect(unknown.problem?.line == 8)
        #expect(unknown.problem?.column == 5)
        #expect(unknown.problem?.message.contains("playground.scenario:8:5: error:") == true)
        #expect(unknown.problem?.diagnostic.contains("did you mean 'notes'") == true)
        #expect(unknown.source == nil && unknown.sourceEdit == nil && session.source == before)
        let impossible = session.handle(.perform(line: "swipe notes"))
        #expect(impossible.problem?.message.contains("'swipe notes' is impossible here") == true)
        #expect(impossible.problem?.diagnostic.contains("8 | swipe notes") == true, "the line it was, shown")
        #expect(impossible.trace.isEmpty && impossible.phone.foreground == "notes")
        #expect(session.source == before)
    }

    @Test func aDeclarationBuildsThePhoneAnewAndReplays() {
        let session = PlaygroundSession()
        _ = session.handle(.perform(line: "tap notes"))
        let reply = session.handle(.perform(line: "app clock"))
        #expect(reply.problem == nil)
        #expect(reply.traceFrom == 0)
        #expect(reply.phone.apps.map(\.id).contains("clock"))
        #expect(reply.phone.foreground == "notes", "the lines before it ran again")
        let refused = session.handle(.perform(line: "profile ios12"))
        #expect(refused.problem?.message.contains("the profile is already set on line 2") == true)
        let unchanged = session.handle(.step)
        #expect(unchanged.phone.apps.count == 5 && unchanged.phone.foreground == "notes", "the phone is as it was")
    }

    @Test func stepBackRunAndRestartMoveThroughTheScenario() throws {
        let session = PlaygroundSession()
        let scenario = try #require(BuiltInScenario.named("seven-cases"))
        let loaded = session.handle(.load(source: scenario.source))
        #expect(loaded.stepsRun == 0 && loaded.stepCount > 10 && loaded.nextLine == 6)
        let first = session.handle(.step)
        #expect(first.stepsRun == 1 && first.phone.foreground == "first" && first.nextLine == 9)
        let second = session.handle(.step)
        #expect(second.phone.foreground == nil)
        let back = session.handle(.back)
        #expect(back.stepsRun == 1 && back.traceFrom == 0 && back.trace == first.trace)
        let run = session.handle(.run)
        #expect(run.stepsRun == run.stepCount && run.nextLine == nil && run.problem == nil)
        #expect(run.trace.last?.kind == "expect" && run.trace.last?.passed == true)
        let restart = session.handle(.restart)
        #expect(
            restart.stepsRun == 0 && restart.trace.isEmpty && restart.phone.apps.allSatisfy { $0.state == "notRunning" }
        )
        #expect(session.handle(.back).stepsRun == 0, "nothing to undo is no mistake")
    }

    @Test func playingTimeGrowsOneWaitLineAndTheTimersCountDown() throws {
        let session = PlaygroundSession()
        var page = PlaygroundSession.welcome
        func handle(_ request: PlaygroundRequest) -> PlaygroundReply {
            let reply = session.handle(request)
            if let whole = reply.source { page = whole }
            if let edit = reply.sourceEdit { page = edit.applied(to: page) }
            #expect(page == session.source, "the page's text is the session's")
            return reply
        }
        _ = handle(.perform(line: "tap maps"))
        let home = handle(.perform(line: "home"))
        let work = try #require(home.phone.timers.first { $0.app == "maps" && $0.what.contains("background task") })
        #expect(work.remaining == 20)
        #expect(home.phone.apps.first { $0.id == "maps" }?.tasks == 1)
        let budget = try #require(home.phone.apps.first { $0.id == "maps" }?.budget)
        for _ in 0..<10 { _ = handle(.advance(milliseconds: 100)) }
        let played = handle(.advance(milliseconds: 1000))
        #expect(page.hasSuffix("home\nwait 2s\n") == true, "one line, grown: \(page)")
        #expect(played.sourceEdit?.text == "2s\n", "only what changed travels")
        #expect(played.phone.time == 2)
        #expect(played.phone.timers.first { $0.app == "maps" && $0.what.contains("background task") }?.remaining == 18)
        #expect(played.phone.apps.first { $0.id == "maps" }?.budget == budget - 2)
        #expect(played.trace.count == 1 && played.trace.first?.text.contains("wait 2s") == true)
        let done = handle(.advance(milliseconds: 20_000))
        #expect(done.phone.apps.first { $0.id == "maps" }?.state == "suspended")
        #expect(done.trace.contains { $0.text.contains("endBackgroundTask") })
        _ = handle(.perform(line: "tap notes"))
        _ = handle(.advance(milliseconds: 500))
        #expect(page.hasSuffix("wait 22s\ntap notes\nwait 500ms\n") == true, "a new line after another")
    }

    /// A long session costs no more a reply than a short one: only the appended line and the new trace lines
    /// travel, never the whole scenario (which made a session of n actions cost O(n²) bytes).
    @Test func aReplyStaysTheSameSizeHoweverLongTheSession() throws {
        let session = PlaygroundSession()
        let encoder = JSONEncoder()
        var page = PlaygroundSession.welcome
        var sizes: [Int] = []
        for round in 1...2_000 {  // 4,000 actions, as the issue that found the growth measured
            for line in ["tap notes", "home"] {
                let reply = session.handle(.perform(line: line))
                #expect(reply.problem == nil)
                if let whole = reply.source { page = whole }
                if let edit = reply.sourceEdit { page = edit.applied(to: page) }
                if round == 5 || round == 2_000 { sizes.append(try encoder.encode(reply).count) }
            }
        }
        #expect(page == session.source)
        #expect(session.source.utf8.count > 30_000, "a long session")
        // The same two actions at round 5 and at round 2,000: the replies differ only in the digits of the line
        // numbers and counts.
        #expect(sizes[2] <= sizes[0] + 32 && sizes[3] <= sizes[1] + 32, "\(sizes)")
    }

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func theExportedTraceIsLifecycleRunsOwn(name: String) throws {
        let scenario = try #require(BuiltInScenario.named(name))
        let session = PlaygroundSession()
        #expect(session.handle(.load(source: scenario.source)).problem == nil)
        #expect(session.handle(.run).problem == nil)
        let golden = try String(
            contentsOf: Self.goldenFolder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        #expect(session.handle(.export).export == golden)
    }

    /// The timeline comes when the page asks for it, drawn as `lifecycle timeline` draws the same scenario; other
    /// replies carry none.
    @Test func theTimelineIsTheCommandsDrawingOfTheSession() throws {
        let session = PlaygroundSession()
        let tapped = session.handle(.perform(line: "tap maps"))
        #expect(tapped.timeline == nil)
        _ = session.handle(.perform(line: "home"))
        _ = session.handle(.advance(milliseconds: 30_000))
        let svg = try #require(session.handle(.timeline).timeline)
        #expect(svg.hasPrefix("<svg") && svg.contains(">maps</text>") && svg.contains(">background</text>"))
        #expect(svg.contains("class=\"budget\"") && svg.contains("endBackgroundTask"))
        // The command's drawing of the session's own scenario, up to the same time.
        var recorder = TimelineRecorder()
        try ScenarioRunner.run(try ScenarioRunner.load(session.source, file: "s"), into: &recorder)
        let drawn = TimelineDrawing(width: PlaygroundSession.timelineWidth).svg([
            (nil, recorder.finish(at: .seconds(30)))
        ])
        #expect(svg == drawn)
    }

    @Test func aScenarioWithMistakesIsNotLoaded() {
        let session = PlaygroundSession()
        let reply = session.handle(.load(source: "app notes\ntap notes\nfly notes\nwait forever\n"))
        #expect(reply.problem?.line == 3)
        #expect(reply.problem?.diagnostic.contains("playground.scenario:4:") == true, "every mistake is listed")
        #expect(session.source == PlaygroundSession.welcome)
    }

    @Test func aSessionStopsGrowingAtItsBounds() {
        let session = PlaygroundSession()
        let comment = "# " + String(repeating: "x", count: 1021) + "\n"
        // 256 KB less 14 bytes: a long comment no longer fits, a short line does.
        let nearlyFull =
            "app notes\n" + String(repeating: comment, count: 255) + "#" + String(repeating: "z", count: 998) + "\n"
        #expect(session.handle(.load(source: nearlyFull)).problem == nil)
        let refused = session.handle(.perform(line: "# " + String(repeating: "y", count: 990)))
        #expect(refused.problem?.message.contains("longer than 256 KB") == true)
        #expect(session.source == nearlyFull)
        #expect(session.handle(.perform(line: "tap notes")).problem == nil, "a short line still fits")
        let busy =
            (1...3).map { "app a\($0)" }.joined(separator: "\n") + "\n"
            + String(repeating: "tap a1\nhome\ntap a2\nswitcher\nswipe a1\npick a2\nhome\n", count: 3_000)
        #expect(session.handle(.load(source: busy)).problem == nil)
        let run = session.handle(.run)
        #expect(run.problem?.message.contains("the trace has reached 50000 lines") == true)
        #expect(
            run.trace.count >= PlaygroundSession.longestTrace && run.trace.count < PlaygroundSession.longestTrace + 50)
        #expect(run.stepsRun < run.stepCount && run.nextLine != nil)
        let more = session.handle(.perform(line: "tap a3"))
        #expect(more.problem?.message.contains("the trace has reached 50000 lines") == true)
        #expect(more.trace.isEmpty && session.handle(.restart).problem == nil)
    }

    @Test func thePlaygroundDrawsABoundedPhone() {
        let apps = (1...25).map { "app a\($0)" }.joined(separator: "\n")
        let reply = PlaygroundSession().handle(.load(source: apps))
        #expect(reply.problem?.message.contains("at most 24 apps") == true)
    }

    @Test(arguments: [
        ("", "expected a JSON object"),
        ("[1]", "expected a JSON object"),
        (#"{"kind":"step"}"#, "expected a \"type\""),
        (#"{"type":"jump"}"#, "unknown type 'jump'"),
        (#"{"type":"perform"}"#, "'perform' expects a \"line\""),
        (#"{"type":"perform","line":"  "}"#, "'perform' expects a \"line\""),
        (#"{"type":"perform","line":"home\ntap notes"}"#, "takes one line"),
        (#"{"type":"load"}"#, "'load' expects a \"source\""),
        (#"{"type":"load","source":7}"#, "'load' expects a \"source\""),
        (#"{"type":"advance"}"#, "'advance' expects \"milliseconds\""),
        (#"{"type":"advance","milliseconds":0}"#, "from 1 to 3600000"),
        (#"{"type":"advance","milliseconds":3600001}"#, "from 1 to 3600000"),
        (#"{"type":"advance","milliseconds":1.5}"#, "'advance' expects \"milliseconds\""),
    ])
    func badRequestsAreNamed(message: String, expected: String) {
        #expect(throws: PlaygroundRequest.Invalid.self) { try PlaygroundRequest.decode(message) }
        do {
            _ = try PlaygroundRequest.decode(message)
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }

    @Test func oversizedRequestsAreRefused() {
        let line = String(repeating: "x", count: PlaygroundRequest.longestLine + 1)
        #expect(throws: PlaygroundRequest.Invalid.self) {
            try PlaygroundRequest.decode(#"{"type":"perform","line":"\#(line)"}"#)
        }
        let source = String(repeating: "#", count: PlaygroundRequest.longestSource + 1)
        #expect(throws: PlaygroundRequest.Invalid.self) {
            try PlaygroundRequest.decode(#"{"type":"load","source":"\#(source)"}"#)
        }
    }

    @Test func goodRequestsAreRead() throws {
        #expect(try PlaygroundRequest.decode(#"{"type":"perform","line":"tap notes"}"#) == .perform(line: "tap notes"))
        #expect(try PlaygroundRequest.decode(#"{"type":"advance","milliseconds":100}"#) == .advance(milliseconds: 100))
        #expect(try PlaygroundRequest.decode(#"{"type":"load","source":"app a\n"}"#) == .load(source: "app a\n"))
        for type in ["step", "back", "run", "restart", "export", "timeline"] {
            #expect((try? PlaygroundRequest.decode(#"{"type":"\#(type)"}"#)) != nil)
        }
    }

    @Test func durationsAreWrittenAsTheLanguageReadsThem() {
        #expect(PlaygroundSession.durationText(.seconds(12)) == "12s")
        #expect(PlaygroundSession.durationText(.milliseconds(1500)) == "1500ms")
    }
}
