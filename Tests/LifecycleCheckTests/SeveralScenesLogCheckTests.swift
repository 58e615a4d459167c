import LifecycleCore
import Testing

@testable import LifecycleCheck

/// `lifecycle check` on logs of apps with several scenes at once (docs/lifecycle.md §16): each scene, told apart
/// by what the line prints, is held to its own chart, and the app's lines to one scene's.
@Suite struct SeveralScenesLogCheckTests {
    /// Two windows side by side on an iPad, as an app that prints its scene with each method logs them.
    static let twoWindows = """
        2024-03-01 10:00:00.000 Notes[500:1] application(_:didFinishLaunchingWithOptions:)
        2024-03-01 10:00:00.010 Notes[500:1] scene(_:willConnectTo:options:) <UIWindowScene: 0x7f8a1c00>
        2024-03-01 10:00:00.020 Notes[500:1] sceneWillEnterForeground(_:) <UIWindowScene: 0x7f8a1c00>
        2024-03-01 10:00:00.030 Notes[500:1] sceneDidBecomeActive(_:) <UIWindowScene: 0x7f8a1c00>
        2024-03-01 10:00:05.000 Notes[500:1] application(_:configurationForConnecting:options:)
        2024-03-01 10:00:05.010 Notes[500:1] scene(_:willConnectTo:options:) <UIWindowScene: 0x7f8b2d00>
        2024-03-01 10:00:05.020 Notes[500:1] sceneWillEnterForeground(_:) <UIWindowScene: 0x7f8b2d00>
        2024-03-01 10:00:05.030 Notes[500:1] sceneDidBecomeActive(_:) <UIWindowScene: 0x7f8b2d00>
        2024-03-01 10:00:09.000 Notes[500:1] sceneWillResignActive(_:) <UIWindowScene: 0x7f8a1c00>
        2024-03-01 10:00:09.001 Notes[500:1] sceneWillResignActive(_:) <UIWindowScene: 0x7f8b2d00>
        2024-03-01 10:00:09.002 Notes[500:1] UIApplicationWillResignActiveNotification
        2024-03-01 10:00:09.100 Notes[500:1] sceneDidEnterBackground(_:) <UIWindowScene: 0x7f8a1c00>
        2024-03-01 10:00:09.101 Notes[500:1] sceneDidEnterBackground(_:) <UIWindowScene: 0x7f8b2d00>
        2024-03-01 10:00:09.102 Notes[500:1] UIApplicationDidEnterBackgroundNotification
        """

    /// Two apps side by side on an iPad (docs/lifecycle.md §16): two processes active at once, both resigned by an
    /// overlay and both sent to the background by Home. Each process is held to its own chart.
    static let twoApps = """
        2024-03-01 10:00:00.000 Mail[500:1] application(_:didFinishLaunchingWithOptions:)
        2024-03-01 10:00:00.010 Mail[500:1] scene(_:willConnectTo:options:)
        2024-03-01 10:00:00.020 Mail[500:1] sceneWillEnterForeground(_:)
        2024-03-01 10:00:00.030 Mail[500:1] sceneDidBecomeActive(_:)
        2024-03-01 10:00:05.000 Notes[600:1] application(_:didFinishLaunchingWithOptions:)
        2024-03-01 10:00:05.010 Notes[600:1] scene(_:willConnectTo:options:)
        2024-03-01 10:00:05.020 Notes[600:1] sceneWillEnterForeground(_:)
        2024-03-01 10:00:05.030 Notes[600:1] sceneDidBecomeActive(_:)
        2024-03-01 10:00:09.000 Mail[500:1] sceneWillResignActive(_:)
        2024-03-01 10:00:09.001 Notes[600:1] sceneWillResignActive(_:)
        2024-03-01 10:00:09.100 Mail[500:1] sceneDidBecomeActive(_:)
        2024-03-01 10:00:09.101 Notes[600:1] sceneDidBecomeActive(_:)
        2024-03-01 10:00:12.000 Mail[500:1] sceneWillResignActive(_:)
        2024-03-01 10:00:12.001 Notes[600:1] sceneWillResignActive(_:)
        2024-03-01 10:00:12.100 Mail[500:1] sceneDidEnterBackground(_:)
        2024-03-01 10:00:12.101 Notes[600:1] sceneDidEnterBackground(_:)
        """

    @Test func twoAppsActiveAtOnceFit() {
        let (outcome, output) = LogCheckTests.check(Self.twoApps)
        #expect(outcome == .success, "\(output)")
        // A process that launches twice is still caught while the other is active.
        let relaunched = Self.twoApps.replacingOccurrences(
            of: "2024-03-01 10:00:09.101 Notes[600:1] sceneDidBecomeActive(_:)\n",
            with: "2024-03-01 10:00:09.101 Notes[600:1] application(_:didFinishLaunchingWithOptions:)\n")
        let (relaunchedOutcome, relaunchedOutput) = LogCheckTests.check(relaunched)
        #expect(relaunchedOutcome == .violation, "\(relaunchedOutput)")
    }

    @Test func twoWindowsSideBySideFit() {
        let (outcome, output) = LogCheckTests.check(Self.twoWindows)
        #expect(outcome == .success, "\(output)")
    }

    /// The same log read as one scene is impossible: the second connection, while the first scene is active.
    @Test func withoutTheScenesAddressesTheLogIsOneScenesAndDoesNotFit() {
        let unnamed = Self.twoWindows.replacingOccurrences(
            of: #" <UIWindowScene: 0x7f8[ab][0-9a-f]+>"#, with: "",
            options: .regularExpression)
        let (outcome, output) = LogCheckTests.check(unnamed)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:5: violation: application:configurationForConnectingSceneSession:options:"))
    }

