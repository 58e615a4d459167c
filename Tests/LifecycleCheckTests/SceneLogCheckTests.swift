import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleTrace
import Testing

/// `lifecycle check` on scene-based apps' logs (docs/lifecycle.md §13): their vocabulary, the three lines of a
/// scene step in any order, the app delegate's foreground methods that never reach them, the swipe, and the quirks.
@Suite struct SceneLogCheckTests {
    static let log = """
        2021-10-05 09:00:00.000 Notes[300:1] application(_:didFinishLaunchingWithOptions:)
        2021-10-05 09:00:00.001 Notes[300:1] application(_:configurationForConnecting:options:)
        2021-10-05 09:00:00.002 Notes[300:1] scene(_:willConnectTo:options:)
        2021-10-05 09:00:00.003 Notes[300:1] sceneWillEnterForeground(_:)
        2021-10-05 09:00:00.004 Notes[300:1] sceneDidBecomeActive(_:)
        2021-10-05 09:00:05.000 Notes[300:1] sceneWillResignActive(_:)
        2021-10-05 09:00:05.001 Notes[300:1] sceneDidEnterBackground(_:)
        2021-10-05 09:01:00.000 Notes[300:1] sceneWillEnterForeground(_:)
        2021-10-05 09:01:00.001 Notes[300:1] sceneDidBecomeActive(_:)
        """

