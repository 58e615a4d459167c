import Foundation
import LifecycleSwiftUI
import LifecycleTesting
import TestSupport
import Testing

@testable import SwiftUIApp

#if canImport(Glibc)
    import Glibc
#endif

/// Xcode's SwiftUI template as a real process (`swift run swiftui-app`), under the terminal host: Ctrl-Z, `fg` and
/// Ctrl-C are Home, a tap and a swipe, and what SwiftUI does (the `SwiftUI:` notes of its trace) is what it does
/// under the simulated device for the same actions: one runtime, every host.
@Suite(.serialized) @MainActor struct SwiftUIProcessTests {
    /// The SwiftUI notes of a trace's lines, without their time and app columns.
    static func swiftUINotes(_ lines: [String]) -> [String] {
        lines.compactMap { line in line.range(of: "· SwiftUI: ").map { String(line[$0.upperBound...]) } }
    }

    /// What the template's SwiftUI does under the simulated device for these lines.
    static func simulatedNotes(_ lines: [String]) throws -> [String] {
        let device = try SimulatedDevice(app: MyAppApp.self, id: "swiftuiapp", profile: .ios26)
        for line in lines { try device.perform(line) }
        return swiftUINotes(device.printedTrace().split(separator: "\n").map(String.init))
    }

    @Test func theTemplateUnderTheTerminalDoesWhatItDoesUnderTheSimulatedDevice() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-process-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        // The trace is on standard error.
        let child = try ChildProcess(
            "swiftui-app", ["--trace"], mergingStandardError: true, environment: ["XDG_DATA_HOME": home.path])
        /// Waits until the trace holds `count` SwiftUI notes.
        func waitForNotes(_ count: Int) async -> Bool {
            for _ in 0..<500 {
                if Self.swiftUINotes(child.output).count >= count { return true }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
        let launched = try Self.simulatedNotes(["tap swiftuiapp"]).count
        #expect(await waitForNotes(launched), "\(child.output)")
        child.send(SIGTSTP)  // Home
        let wentHome = try Self.simulatedNotes(["tap swiftuiapp", "home"]).count
        #expect(await waitForNotes(wentHome), "\(child.output)")
        child.send(SIGCONT)  // fg: a tap
        let back = try Self.simulatedNotes(["tap swiftuiapp", "home", "tap swiftuiapp"]).count
        #expect(await waitForNotes(back), "\(child.output)")
        child.send(SIGINT)  // the app swiped away
        #expect(await child.exitStatus() != nil)
        let expected = try Self.simulatedNotes([
            "tap swiftuiapp", "home", "tap swiftuiapp", "switcher", "swipe swiftuiapp",
        ])
        #expect(await waitForNotes(expected.count))
        #expect(Self.swiftUINotes(child.output) == expected)
        #expect(expected.contains("swiftuiapp#1's scenePhase inactive → background"), "\(expected)")
    }

    /// A SwiftUI app's `@main`, run with a profile before iOS 14, is refused with the profile to use.
    @Test func aProfileBeforeIOS14IsRefused() async throws {
        let child = try ChildProcess("swiftui-app", ["--profile", "ios13"])
        #expect(await child.exitStatus() == 2)
        let text = child.standardError
        #expect(text.contains("a SwiftUI app (MyAppApp) needs iOS 14 or later, and the profile is ios13"), "\(text)")
        #expect(text.contains("--profile ios14"))
    }
}
