import Foundation
import Testing

@testable import LifecycleCheck

/// `lifecycle check` on the styles of Apple's unified log (`log stream`, `log show`, Console): each process told
/// apart by its pid, so a relaunch is a new process that must begin with a launch.
@Suite struct UnifiedLogCheckTests {
    static let styles = ["default", "syslog", "compact", "ndjson", "json"]

    static func log(_ name: String) throws -> String {
        try String(
            contentsOf: LogCheckTests.folder.appendingPathComponent("Logs/unified/\(name).log"), encoding: .utf8)
    }

    @Test(arguments: styles)
    func aSessionInEachStyleFits(style: String) throws {
        let (outcome, output) = LogCheckTests.check(try Self.log(style))
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("log: 6 lifecycle lines fit the model"), "\(output)")
    }

    /// A new pid is a new process: one that starts with `applicationDidBecomeActive:` cannot have launched.
    @Test(arguments: styles)
    func aNewProcessThatDoesNotLaunchIsAViolation(style: String) throws {
        let (outcome, output) = LogCheckTests.check(try Self.log("\(style)-relaunch-without-launch"))
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("violation: applicationDidBecomeActive: cannot happen here"), "\(output)")
        #expect(output.contains("the model allows there: application:didFinishLaunchingWithOptions:"), "\(output)")
    }

    /// Each style names its process by its executable and pid, as NSLog's lines are (`MyApp[1240`), whether the
    /// line is ASCII or not, with the line's time.
    @Test(arguments: [
        (
            "2024-05-01 10:00:00.301122-0700 0x1a2b     Default     0x0                  1240   0    MyApp: "
                + "(Foundation) applicationDidBecomeActive:", "MyApp[1240"
        ),
        (
            "2024-05-01 10:00:00.301122-0700  localhost MyApp[1240]: (Foundation) applicationDidBecomeActive:",
            "MyApp[1240"
        ),
        ("2024-05-01 10:00:00.301 Df MyApp[1240:1a2b] applicationDidBecomeActive:", "MyApp[1240:1a2b"),
        ("2024-05-01 10:00:00.301 E My App[1240:1a2b] applicationDidBecomeActive:", "My App[1240:1a2b"),
        (
            #"{"eventMessage":"applicationDidBecomeActive:","processImagePath":"\/var\/MyApp.app\/MyApp","#
                + #""timestamp":"2024-05-01 10:00:00.301122-0700","processID":1240}"#, "MyApp[1240"
        ),
    ])
    func eachStyleNamesItsProcess(line: String, process: String) throws {
        for text in [
            line, line.replacingOccurrences(of: "applicationDidBecomeActive:", with: "applicationDidBecomeActive: é"),
        ] {
            let recognized = try #require(LogRecognizer.recognize(text[...]))
            #expect(recognized.event == .callback(.didBecomeActive))
            let expected = process.hasSuffix(":1a2b") ? String(process.dropLast(5)) : process
            #expect(recognized.process == expected, "\(text)")
            #expect(recognized.time.map { Int($0 * 1000) % 60_000 } == 301)
        }
    }

    /// `--style json` writes an entry over many lines: it is read whole, and reported at its message's line.
    @Test func aJSONEntryIsReportedAtItsMessage() throws {
        let log = try Self.log("json-relaunch-without-launch")
        let (_, output) = LogCheckTests.check(log)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let number =
            try #require(
                lines.indices.last { lines[$0].contains(#""eventMessage" : "applicationDidBecomeActive:""#) }) + 1
        #expect(
            output.contains("log:\(number): violation: applicationDidBecomeActive: cannot happen here"), "\(output)")
        #expect(output.contains(#""eventMessage" : "applicationDidBecomeActive:","#), "\(output)")
    }

    /// An entry's own fields are those indented by two spaces: a deeper `eventMessage` is inside another field's
    /// value; an entry the log ends in is read as far as it goes; and a message on a line of its own outside an
    /// entry is no entry's.
    @Test func aJSONEntryIsReadByItsOwnFields() throws {
        let entry = { (message: String, pid: Int) in
            [
                "  \"nested\" : {", "    \"eventMessage\" : \"applicationWillTerminate:\"", "  },",
                "  \"eventMessage\" : \"\(message)\",", #"  "processImagePath" : "\/var\/MyApp.app\/MyApp","#,
                "  \"processID\" : \(pid)",
            ]
        }
        let log =
            (["[{"] + entry("application:didFinishLaunchingWithOptions:", 7) + ["},{"]
            + entry("applicationDidBecomeActive:", 7)).joined(separator: "\n")
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("log: 2 lifecycle lines fit the model"), "\(output)")
        let relaunched =
            (["[{"] + entry("application:didFinishLaunchingWithOptions:", 7) + ["},{"]
            + entry("applicationDidBecomeActive:", 7) + ["},{"] + entry("applicationDidBecomeActive:", 8) + ["}]"])
            .joined(separator: "\n")
        let (violation, report) = LogCheckTests.check(relaunched)
        #expect(violation == .violation, "\(report)")
        #expect(report.contains("log:19: violation"), "\(report)")
    }

    /// A message with escapes in the ndjson style is read as the text it stands for.
    @Test func anNDJSONMessageIsUnescaped() {
        #expect(
            LogRecognizer.jsonString("eventMessage", in: #"{"eventMessage" : "a \"b\" \/c \u00e9\n"}"#)
                == "a \"b\" /c é\n")
    }
}
