import Foundation
import Testing

/// `lifecycle timeline`, `lifecycle check --timeline` and `--format chrome-trace`, run as a user runs them.
@Suite final class TimelineCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-timeline-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func file(_ text: String, named name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func drawsABuiltInScenarioToStandardOutputOrAFile() throws {
        let printed = try CommandLineTests.run(["timeline", "home", "--width", "640"])
        #expect(printed.status == 0, "\(printed.errors)")
        #expect(printed.output.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" class="timeline" width="640""#))
        #expect(printed.output.contains(">notes</text>"))
        let path = folder.appendingPathComponent("home.svg").path
        let written = try CommandLineTests.run(["timeline", "home", "-o", path])
        #expect(written.status == 0 && written.output.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<svg"))
    }

    @Test func mistakesExitTwoAndDrawNothing() throws {
        let missing = try CommandLineTests.run(["timeline", "hme"])
        #expect(missing.status == 2 && missing.output.isEmpty)
        #expect(missing.errors.contains("hme: error: no such file") && missing.errors.contains("did you mean 'home'?"))
        let invalid = try file("app notes\ntap nots\n", named: "bad.scenario")
        let refused = try CommandLineTests.run(["timeline", invalid])
        #expect(refused.status == 2 && refused.output.isEmpty)
        #expect(refused.errors.contains("bad.scenario:2:5: error:"), "\(refused.errors)")
        let narrow = try CommandLineTests.run(["timeline", "home", "--width", "100"])
        #expect(narrow.status == 2 && narrow.errors.contains("--width takes 320 pixels at least"))
    }

    @Test func aFailedExpectationIsDrawnInRedAndExitsOne() throws {
        let scenario = try file("app notes\ntap notes\nexpect notes background\n", named: "fails.scenario")
        let result = try CommandLineTests.run(["timeline", scenario])
        #expect(result.status == 1)
        #expect(result.errors.contains("fails.scenario:3:1: expectation failed"))
        #expect(result.output.contains(#"class="failed mark""#))
    }

    @Test func checkDrawsTheLogUpToTheLineItCannotExplain() throws {
        let log = try file(
            """
            2026-11-22 06:45:34.331 MyApp[100:1] application:didFinishLaunchingWithOptions:
            2026-11-22 06:45:34.331 MyApp[100:1] applicationDidBecomeActive:
            2026-11-22 06:45:40.722 MyApp[100:1] applicationWillTerminate:
            2026-11-22 06:45:41.722 MyApp[100:1] applicationDidBecomeActive:

            """, named: "app.log")
        let svg = folder.appendingPathComponent("log.svg").path
        let result = try CommandLineTests.run(["check", log, "--timeline", svg])
        #expect(result.status == 1)
        #expect(result.output.contains("app.log:4: violation: applicationDidBecomeActive: cannot happen here"))
        let drawing = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(drawing.contains(">MyApp[100]</text>"))
        #expect(drawing.contains("line 4: applicationDidBecomeActive: cannot happen here"))
        #expect(drawing.contains(#"class="violation mark""#))
        let refused = try CommandLineTests.run(["check", log, "--format", "chrome-trace"])
        #expect(refused.status == 2 && refused.errors.contains("'chrome-trace'"), "\(refused.errors)")
    }

    @Test func chromeTraceIsOneDocumentForSeveralScenariosAndForADemo() throws {
        for arguments in [["run", "home", "cold-launch"], ["demo", "home"], ["run", "--stream", "home"]] {
            let result = try CommandLineTests.run(arguments + ["--format", "chrome-trace"])
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            #expect((object?["traceEvents"] as? [Any])?.isEmpty == false, "\(arguments)")
        }
    }

    @Test func aFailedWriteIsReportedOnceAndExitsTwo() throws {
        for arguments in [["run", "home", "--format", "chrome-trace"], ["timeline", "home"]] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let result = try CommandLineTests.run(arguments, standardOutput: full)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.errors == "lifecycle: cannot write to standard output: No space left on device\n", "\(arguments)"
            )
        }
    }
}
