import Foundation
import LifecycleSwiftUI
import LifecycleTesting
import Testing

@testable import SwiftUIApp

#if canImport(Glibc)
    import Glibc
#endif

/// Xcode's SwiftUI template as a real process (`swift run swiftui-app`), under the terminal host: Ctrl-Z, `fg` and
/// Ctrl-C are Home, a tap and a swipe, and what SwiftUI does (the `SwiftUI:` notes of its trace) is what it does
/// under the simulated device for the same actions: one runtime, every host.
@Suite(.serialized) @MainActor struct SwiftUIProcessTests {
    /// The SwiftUI notes of a text trace, without their time and app columns.
    static func swiftUINotes(_ trace: String) -> [String] {
        trace.split(separator: "\n").compactMap { line in
            line.range(of: "· SwiftUI: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// What the template's SwiftUI does under the simulated device for these lines.
    static func simulatedNotes(_ lines: [String]) throws -> [String] {
        let device = try SimulatedDevice(app: MyAppApp.self, id: "swiftuiapp", profile: .ios26)
        for line in lines { try device.perform(line) }
        return swiftUINotes(device.printedTrace())
    }

    static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    @Test func theTemplateUnderTheTerminalDoesWhatItDoesUnderTheSimulatedDevice() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-process-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let process = Process()
        process.executableURL = Self.executable("swiftui-app")
        process.arguments = ["--trace"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": home.path]) { $1 }
        let trace = Pipe()
        process.standardError = trace
        process.standardOutput = FileHandle.nullDevice
        let output = TraceCollector(trace.fileHandleForReading)
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        let pid = process.processIdentifier
        /// Waits until the trace holds `count` SwiftUI notes.
        func waitForNotes(_ count: Int) async -> Bool {
            for _ in 0..<500 {
                if Self.swiftUINotes(output.text).count >= count { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
        let launched = try Self.simulatedNotes(["tap swiftuiapp"]).count
        #expect(await waitForNotes(launched), "\(output.text)")
        kill(pid, SIGTSTP)  // Home
        let wentHome = try Self.simulatedNotes(["tap swiftuiapp", "home"]).count
        #expect(await waitForNotes(wentHome), "\(output.text)")
        kill(pid, SIGCONT)  // fg: a tap
        let back = try Self.simulatedNotes(["tap swiftuiapp", "home", "tap swiftuiapp"]).count
        #expect(await waitForNotes(back), "\(output.text)")
        kill(pid, SIGINT)  // the app swiped away
        process.waitUntilExit()
        let expected = try Self.simulatedNotes([
            "tap swiftuiapp", "home", "tap swiftuiapp", "switcher", "swipe swiftuiapp",
        ])
        #expect(await waitForNotes(expected.count))
        #expect(Self.swiftUINotes(output.text) == expected)
        #expect(expected.contains("swiftuiapp#1's scenePhase inactive → background"), "\(expected)")
    }

    /// A SwiftUI app's `@main`, run with a profile before iOS 14, is refused with the profile to use.
    @Test func aProfileBeforeIOS14IsRefused() throws {
        let process = Process()
        process.executableURL = Self.executable("swiftui-app")
        process.arguments = ["--profile", "ios13"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("a SwiftUI app (MyAppApp) needs iOS 14 or later, and the profile is ios13"), "\(text)")
        #expect(text.contains("--profile ios14"))
    }
}

/// What a pipe carried so far, read on a thread of its own.
final class TraceCollector: @unchecked Sendable {
    // Sendable: `received` is only read and written under `lock`.
    private let lock = NSLock()
    private var received = Data()

    init(_ handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.lock.withLock { self?.received.append(data) }
        }
    }

    var text: String { lock.withLock { String(decoding: received, as: UTF8.self) } }
}
