import Foundation
import Testing

@testable import LifecycleCheck

/// `lifecycle check` on the styles of Apple's unified log (`log stream`, `log show`, Console): each process told
/// apart by its pid, so a relaunch is a new process that must begin with a launch.
@Suite struct UnifiedLogCheckTests {
    static let styles = ["default", "syslog", "compact", "ndjson"]

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

    /// A message with escapes in the ndjson style is read as the text it stands for.
    @Test func anNDJSONMessageIsUnescaped() {
        #expect(
            LogRecognizer.jsonString("eventMessage", in: #"{"eventMessage" : "a \"b\" \/c \u00e9\n"}"#)
                == "a \"b\" /c é\n")
    }
}
