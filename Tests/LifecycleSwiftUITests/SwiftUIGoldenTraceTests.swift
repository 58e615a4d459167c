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
        /// The app the scenario runs: the careful notes app, unless it says.
        var app: GoldenApp = .notes
        var testDescription: String { name }
    }

    enum GoldenApp: Sendable {
        /// docs/testing.md's careful notes app, `notes`.
        case notes
        /// ExternalEventsTests's mail app with a compose window, `mail`.
        case mail
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
        // Links among windows on an iPad: a compose link no open window takes opens a compose window, the next one
        // goes to it, and a message link brings the inbox forward.
        Scenario(
            name: "swiftui-ipad-links-routed", device: .ipad,
            lines: [
                "tap mail", "open-url mail mail://compose?to=ann", "open-url mail mail://compose?to=bob",
                "open-url mail mail://message/7",
            ], app: .mail),
    ]

    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    @Test(arguments: scenarios) func traceMatchesGolden(_ scenario: Scenario) throws {
        let start = Date(timeIntervalSince1970: 0)
        let device =
            switch scenario.app {
            case .notes:
                try SimulatedDevice(
                    app: CarefulNotesApp.self, id: "notes", profile: .ios17, device: scenario.device, startDate: start)
            case .mail:
                try SimulatedDevice(
                    app: ComposingMailApp.self, id: "mail", profile: .ios17, device: scenario.device, startDate: start)
            }
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