    /// Each scene is held to its own chart: the second scene cannot become active twice.
    @Test func eachSceneIsHeldToItsOwnChart() {
        let log =
            Self.twoWindows + """

                2024-03-01 10:01:00.000 Notes[500:1] sceneWillEnterForeground(_:) <UIWindowScene: 0x7f8b2d00>
                2024-03-01 10:01:00.001 Notes[500:1] sceneDidBecomeActive(_:) <UIWindowScene: 0x7f8b2d00>
                2024-03-01 10:01:00.002 Notes[500:1] sceneDidBecomeActive(_:) <UIWindowScene: 0x7f8b2d00>
                """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:17: violation: sceneDidBecomeActive: cannot happen here"), "\(output)")
    }

    /// Closing one window of several: its scene disconnects with no entry into the background, while the other
    /// stays active; the session ids a log prints tell the scenes apart too.
    @Test func closingOneWindowOfSeveralFitsBySessionIDs() {
        let log = """
            scene:willConnectToSession:options: notes#1
            sceneWillEnterForeground: notes#1
            sceneDidBecomeActive: notes#1
            application:configurationForConnectingSceneSession:options:
            scene:willConnectToSession:options: notes#2
            sceneWillEnterForeground: notes#2
            sceneDidBecomeActive: notes#2
            sceneWillResignActive: notes#2
            sceneDidDisconnect: notes#2
            application:didDiscardSceneSessions:
            sceneWillResignActive: notes#1
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
    }

    @Test(arguments: [
        ("x <UIWindowScene: 0x7f8a1c00; role: UIWindowSceneSessionRoleApplication>", "0x7f8a1c00"),
        ("sceneDidBecomeActive: session notes#2", "notes#2"),
        ("#3 without a name", nil),
        ("a <UIScene: 0x> without digits", nil),
    ])
    func theSceneALineNames(line: String, scene: String?) {
        #expect(LogRecognizer.sceneIdentity(in: line[...]) == scene)
    }

    /// The recognizer reads the scene of a scene's line in both its readers, and of a trace's record.
    @Test func recognizedLinesCarryTheirScene() {
        let nslog = "2024-03-01 10:00:00.020 Notes[500:1] sceneWillEnterForeground(_:) <UIWindowScene: 0x7f8a1c00>"
        #expect(LogRecognizer.recognize(nslog[...])?.scene == "0x7f8a1c00")
        #expect(LogRecognizer.recognizeAnyText(nslog[...])?.scene == "0x7f8a1c00")
        let record = #"{"t":0,"kind":"callback","app":"notes","scene":"notes#2","name":"sceneDidBecomeActive:"}"#
        #expect(LogRecognizer.recognize(record[...])?.scene == "notes#2")
        // An app's line names no scene, even with an address in it.
        let appLine = "applicationDidReceiveMemoryWarning: <UIWindowScene: 0x7f8a1c00>"
        #expect(LogRecognizer.recognize(appLine[...])?.scene == nil)
    }

    /// A scene that connects later in the log was not connected before: its activation is the violation, reported
    /// at its own line, both in a process whose launch the log shows and in a log that starts mid-session.
    @Test(arguments: [true, false])
    func aSceneThatConnectsLaterCannotBeActiveBefore(logsTheLaunch: Bool) {
        let launch = "2024-05-01 10:00:00.000 Notes[300:1] application:didFinishLaunchingWithOptions:\n"
        let log =
            (logsTheLaunch ? launch : "") + """
                2024-05-01 10:00:00.050 Notes[300:1] scene:willConnectToSession:options: <UIWindowScene: 0x2001>
                2024-05-01 10:00:00.100 Notes[300:1] sceneWillEnterForeground: <UIWindowScene: 0x2001>
                2024-05-01 10:00:00.200 Notes[300:1] sceneDidBecomeActive: <UIWindowScene: 0x2001>
                2024-05-01 10:00:01.000 Notes[300:1] sceneDidBecomeActive: <UIWindowScene: 0x2002>
                2024-05-01 10:00:01.100 Notes[300:1] scene:willConnectToSession:options: <UIWindowScene: 0x2002>
                2024-05-01 10:00:01.200 Notes[300:1] sceneWillEnterForeground: <UIWindowScene: 0x2002>
                """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:\(logsTheLaunch ? 5 : 4): violation: sceneDidBecomeActive: cannot happen here"))
    }

    /// The process's first scene too: a log whose first scene line activates a scene that connects only later.
    @Test func theFirstSceneThatConnectsLaterCannotBeActiveBefore() {
        let log = """
            2024-05-01 10:00:01.000 Notes[300:1] sceneDidBecomeActive: <UIWindowScene: 0x2002>
            2024-05-01 10:00:01.100 Notes[300:1] scene:willConnectToSession:options: <UIWindowScene: 0x2002>
            2024-05-01 10:00:01.200 Notes[300:1] sceneWillEnterForeground: <UIWindowScene: 0x2002>
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:1: violation: sceneDidBecomeActive: cannot happen here"))
    }

    /// A scene that disconnects before it connects again was connected before: the log may start with it active.
    @Test func aSceneThatDisconnectsFirstMayHaveBeenConnected() {
        let log = """
            2024-05-01 10:00:01.000 Notes[300:1] sceneWillResignActive: <UIWindowScene: 0x2002>
            2024-05-01 10:00:01.100 Notes[300:1] sceneDidDisconnect: <UIWindowScene: 0x2002>
            2024-05-01 10:00:01.200 Notes[300:1] scene:willConnectToSession:options: <UIWindowScene: 0x2002>
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success, "\(output)")
    }
}
