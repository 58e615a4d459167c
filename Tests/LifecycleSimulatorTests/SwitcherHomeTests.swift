import LifecycleCore
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleTrace

/// Home with the app switcher open shows the Home screen (docs/lifecycle.md §3, §13): the app in front, resigned
/// when the switcher opened, enters the background, with nothing else.
@Suite struct SwitcherHomeTests {
    @Test func anAppDelegateAppEntersTheBackgroundOnly() throws {
        let source = "app a\ntap a\nswitcher\nhome\nexpect a suspended\n"
        #expect(try Trace.callbacks(source, app: "a", afterLine: 4) == ["applicationDidEnterBackground:"])
    }

    @Test func aSceneEntersTheBackgroundOnly() throws {
        let source = "profile ios15\napp a scenes\ntap a\nswitcher\nhome\nexpect a suspended\n"
        #expect(try Trace.callbacks(source, app: "a", afterLine: 5) == ["sceneDidEnterBackground:"])
    }

    @Test func withNoAppInFrontTheSwitcherClosesAndTheHomeScreenShows() throws {
        let source = "app a\nswitcher\nhome\ntap a\nexpect a active\n"
        let records = try Trace.records(source)
        #expect(!records.contains { if case .note(nil, _) = $0.event { true } else { false } })
        #expect(try Trace.callbacks(source, app: "a").last == "applicationDidBecomeActive:")
    }

    @Test func otherOverlaysStillHaveToBeDismissed() {
        #expect(throws: ScenarioErrors.self) {
            try Trace.records("app a\ntap a\nnotification-center\nhome\n")
        }
    }
}
