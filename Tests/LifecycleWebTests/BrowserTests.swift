import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LifecycleWeb

/// The page in a real headless browser (Debian's chromium, driven by Tests/Browser/playground_test.py through
/// selenium): it loads, taps an app, presses Home, and reads the trace, the diagram and a located mistake.
///
/// `.ci/run` installs the browser and sets `LIFECYCLE_REQUIRE_BROWSER=1`, so there a missing browser fails
/// the test; on a machine without one it is skipped, and says so.
@Suite struct BrowserTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/playground_test.py")
    static let needs = ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"]
    static let required = ProcessInfo.processInfo.environment["LIFECYCLE_REQUIRE_BROWSER"] == "1"
    static let available =
        needs.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
        && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")

    @Test(.enabled(if: required || available, "needs chromium, chromium-driver and python3-selenium"))
    func aLearnerTapsAnAppAndPressesHome() async throws {
        try #require(Self.available, "LIFECYCLE_REQUIRE_BROWSER=1 but \(Self.needs) or python3-selenium is missing")
        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("playground-e2e-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: screenshot) }
        try await PlaygroundServerTests.withServer { client in
            let port = try #require(client.port)
            let (status, errors) = try await Self.run(
                "/usr/bin/python3", [Self.script.path, "http://127.0.0.1:\(port)/", screenshot.path])
            #expect(status == 0, "\(errors)")
        }
        #expect(FileManager.default.fileExists(atPath: screenshot.path), "the screenshot is saved")
    }

    /// Runs a process to its end without blocking a thread: its standard error goes to a file read afterwards
    /// (a pipe could be held open by a browser process that outlives it).
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("playground-e2e-\(UUID()).log")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let errors = try FileHandle(forWritingTo: errorsFile)
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let status = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try errors.close()
        return (status, (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "")
    }
}
