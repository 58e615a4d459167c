import LifecycleCore
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleTrace

/// The scene rules the published logs corrected (docs/lifecycle.md §13, §9), each as the callbacks one app hears.
@Suite struct SceneRulesTests {
    /// The frontmost card, and an app running in the background on a task: both disconnect the same way.
    @Test(arguments: [
        "profile ios15\napp a scenes\ntap a\nswitcher\nswipe a\n",
        "profile ios15\napp a scenes background-task=10m\ntap a\nhome\nswitcher\nswipe a\n",
    ])
    func aRunningSceneSwipedAwayDisconnectsWithoutEnteringTheBackground(source: String) throws {
        let swipeLine = source.split(separator: "\n").count
        #expect(
            try Trace.callbacks(source, app: "a", afterLine: swipeLine) == [
                "sceneDidDisconnect:", "application:didDiscardSceneSessions:", "applicationWillTerminate:",
            ])
    }

    @Test func aSuspendedSceneSwipedAwayHearsOfItsDiscardAfterItsNextSceneConnects() throws {
        let source = "profile ios15\napp a scenes\ntap a\nhome\nswitcher\nswipe a\ndismiss\ntap a\n"
        // Nothing at the swipe: the next callback is the next launch's.
        #expect(
            try Trace.callbacks(source, app: "a", afterLine: 6).first == "application:willFinishLaunchingWithOptions:")
        #expect(
            try Trace.callbacks(source, app: "a", afterLine: 8) == [
                "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "scene:willConnectToSession:options:", "application:didDiscardSceneSessions:",
                "sceneWillEnterForeground:", "sceneDidBecomeActive:",
            ])
    }

    /// On an iPad, the switcher card of an app's only window on screen swiped away, while the app has another window
    /// (in the switcher only: not connected since a purge) and an external display's scene: the app leaves the
    /// foreground with the display's scene, and closing the switcher shows the Home screen. It stayed in front, and
    /// the dismiss made the window with no scene active (random sessions found it).
    @Test func swipingAnAppsOnlyWindowOnScreenSendsTheAppToTheBackground() throws {
        let source = """
            profile ios17
            device ipad
            app notes scenes multiple-windows
            tap notes
            new-window notes
            home
            memory-pressure
            tap notes
            connect-display notes
            switcher
            swipe notes
            dismiss

            """
        #expect(
            try Trace.callbacks(source, app: "notes", afterLine: 11) == [
                "sceneDidDisconnect:", "application:didDiscardSceneSessions:", "sceneDidEnterBackground:",
            ])
        let last = try Trace.records(source).last {
            if case .transition("notes", _, _, _) = $0.event { true } else { false }
        }
        #expect(last.map { if case .transition(_, _, .suspended, _) = $0.event { true } else { false } } == true)
    }

    @Test func theConfigurationIsAskedOnTheFirstLaunchOnly() throws {
        let source = "profile ios15\napp a scenes\ntap a\nswitcher\nswipe a\ndismiss\ntap a\n"
        let asked = try Trace.callbacks(source, app: "a").filter {
            $0 == "application:configurationForConnectingSceneSession:options:"
        }
        #expect(asked.count == 1)
    }

    @Test func aURLReachesABackgroundSceneBeforeItEntersTheForeground() throws {
        let source = "profile ios15\napp a scenes\ntap a\nhome\nopen-url a a://x\n"
        #expect(
            try Trace.callbacks(source, app: "a", afterLine: 5) == [
                "scene:openURLContexts:", "sceneWillEnterForeground:", "sceneDidBecomeActive:",
            ])
    }

    @Test func anActivityReachesItBetweenForegroundAndActive() throws {
        let source = "profile ios15\napp a scenes\ntap a\nhome\ncontinue a com.example.x\n"
        #expect(
            try Trace.callbacks(source, app: "a", afterLine: 5) == [
                "sceneWillEnterForeground:", "scene:willContinueUserActivityWithType:", "scene:continueUserActivity:",
                "sceneDidBecomeActive:",
            ])
    }
}
