import Foundation
import Testing

/// `lifecycle run --stream`: one input run as its lines arrive, for a program that goes on writing or a person
/// typing, with nothing held back.
@Suite struct StreamedRunTests {
    /// Each line's trace comes out while the input is still open: the command does not wait for its end.
    @Test func eachLineIsTracedAsItArrives() throws {
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = ["run", "--stream", "-", "--format", "jsonl"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("app notes\ntap notes\n".utf8))
        // Read until the launch's last record, with the input still open; a command that waited for the end of
        // its input would never print it, and the reading would wait until the input closes below.
        var seen = Data()
        let deadline = Date().addingTimeInterval(30)
        while !String(decoding: seen, as: UTF8.self).contains("applicationDidBecomeActive"), Date() < deadline {
            seen.append(output.fileHandleForReading.availableData)
        }
        let traced = String(decoding: seen, as: UTF8.self)
        input.fileHandleForWriting.write(Data("home\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(traced.contains("applicationDidBecomeActive"), "\(traced)")
        #expect(!traced.contains("applicationDidEnterBackground"), "\(traced)")
        #expect(rest.contains("applicationDidEnterBackground"), "\(rest)")
        #expect(process.terminationStatus == 0)
    }

    /// Nothing is held back: 2 MB of valid lines run under a limit of 1 MB on the files the command writes
    /// (without `--stream`, the copy of standard input alone is killed by SIGXFSZ).
    @Test func aLongInputRunsWithoutAnyFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-stream-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.scenario").path
        let rounds = String(repeating: "home\ntap notes\n", count: 150_000)
        try Data(("app notes\ntap notes\n" + rounds + "expect notes active\n").utf8).write(
            to: URL(fileURLWithPath: path))
        let null = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        let streamed = try CommandLineTests.run(
            ["run", "--stream", "-", "--format", "jsonl"], inputFile: path, standardOutput: null, limits: "-f 1000")
        #expect(streamed.status == 0, "\(streamed.errors)")
        #expect(streamed.errors.isEmpty)
        let held = try CommandLineTests.run(
            ["run", "-", "--format", "jsonl"], inputFile: path, standardOutput: null, limits: "-f 1000")
        #expect(held.status != 0)
    }

    /// The first mistake stops a stream after what ran before it, and a failed expectation is reported when it
    /// fails, before what follows runs.
    @Test func theFirstMistakeStopsTheStream() throws {
        let result = try CommandLineTests.run(
            ["run", "--stream", "-"], input: "app notes\ntap notes\nexpect notes background\nhome\nswipe x\nhome\n")
        #expect(result.status == 2)
        #expect(result.output.contains("applicationDidEnterBackground:"), "\(result.output)")
        #expect(!result.output.contains("line 6"), "\(result.output)")
        #expect(
            result.errors == """
                <stdin>:3:1: expectation failed: expected notes to be background, but it is active
                <stdin>:5:7: error: app 'x' is not declared; declare it first with 'app x'
                    5 | swipe x
                      |       ^

                """)
    }

    /// `--stream` runs one input.
    @Test func streamsOneInputOnly() throws {
        let result = try CommandLineTests.run(["run", "--stream", "home", "home"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--stream runs one input, not 2"), "\(result.errors)")
    }
}