    @Test func aSceneLogFits() {
        let (outcome, output) = LogCheckTests.check(Self.log)
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("sceneDidBecomeActive:"))
        #expect(output.contains("active/foregroundActive"))
    }

    @Test func theLinesOfOneSceneStepComeInAnyOrder() {
        let log = """
            scene:willConnectToSession:options:
            UIApplicationWillEnterForegroundNotification
            sceneWillEnterForeground:
            UISceneWillEnterForegroundNotification
            UISceneDidActivateNotification
            UIApplicationDidBecomeActiveNotification
            sceneDidBecomeActive:
            sceneWillResignActive:
            UIApplicationWillResignActiveNotification
            UISceneWillDeactivateNotification
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
    }

    @Test func aStepsLineTwiceIsNotTheSameStep() {
        let log = "sceneWillEnterForeground:\nsceneDidBecomeActive:\nsceneDidBecomeActive:\nsceneWillResignActive:"
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:3: violation: sceneDidBecomeActive: cannot happen here"))
    }

    @Test func theAppDelegatesForegroundMethodsNeverReachASceneBasedApp() {
        let log = Self.log + "\n2021-10-05 09:02:00.000 Notes[300:1] applicationWillResignActive(_:)"
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:10: violation: applicationWillResignActive: cannot happen here"))
    }

    @Test func aSceneSwipedAwayDisconnectsFromTheSwitcher() {
        let log =
            Self.log + """

                2021-10-05 09:02:00.000 Notes[300:1] sceneWillResignActive(_:)
                2021-10-05 09:02:01.000 Notes[300:1] sceneDidDisconnect(_:)
                2021-10-05 09:02:01.001 Notes[300:1] application(_:didDiscardSceneSessions:)
                2021-10-05 09:02:01.002 Notes[300:1] applicationWillTerminate(_:)
                """
        for profile in [nil, Profile.ios13, .ios17] {
            let (outcome, output) = LogCheckTests.check(log, profile: profile)
            #expect(outcome == .success, "\(output)")
            #expect(!output.contains("quirk"))
        }
    }

    /// The other published swipe (an iPhone on iOS 13): the scene enters the background and the app terminates
    /// at once, without a disconnect. The lines fit the model as a system termination of a running app, which
    /// keeps the scene connected; coming at once, they are named as the quirk, under iOS 13 only.
    @Test func theSwipeVariantOfAnIOS13IPhoneIsANamedQuirk() {
        let log =
            Self.log + """

                2021-10-05 09:02:00.000 Notes[300:1] sceneWillResignActive(_:)
                2021-10-05 09:02:01.000 Notes[300:1] sceneDidEnterBackground(_:)
                2021-10-05 09:02:01.001 Notes[300:1] applicationWillTerminate(_:)
                """
        let (outcome, output) = LogCheckTests.check(log, profile: .ios13)
        #expect(outcome == .success, "\(output)")
        #expect(
            output.contains("12  applicationWillTerminate:  ")
                && output.contains("notRunning\n        a known quirk, not a violation: iOS 13 on an iPhone: a scene"),
            "\(output)")
        #expect(output.contains("Stack Overflow question 71570813"), "\(output)")
        let (laterOutcome, later) = LogCheckTests.check(log, profile: .ios15)
        #expect(laterOutcome == .success, "\(later)")
        #expect(!later.contains("quirk"), "only iOS 13 shows it: \(later)")
        // Print lines carry no time: the quirk is named, as the likelier reading.
        let untimed = "sceneWillResignActive:\nsceneDidEnterBackground:\napplicationWillTerminate:"
        #expect(LogCheckTests.check(untimed, profile: .ios13).1.contains("a scene swiped away"))
    }

    /// The system terminating a running app whose background time has run comes long after the scene entered the
    /// background: that is the model, not the quirk, and so is a scene that disconnects first.
    @Test func aLateTerminationIsNotTheSwipeQuirk() {
        let late = """
            2021-10-05 09:02:00.000 Notes[300:1] sceneWillResignActive(_:)
            2021-10-05 09:02:00.001 Notes[300:1] sceneDidEnterBackground(_:)
            2021-10-05 09:02:30.000 Notes[300:1] applicationWillTerminate(_:)
            """
        let (outcome, output) = LogCheckTests.check(late, profile: .ios13)
        #expect(outcome == .success, "\(output)")
        #expect(!output.contains("quirk"), "\(output)")
        let disconnected = """
            sceneDidEnterBackground:
            sceneDidDisconnect:
            applicationWillTerminate:
            """
        #expect(!LogCheckTests.check(disconnected, profile: .ios13).1.contains("quirk"))
    }

    /// The scene twin of the Notification Center quirk (iOS 15): pulled down, the scene resigns, becomes active
    /// and resigns again within moments. Two pulls would give the same lines, but not that fast.
    @Test func theIOS15NotificationCenterFlickerIsANamedQuirk() {
        let flicker = """
            2021-10-05 09:00:00.000 Notes[300:1] sceneDidBecomeActive(_:)
            2021-10-05 09:00:10.000 Notes[300:1] sceneWillResignActive(_:)
            2021-10-05 09:00:10.050 Notes[300:1] UISceneWillDeactivateNotification
            2021-10-05 09:00:10.100 Notes[300:1] sceneDidBecomeActive(_:)
            2021-10-05 09:00:10.150 Notes[300:1] sceneWillResignActive(_:)
            2021-10-05 09:00:14.000 Notes[300:1] sceneDidBecomeActive(_:)
            """
        let (outcome, output) = LogCheckTests.check(flicker, profile: .ios15)
        #expect(outcome == .success, "\(output)")
        #expect(
            output.contains(
                " 5  sceneWillResignActive:  ")
                && output.contains("foregroundInactive\n        a known quirk, not a violation: iOS 15 resigns a scene"),
            "\(output)")
        #expect(output.components(separatedBy: "a known quirk").count == 2, "line 5 only: \(output)")
        #expect(!LogCheckTests.check(flicker, profile: .ios17).1.contains("quirk"))
        // Two pulls of Notification Center a few seconds apart are the model.
        let twoPulls = flicker.replacingOccurrences(of: "09:00:10.1", with: "09:00:12.1")
        #expect(!LogCheckTests.check(twoPulls, profile: .ios15).1.contains("quirk"))
        // An alert at once after the launch's activation, and a second alert at once after the first, do not
        // make the pattern without the first quick return to active.
        let alerts = """
            2021-10-05 09:00:00.000 Notes[300:1] sceneDidBecomeActive(_:)
            2021-10-05 09:00:00.200 Notes[300:1] sceneWillResignActive(_:)
            2021-10-05 09:00:05.000 Notes[300:1] sceneDidBecomeActive(_:)
            2021-10-05 09:00:05.300 Notes[300:1] sceneWillResignActive(_:)
            """
        #expect(!LogCheckTests.check(alerts, profile: .ios15).1.contains("quirk"))
    }

    /// An app that prints its scene phase (`onChange(of: scenePhase)`), from after its launch: the first
    /// `inactive` is missing, and every phase is held to the scene's states (active is foregroundActive, inactive
    /// foregroundInactive, background the background or no scene).
    @Test func scenePhaseLinesAreHeldToTheScenesStates() {
        let log = """
            2021-10-05 09:00:00.000 Notes[300:1] scenePhase: active
            2021-10-05 09:00:05.000 Notes[300:1] scenePhase: inactive
            2021-10-05 09:00:05.001 Notes[300:1] scenePhase: background
            2021-10-05 09:01:00.000 Notes[300:1] scenePhase: inactive
            2021-10-05 09:01:00.001 Notes[300:1] scenePhase: active
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("inactive/foregroundInactive"))
    }

    /// The app logs its scene's resign and entry into the background, so they are not silent: an active scene
    /// cannot be in the background phase before them.
    @Test func aPhaseTheSceneCannotBeInIsAViolation() {
        let log = """
            sceneWillEnterForeground(_:)
            sceneDidBecomeActive(_:)
            scenePhase: background
            sceneWillResignActive(_:)
            sceneDidEnterBackground(_:)
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:3: violation: scenePhase background cannot happen here"), "\(output)")
    }

    @Test func launchMethodsLongBeforeTheSceneAreThePrewarmQuirk() {
        let log = """
            2021-10-05 03:12:00.000 Notes[400:1] application(_:didFinishLaunchingWithOptions:)
            2021-10-05 09:30:00.000 Notes[400:1] scene(_:willConnectTo:options:)
            2021-10-05 09:30:00.001 Notes[400:1] sceneWillEnterForeground(_:)
            2021-10-05 09:30:00.002 Notes[400:1] sceneDidBecomeActive(_:)
            """
        let (outcome, output) = LogCheckTests.check(log, profile: .ios15)
        #expect(outcome == .success)
        #expect(output.contains("iOS 15.0 to 15.3 run the launch methods while prewarming"))
        let (_, quick) = LogCheckTests.check(
            log.replacingOccurrences(of: "09:30:00", with: "03:12:00"), profile: .ios15)
        #expect(!quick.contains("prewarming"), "an ordinary cold launch connects at once")
        #expect(!LogCheckTests.check(log, profile: .ios17).1.contains("prewarming"))
    }

    /// The simulator's iOS 15.0 prewarm (the scenario `ios15-prewarm-launch`), written as the app's NSLog lines of
    /// its delegate methods, is the log `check` names as the prewarm of 15.0 to 15.3: the launch methods, then half
    /// an hour later the scene and the protected data — simulated now, not only excused.
    @Test func theSimulatedIOS15_0PrewarmIsTheLogCheckNames() throws {
        let builtIn = try #require(BuiltInScenario.named("ios15-prewarm-launch"))
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(try ScenarioRunner.load(builtIn.source, file: builtIn.fileName), into: &sink)
        let start = Date(timeIntervalSince1970: 1_633_400_000)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.timeZone = TimeZone(identifier: "UTC")
        var lines: [String] = []
        for record in sink.records {
            let name: String
            switch record.event {
            case .callback(_, let callback, _): name = callback.selector
            case .sceneCallback(_, _, let callback, _): name = callback.selector
            default: continue
            }
            // A millisecond apart within an instant, as a real log's lines are.
            let date = start.addingTimeInterval(record.time.inSeconds + Double(lines.count) / 1000)
            lines.append("\(formatter.string(from: date)) News[400:1] \(name)")
        }
        let log = lines.joined(separator: "\n")
        #expect(log.contains("application:didFinishLaunchingWithOptions:"))
        #expect(log.contains("applicationProtectedDataDidBecomeAvailable:"))
        let (outcome, output) = LogCheckTests.check(log, profile: .ios15_0)
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("iOS 15.0 to 15.3 run the launch methods while prewarming"), "\(log)\n\(output)")
    }

    /// The pause is measured from the launch's last line: a slow `didFinishLaunching`, whose notification comes
    /// long after the method's own line, is not a prewarm when the scene connects right after it.
    @Test func aSlowLaunchMethodIsNotThePrewarmQuirk() {
        let log = """
            2021-10-05 03:12:00.000 Notes[400:1] application(_:didFinishLaunchingWithOptions:)
            2021-10-05 03:12:12.000 Notes[400:1] UIApplicationDidFinishLaunchingNotification
            2021-10-05 03:12:12.100 Notes[400:1] scene(_:willConnectTo:options:)
            2021-10-05 03:12:12.101 Notes[400:1] sceneWillEnterForeground(_:)
            """
        let (outcome, output) = LogCheckTests.check(log, profile: .ios15)
        #expect(outcome == .success, "\(output)")
        #expect(!output.contains("prewarming"), "\(output)")
        // The same launch with the pause after its notification is one.
        let paused = log.replacingOccurrences(of: "03:12:12.1", with: "03:12:30.1")
        #expect(LogCheckTests.check(paused, profile: .ios15).1.contains("prewarming"))
    }

    @Test func aLoggedActivationStateIsHeldToTheModel() {
        #expect(LogCheckTests.check("sceneDidBecomeActive:\nscene state foregroundActive").0 == .success)
        // The log shows sceneWillEnterForeground: elsewhere, so the scene cannot have come back unlogged.
        let log = "sceneDidEnterBackground:\nscene state foregroundActive\nsceneWillEnterForeground:"
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:2: violation: activationState foregroundActive cannot happen here"))
    }

    @Test func aSceneCannotConnectTwice() {
        // The log shows the background and the disconnect elsewhere: neither can have happened unlogged.
        let log = """
            scene:willConnectToSession:options:
            sceneWillEnterForeground:
            scene:willConnectToSession:options:
            sceneDidEnterBackground:
            sceneDidDisconnect:
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:3: violation: scene:willConnectToSession:options: cannot happen here"))
    }

    @Test func thePublishedSwipeLogIsTheNamedQuirk() throws {
        let log = try PublishedLogTests.log("apple-forums-732170-scene-swipe.log")
        let (outcome, output) = LogCheckTests.check(log, profile: .ios17)
        #expect(outcome == .success, "\(output)")
        #expect(!output.contains("quirk"), "the model's own swipe: \(output)")
    }

    /// Each app of a log is scene-based or not by its own lines, as iOS decides per app: an app-delegate app's
    /// foreground methods fit beside a scene-based app's scene methods.
    @Test func eachAppOfALogIsSceneBasedOrNotByItsOwnLines() {
        let log = """
            2024-05-01 10:00:00.000 Legacy[100:1] application:didFinishLaunchingWithOptions:
            2024-05-01 10:00:00.100 Legacy[100:1] applicationDidBecomeActive:
            2024-05-01 10:00:01.000 Legacy[100:1] applicationWillResignActive:
            2024-05-01 10:00:01.100 Legacy[100:1] applicationDidEnterBackground:
            2024-05-01 10:00:02.000 Modern[200:1] application:didFinishLaunchingWithOptions:
            2024-05-01 10:00:02.100 Modern[200:1] sceneWillEnterForeground:
            2024-05-01 10:00:02.200 Modern[200:1] sceneDidBecomeActive:
            2024-05-01 10:00:03.000 Legacy[100:1] applicationWillEnterForeground:
            2024-05-01 10:00:03.100 Legacy[100:1] applicationDidBecomeActive:
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
        // Held to its own chart all the same: the scene-based app has no applicationDidBecomeActive:.
        let (broken, report) = LogCheckTests.check(
            log + "\n2024-05-01 10:00:04.000 Modern[200:1] applicationDidBecomeActive:")
        #expect(broken == .violation, "\(report)")
        #expect(report.contains("log:10: violation: applicationDidBecomeActive: cannot happen here"))
    }
}
