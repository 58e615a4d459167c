import Foundation
import LifecycleCore
import LifecycleSwiftUI
import LifecycleTesting
import TestSupport
import Testing

/// The traces of a SwiftUI app under the simulated device, checked exactly against golden files: SwiftUI's app
/// delegate and scene delegate calls, the UIKit notifications, and what SwiftUI did that no delegate method shows
/// (the `SwiftUI:` notes: the phase each scene's views and the `App` read, a link given to a view, `@SceneStorage`
/// given back). The app is docs/testing.md's careful notes app (ExploredSwiftUINotesTests). A golden trace is a claim
/// about iOS: `LIFECYCLE_UPDATE_GOLDEN=1` rewrites the files (scripts/update-golden-traces), and the diff is reviewed.
@Suite(.serialized) @MainActor struct SwiftUIGoldenTraceTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let device: DeviceKind
        let lines: [String]
        var testDescription: String { name }
    }

    nonisolated static let scenarios = [
        // The launch: SwiftUI's delegates, then the views' first evaluation as the scene enters the foreground.
        Scenario(name: "swiftui-launch", device: .iphone, lines: ["tap notes"]),
        // Home and back: each delegate method is a turn, so the views read `inactive` between.
        Scenario(name: "swiftui-home-and-return", device: .iphone, lines: ["tap notes", "home", "tap notes"]),
        // A purge: a new process and a new `App`; the scene's `@SceneStorage` comes back with its session.
        Scenario(
            name: "swiftui-purge-and-return", device: .iphone,
            lines: ["tap notes", "home", "memory-pressure", "tap notes"]),
        // A link that launches the app reaches `onOpenURL` once the scene's views exist.
        Scenario(name: "swiftui-cold-launch-url", device: .iphone, lines: ["open-url notes notes://note/42"]),
        // Two windows on an iPad: each scene's views read its own phase, the `App` the most active of them.
        Scenario(
            name: "swiftui-ipad-two-windows", device: .ipad,
            lines: [
                "tap notes", "new-window notes split", "notification-center", "dismiss", "home", "tap notes",
                "close-window notes#2",
            ]),
    ]

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    @Test(arguments: scenarios) func traceMatchesGolden(_ scenario: Scenario) throws {
        let device = try SimulatedDevice(
            app: CarefulNotesApp.self, id: "notes", profile: .ios17, device: scenario.device,
            startDate: Date(timeIntervalSince1970: 0))
        for line in scenario.lines { try device.perform(line) }
        let trace = device.printedTrace(.text)
        let file = Self.goldenFolder.appendingPathComponent("\(scenario.name).txt")
        if ProcessInfo.processInfo.environment["LIFECYCLE_UPDATE_GOLDEN"] == "1" {
            try trace.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: file, encoding: .utf8)
        expectSameLines(trace, as: golden, in: "\(scenario.name).txt")
    }

    @Test func everyGoldenFileBelongsToAScenario() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path)
        #expect(Set(files) == Set(Self.scenarios.map { "\($0.name).txt" }))
    }
}
