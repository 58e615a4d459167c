import Foundation
import Testing

/// `lifecycle explore` on real processes: apps with a bug of their own (the test fixture, told to be slow or to
/// crash), found from outside, shrunk against fresh processes, reported on standard output with exit status 1.
@Suite final class ExploreCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-explore-tests-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A device of one fixture app with these arguments.
    func device(_ app: String, arguments: String) throws -> String {
        let fixture = CommandLineTests.executable.deletingLastPathComponent().appendingPathComponent("HostFixture")
        let file = folder.appendingPathComponent("\(app).lifecycle")
        try "profile ios17\napp \(app) executable=\(fixture.path) arguments=\(arguments)\n".write(
            to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The system's clock ten times faster: `applicationDidEnterBackground:` has 0.5 s of real time, and an app
    /// that takes 3 s there is killed by the watchdog — found, and shrunk to the two steps that show it.
    @Test func aSlowCallbackIsFoundByTheWatchdogOnTheSystemsFasterClock() throws {
        let device = try device("slow", arguments: "--slow,applicationDidEnterBackground:,3")
        let result = try CommandLineTests.run([
            "explore", device, "--sessions", "1", "--actions", "12", "--time-scale", "10", "--longest-wait", "1",
        ])
        #expect(result.status == 1, "\(result.errors)")
        #expect(
            result.output.contains(
                "watchdog in slow: watchdog: applicationDidEnterBackground: did not finish within 5 s"),
            "\(result.output)")
        #expect(
            result.output.contains(
                "shrunk to 2:\n    profile ios17\n    device memory=2048MB\n    app slow\n    tap slow\n    home\n"))
        #expect(result.errors.contains("explored 1 of 1 sessions; 1 found"))
        // The scenario replays on the model as it is printed.
        let scenario = result.output.components(separatedBy: "shrunk to 2:\n").last?
            .components(separatedBy: "  its trace:").first?
            .split(separator: "\n").map { $0.dropFirst(4) }.joined(separator: "\n")
        let file = folder.appendingPathComponent("found.scenario")
        try (scenario ?? "").write(to: file, atomically: true, encoding: .utf8)
        #expect(try CommandLineTests.run(["run", file.path]).status == 0)
    }

    /// A process that dies on its own is a crash, with the signal it died of.
    @Test func aProcessThatDiesIsACrash() throws {
        let device = try device("crashy", arguments: "--crash-after,0.3")
        let result = try CommandLineTests.run(
            ["explore", device, "--sessions", "2", "--actions", "15", "--longest-wait", "1", "--seed", "3"],
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.output.contains("crash in crashy: the process died of signal 6"), "\(result.output)")
        #expect(result.output.contains("    tap crashy\n"))
    }

    /// An expiration handler that ends its task only on the main queue's next turn, after it returned: the process
    /// tells its supervisor the handlers returned, and the task still open then is what iOS logs before it kills.
    @Test func anExpirationHandlerThatDefersTheEndIsFoundInARealProcess() throws {
        let device = try device("blog", arguments: "--profile,ios13,--task,600,--defer-expiration-end")
        let result = try CommandLineTests.run([
            "explore", device, "--sessions", "3", "--actions", "20", "--time-scale", "100", "--longest-wait", "60",
            "--seed", "3",
        ])
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        #expect(
            result.output.contains(
                "background-task-not-ended in blog: Background task still not ended after expiration handlers were "
                    + "called: <UIBackgroundTaskIdentifier: 1>."), "\(result.output)")
        #expect(result.output.contains("    home\n    wait 30s\n"), "\(result.output)")
    }

    @Test func aCarefulAppGivesNothingAndExitsZero() throws {
        let device = try device("calm", arguments: "--profile,ios17")
        let result = try CommandLineTests.run([
            "explore", device, "--sessions", "2", "--actions", "8", "--time-scale", "5", "--longest-wait", "5",
        ])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.hasPrefix("explored 2 sessions of up to 8 steps from seed 1: nothing found"))
    }

    @Test func mistakesAreToldWithExitStatusTwo() throws {
        let device = try device("calm", arguments: "--profile,ios17")
        let unknown = try CommandLineTests.run(["explore", device, "--app", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("--app nope: the device has no such app; it has calm"))
        let scale = try CommandLineTests.run(["explore", device, "--time-scale", "0"])
        #expect(scale.status != 0)
        #expect(scale.errors.contains("--time-scale must be from 1 to 1000"))
    }
}
