import Foundation
import LifecycleCore
import Testing

@testable import LifecycleTrace

@Suite struct TraceWriterTests {
    @Test func jsonStringsAreEscaped() {
        #expect(JSONObject.quoted("plain") == #""plain""#)
        #expect(JSONObject.quoted(#"a "quoted" \path"#) == #""a \"quoted\" \\path""#)
        #expect(JSONObject.quoted("tab\there\nline\u{1}") == #""tab\there\nline\u0001""#)
        #expect(JSONObject.quoted("café ✓") == "\"café ✓\"")
    }

    @Test func everyKindOfRecordAsJSON() {
        let scene = SceneID(rawValue: "m#1")
        let records: [(TraceRecord.Event, String)] = [
            (.action(line: 3, text: "tap notes"), #"{"t":1.5,"kind":"action","line":3,"text":"tap notes"}"#),
            (
                .transition("up", from: .background, to: .notRunning, reason: .budget),
                #"{"t":1.5,"kind":"transition","app":"up","from":"background","to":"notRunning","reason":"budget"}"#
            ),
            (
                .callback(
                    "r", .willFinishLaunching, .launchOptions(LaunchOptions(url: "r://x", sourceApplication: "b"))),
                #"{"t":1.5,"kind":"callback","app":"r","name":"application:willFinishLaunchingWithOptions:","options":{"url":"r://x","sourceApplication":"b"}}"#
            ),
            (
                .callback("r", .openURL, .argument("r://x")),
                #"{"t":1.5,"kind":"callback","app":"r","name":"application:openURL:options:","argument":"r://x"}"#
            ),
            (
                .notification("n", .didBecomeActive),
                #"{"t":1.5,"kind":"notification","app":"n","name":"UIApplicationDidBecomeActiveNotification"}"#
            ),
            (
                .expect(line: 9, app: "n", expected: .active, actual: .active),
                #"{"t":1.5,"kind":"expect","line":9,"app":"n","expected":"active","actual":"active","ok":true}"#
            ),
            (.note(nil, "hello"), #"{"t":1.5,"kind":"note","text":"hello"}"#),
            (
                .transition("up", from: .inactive, to: .active, reason: nil),
                #"{"t":1.5,"kind":"transition","app":"up","from":"inactive","to":"active"}"#
            ),
            (
                .sceneTransition("m", scene, from: .unattached, to: .foregroundInactive),
                #"{"t":1.5,"kind":"transition","app":"m","scene":"m#1","from":"unattached","to":"foregroundInactive"}"#
            ),
            (
                .sceneCallback(
                    "m", scene, .sceneWillConnect, .connectionOptions(ConnectionOptions(url: "m://\"q\""))),
                #"{"t":1.5,"kind":"callback","app":"m","scene":"m#1","name":"scene:willConnectToSession:options:","options":{"url":"m://\"q\""}}"#
            ),
            (
                .sceneCallback("m", scene, .sceneDidBecomeActive, nil),
                #"{"t":1.5,"kind":"callback","app":"m","scene":"m#1","name":"sceneDidBecomeActive:"}"#
            ),
            (
                .sceneNotification("m", scene, .sceneDidActivate),
                #"{"t":1.5,"kind":"notification","app":"m","scene":"m#1","name":"UISceneDidActivateNotification"}"#
            ),
            (
                .expect(line: 10, app: "n", expected: .active, actual: .suspended),
                #"{"t":1.5,"kind":"expect","line":10,"app":"n","expected":"active","actual":"suspended","ok":false}"#
            ),
            (.note("n\t", "a \"b\""), #"{"t":1.5,"kind":"note","app":"n\t","text":"a \"b\""}"#),
            (.explanation("why\n"), #"{"t":1.5,"kind":"explanation","text":"why\n"}"#),
            (
                .callback("r", .didFinishLaunching, .launchOptions(LaunchOptions())),
                #"{"t":1.5,"kind":"callback","app":"r","name":"application:didFinishLaunchingWithOptions:","options":{}}"#
            ),
        ]
        for (event, line) in records {
            #expect(
                JSONLinesTraceWriter<String>.line(for: TraceRecord(time: .milliseconds(1500), event: event)) == line)
        }
    }

    /// The spool's buffer copies short pieces by words: every length, across its growth, keeps every byte.
    @Test func theSpoolsBufferKeepsPiecesOfEveryLength() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let spooled = RawTraceBytes(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<3 {
            for length in 0...40 {
                let start = (length + round) % 20
                source.withUnsafeBufferPointer {
                    spooled.append(UnsafeBufferPointer(rebasing: $0[start..<start + length]))
                }
                expected += source[start..<start + length]
            }
        }
        #expect(Array(spooled.bytes) == expected)
    }

    /// The spool's buffer, which remembers the last app id it wrote, writes every record as the plain buffer does,
    /// in both layouts: the same app again, another app, the first again, an id too long to remember, an id with a
    /// letter beyond ASCII, no app.
    @Test(arguments: [false, true])
    func appIdsAreRememberedFaithfully(text: Bool) {
        let long = AppID(String(repeating: "long.", count: 40))
        let apps: [AppID?] = ["notes", "notes", "maps", "notes", long, long, "notes", "café", "café", nil, nil, "maps"]
        let layout = TextTraceLayout(longestAppID: 200, colours: false)
        let spooled = RawTraceBytes(capacity: 64)
        var spooledBytes: some TraceBytes = spooled
        var plain = TraceBuffer()
        for app in apps {
            let record = TraceRecord(
                time: .zero, event: app.map { .notification($0, .didBecomeActive) } ?? .note(nil, "no app"))
            if text {
                layout.append(record, into: &spooledBytes)
                layout.append(record, into: &plain)
            } else {
                JSONLinesTraceWriter<String>.append(record, into: &spooledBytes)
                JSONLinesTraceWriter<String>.append(record, into: &plain)
            }
        }
        #expect(String(decoding: spooled.bytes, as: UTF8.self) == String(decoding: plain.bytes, as: UTF8.self))
        #expect(String(decoding: plain.bytes, as: UTF8.self).components(separatedBy: "\n").count == apps.count + 1)
    }

    /// Times as `Duration.secondsText` writes them, padded or not; the spool's buffer, which remembers the last
    /// time it wrote, writes what the plain buffer writes, whether it remembers the time or not.
    @Test func timesAreWrittenAsSecondsTextAndRememberedFaithfully() {
        let times: [Duration] = [
            .zero, .zero, .milliseconds(1_500), .milliseconds(1_500), .milliseconds(250), .milliseconds(12_004),
            .seconds(600), .milliseconds(-1_250), .milliseconds(-1_250), .seconds(123_456_789), .milliseconds(1),
            .seconds(1_000_000_000_000_000), .seconds(1_000_000_000_000_000), .milliseconds(990), .zero,
        ]
        let spooled = RawTraceBytes(capacity: 64)
        var plain = TraceBuffer()
        var mismatches: [String] = []
        for width in [0, 8, 0, 24] {
            for time in times {
                plain.removeAll()
                spooled.removeAll()
                plain.append(seconds: time, paddedTo: width)
                spooled.append(seconds: time, paddedTo: width)
                let text = String(decoding: plain.bytes, as: UTF8.self)
                let expected = String(repeating: " ", count: max(0, width - time.secondsText.count)) + time.secondsText
                if text != expected || Array(spooled.bytes) != plain.bytes { mismatches.append("\(time) \(width)") }
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func textColumnsAlignAndColoursOnlyWhenAsked() {
        var plain = TextTraceWriter(output: "", apps: ["notes", "a-longer-name"], colours: false)
        plain.write(
            TraceRecord(time: .seconds(12), event: .transition("notes", from: .active, to: .inactive, reason: nil)))
        plain.write(TraceRecord(time: .seconds(200), event: .callback("a-longer-name", .didBecomeActive, nil)))
        #expect(
            plain.output == """
                      12s   notes         active → inactive
                     200s   a-longer-name applicationDidBecomeActive:

                """)
        // An app id beyond ASCII is padded by its characters, not its bytes: the columns still align.
        var accented = TextTraceWriter(output: "", apps: ["café", "notes"], colours: false)
        accented.write(TraceRecord(time: .zero, event: .callback("café", .didBecomeActive, nil)))
        accented.write(TraceRecord(time: .zero, event: .callback("notes", .didBecomeActive, nil)))
        let columns = accented.output.split(separator: "\n").map { line in
            line.firstRange(of: "application").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(columns.count == 2 && columns[0] != nil && columns[0] == columns[1])
        // So is an action's text: its line number's column stays put.
        var actions = TextTraceWriter(output: "", apps: ["café", "notes"], colours: false)
        actions.write(TraceRecord(time: .zero, event: .action(line: 3, text: "tap café")))
        actions.write(TraceRecord(time: .zero, event: .action(line: 4, text: "tap notes")))
        let lineColumns = actions.output.split(separator: "\n").map { line in
            line.firstRange(of: " line ").map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(lineColumns.count == 2 && lineColumns[0] != nil && lineColumns[0] == lineColumns[1])
        var coloured = TextTraceWriter(output: "", apps: ["notes"], colours: true)
        coloured.write(TraceRecord(time: .zero, event: .transition("notes", from: .active, to: .inactive, reason: nil)))
        #expect(coloured.output.contains("\u{1B}[1;32mactive\u{1B}[0m"))
    }
}
