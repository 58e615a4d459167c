import LifecycleCore
import Testing

@testable import LifecycleCheck

/// The byte-wise reader of ASCII lines finds exactly what the character-wise reader finds.
@Suite struct LogRecognizerTests {
    /// Pieces of console lines: dates, NSLog prefixes, names of every kind with their qualifiers and
    /// punctuation, near-misses, and separators.
    static let pieces: [String] =
        [
            "2016-02-29 10:00:00.123 ", "2016-02-29 10:00:00.123", "1999-13-01 00:00:00.000 ", "+1-2-3 4:5:6.7 ",
            "2016-0a-29 10:00:00.123 ", "0000-00-00 00:00:00.000", "2016-02-29 10:00:00.12 ",
            "99999999999999999-1-1 1:1:1.1 ", "App[1234:5678] ", "App[12a:5] ", "[", "]", ":", "x[1:2]", "0", "12",
            " ", "\t", "  ", "#", "(", ")", ".", "-[AppDelegate ", "AppDelegate.", "UIApplication.", "UIScene.",
            "UIScene.ActivationState.", "scene.activationState ", "foregroundActive", "background", "unattached",
            "(_:)", "applicationDidBecomeActive", "applicationdidbecomeactive:", "appWillEnterForeground:",
            "didEnterBackgroundNotification", "didActivateNotification", "willEnterForegroundNotification",
            "scenePhase", "scenePhase:", "ScenePhase", "ScenePhase.", "SwiftUI.ScenePhase.", "cenePhase", "Phase",
            "active", "inactive", ".background", ".active", "scenephase",
            // A scheduled task's lines and a scene's, which the byte-wise reader reads on its own.
            "launchHandler", "expirationHandler", "setTaskCompleted", "task.setTaskCompleted(success: ", "BGTask ",
            "com.news.refresh", "a.b", "x.", ".y", "..", "Handler", "TaskCompleted", "notes#2", "#12", "n_o-t.e#",
            "<UIWindowScene: 0x", "7f8a1c00>", "Scene: 0x", "0xzz", "aF9",
        ]
        + Callback.allCases.flatMap { [$0.selector, $0.swiftName] + $0.otherNames }
        + UIKitNotification.allCases.map(\.name)

    @Test func asciiLinesAreReadAsTheCharacterWiseReaderReadsThem() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let line = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Self.pieces.randomElement(using: &random)!
            }.joined()
            #expect(
                LogRecognizer.recognizeASCII(line[...]) == LogRecognizer.recognizeAnyText(line[...]),
                "\(line.debugDescription)")
        }
    }

    /// SwiftUI's scene phase as apps print it: after the word `scenePhase`, or as `ScenePhase.x`; never a bare
    /// phase name, which is too common a word.
    @Test(arguments: [
        ("scenePhase: inactive", ScenePhase.inactive), ("scenePhase: .active", .active),
        ("2021-10-05 09:00:00.000 Notes[300:1] phase changed: ScenePhase.background", .background),
        ("Scene 1 scenePhase .background", .background), ("ScenePhase active", .active),
        ("print(SwiftUI.ScenePhase.inactive)", .inactive),
    ])
    func scenePhaseLinesAreLifecycleLines(line: String, phase: ScenePhase) {
        #expect(LogRecognizer.recognizeAnyText(line[...])?.event == .scenePhase(phase))
        #expect(LogRecognizer.recognizeASCII(line[...])?.event == .scenePhase(phase))
    }

    @Test(arguments: ["active", ".background", "the phase is inactive", "scenePhase", "scenePhase: unknown"])
    func aPhaseNameAloneIsNoLifecycleLine(line: String) {
        #expect(LogRecognizer.recognizeAnyText(line[...]) == nil)
        #expect(LogRecognizer.recognizeASCII(line[...]) == nil)
    }

    @Test func aHugeYearIsNoTimeRatherThanAnOverflow() {
        let line = "99999999999999999-1-1 1:1:1.1 App[1:2] applicationDidBecomeActive:"
        #expect(LogRecognizer.recognize(line[...])?.time == nil)
        #expect(LogRecognizer.recognize(line[...])?.event == .callback(.didBecomeActive))
    }
}
