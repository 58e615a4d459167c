import Foundation
import LifecycleCore
import Testing

@testable import LifecycleCheck
@testable import LifecycleScenario
@testable import LifecycleText
@testable import LifecycleTrace

/// `lifecycle check`: logs in every format, the traces of the built-in scenarios, and injected errors found
/// at the right line with the exact message.
@Suite struct LogCheckTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The golden traces of the simulator's tests: every one must fit the model.
    static let goldenFolder = folder.deletingLastPathComponent().appendingPathComponent(
        "LifecycleSimulatorTests/Golden")

    static func check(_ log: String, file: String = "log", format: LogCheck.Format = .text, profile: Profile? = nil)
        -> (LogCheck.Outcome, String)
    {
        let (outcome, output, _) = checkWithErrors(log, file: file, format: format, profile: profile)
        return (outcome, output)
    }

    static func checkWithErrors(
        _ log: String, file: String = "log", format: LogCheck.Format = .text, profile: Profile? = nil
    ) -> (LogCheck.Outcome, String, String) {
        var output = ""
        var errors = ""
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        let outcome = LogCheck(format: format, profile: profile).run(
            file: file, lines: { lines }, output: &output, errors: &errors)
        return (outcome, output, errors)
    }

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func everyBuiltInTraceFits(name: String) throws {
        let trace = try String(contentsOf: Self.goldenFolder.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
        let (outcome, output) = Self.check(trace)
        #expect(outcome == .success, "\(output.split(separator: "\n").suffix(4).joined(separator: "\n"))")
    }

    @Test func aRealLogFromTheExampleProcessFits() throws {
        let log = try String(
            contentsOf: Self.folder.appendingPathComponent("Logs/logging-app-linux.log"), encoding: .utf8)
        let (outcome, output) = Self.check(log, file: "logging-app-linux.log")
        #expect(outcome == .success)
        #expect(output.hasSuffix("logging-app-linux.log: 14 lifecycle lines fit the model; 2 other lines skipped\n"))
    }

    @Test func recognisesEveryFormat() {
        let lines: [(String, LoggedEvent, String?)] = [
            (
                "2016-02-29 10:00:00.123 Demo[1234:5678] applicationDidBecomeActive:",
                .callback(.didBecomeActive), "Demo[1234"
            ),
            (
                "2016-02-29 10:00:00.123+0800 My App[77:5678] applicationDidBecomeActive:",
                .callback(.didBecomeActive), "My App[77"
            ),
            (
                "2016-02-29 10:00:00.123 Café[1234:5678] applicationDidBecomeActive:",
                .callback(.didBecomeActive), "Café[1234"
            ),
            ("已经获得焦点:-[AppDelegate applicationDidBecomeActive:]", .callback(.didBecomeActive), nil),
            ("applicationWillEnterForeground(_:)", .callback(.willEnterForeground), nil),
            ("application(_:didFinishLaunchingWithOptions:)", .callback(.didFinishLaunching), nil),
            ("application(_:open:options:)", .callback(.openURL), nil),
            ("observed UIApplicationDidEnterBackgroundNotification", .notification(.didEnterBackground), nil),
            ("received didBecomeActiveNotification", .notification(.didBecomeActive), nil),
            (
                #"{"t":0,"kind":"callback","app":"notes","name":"applicationWillResignActive:"}"#,
                .callback(.willResignActive), "notes"
            ),
        ]
        for (line, event, process) in lines {
            let recognized = LogRecognizer.recognize(line[...])
            #expect(recognized?.event == event && recognized?.process == process, "\(line)")
        }
        #expect(LogRecognizer.recognize("viewDidLoad"[...]) == nil)
        #expect(LogRecognizer.recognize(#"{"t":0,"kind":"transition","app":"a","from":"x","to":"y"}"#[...]) == nil)
    }

    static let goodLog = """
        2016-02-29 10:00:00.000 Demo[100:1] application:didFinishLaunchingWithOptions:
        2016-02-29 10:00:00.001 Demo[100:1] applicationDidBecomeActive:
        2016-02-29 10:00:05.000 Demo[100:1] applicationWillResignActive:
        2016-02-29 10:00:05.001 Demo[100:1] applicationDidEnterBackground:
        2016-02-29 10:01:00.000 Demo[100:1] applicationWillEnterForeground:
        2016-02-29 10:01:00.001 Demo[100:1] applicationDidBecomeActive:
        2016-02-29 10:01:30.000 Demo[100:1] applicationWillResignActive:
        2016-02-29 10:01:30.001 Demo[100:1] applicationDidEnterBackground:
        2016-02-29 10:02:00.000 Demo[100:1] applicationWillEnterForeground:
        2016-02-29 10:02:00.001 Demo[100:1] applicationDidBecomeActive:
        """

    @Test func aMissingWillEnterForegroundIsFoundAtItsLine() {
        #expect(Self.check(Self.goodLog).0 == .success)
        let log = Self.goodLog.replacingOccurrences(
            of: "2016-02-29 10:02:00.000 Demo[100:1] applicationWillEnterForeground:\n", with: "")
        let (outcome, output) = Self.check(log)
        #expect(outcome == .violation)
        #expect(
            output.hasSuffix(
                """
                log:9: violation: applicationDidBecomeActive: cannot happen here
                    9 | 2016-02-29 10:02:00.001 Demo[100:1] applicationDidBecomeActive:
                  the app may have been: notRunning | background | suspended
                  the model allows there: application:didFinishLaunchingWithOptions:, applicationWillEnterForeground:

                """))
    }

    /// The notification delegate's methods (docs/lifecycle.md §18), by their Swift names and `-[AnyClass …]`: a
    /// presentation only in the foreground, a response on the way to active; in a log that shows the app coming
    /// back to the foreground, a presentation in the background is found at its line.
    @Test func theNotificationDelegatesMethodsAreHeldToTheModel() {
        let log = """
            2024-03-01 10:00:00.000 Chat[100:1] application:didFinishLaunchingWithOptions:
            2024-03-01 10:00:00.001 Chat[100:1] applicationDidBecomeActive:
            2024-03-01 10:00:01.000 Chat[100:1] userNotificationCenter(_:willPresent:withCompletionHandler:)
            2024-03-01 10:00:02.000 Chat[100:1] applicationWillResignActive:
            2024-03-01 10:00:02.001 Chat[100:1] applicationDidEnterBackground:
            2024-03-01 10:00:09.000 Chat[100:1] applicationWillEnterForeground:
            2024-03-01 10:00:09.001 Chat[100:1] -[AppDelegate userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:]
            2024-03-01 10:00:09.002 Chat[100:1] applicationDidBecomeActive:
            """
        #expect(Self.check(log).0 == .success, "\(Self.check(log).1)")
        let late =
            log + "\n2024-03-01 10:00:10.000 Chat[100:1] applicationWillResignActive:\n"
            + "2024-03-01 10:00:10.001 Chat[100:1] applicationDidEnterBackground:\n"
            + "2024-03-01 10:00:11.000 Chat[100:1] userNotificationCenter(_:willPresent:)"
        let (outcome, output) = Self.check(late)
        #expect(outcome == .violation)
        #expect(
            output.contains(
                "log:11: violation: userNotificationCenter:willPresentNotification:withCompletionHandler: cannot happen here"
            ), "\(output)")
    }

    /// A long log of many processes, its records moved to the temporary file after 100 bytes: the report is
    /// the one kept in memory gives, and a violation deep in it shows its own line.
    @Test func linesKeptInATemporaryFileGiveTheSameReport() {
        let cycle = [
            "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
            "applicationDidBecomeActive:", "applicationWillResignActive:", "applicationDidEnterBackground:",
            "applicationWillEnterForeground:", "applicationDidBecomeActive:", "applicationWillResignActive:",
            "applicationDidEnterBackground:", "applicationWillTerminate:",
        ]
        var lines: [String] = []
        for process in 0..<2_000 {
            for (index, name) in cycle.enumerated() {
                lines.append("2016-02-29 10:00:\(10 + index).123 Demo[\(1_000 + process):1] \(name)")
                if index == 3 { lines.append("a line that names nothing") }
            }
        }
        var broken = lines
        broken.remove(at: broken.count - 6)  // the last process's first applicationDidEnterBackground:
        for log in [lines, broken] {
            var outputs: [String] = []
            var outcomes: [LogCheck.Outcome] = []
            for limit in [TraceSpool.defaultMemoryLimit, 100] {
                var check = LogCheck()
                check.spoolMemoryLimit = limit
                var output = ""
                var errors = ""
                let outcome = check.run(file: "log", lines: { log.map { $0[...] } }, output: &output, errors: &errors)
                outcomes.append(outcome)
                outputs.append(output)
                #expect(errors.isEmpty)
            }
            #expect(outputs[0] == outputs[1])
            #expect(outcomes[0] == outcomes[1])
        }
        #expect(outputs(of: lines).hasSuffix("log: 20000 lifecycle lines fit the model; 2000 other lines skipped\n"))
        let report = outputs(of: broken)
        #expect(report.contains("log:21995: violation: applicationWillEnterForeground: cannot happen here\n"))
        #expect(report.contains("21995 | 2016-02-29 10:00:15.123 Demo[2999:1] applicationWillEnterForeground:\n"))
    }

    /// A log read from a file (its bytes where they lie, as `lifecycle check FILE` reads it) gives the report and
    /// the errors its lines give as text: non-ASCII lines, a violation on a last line without a line break, a NUL
    /// byte; each with `\n` and with `\r\n` line breaks.
    @Test func aFileGivesTheReportItsLinesGive() throws {
        let good = try String(
            contentsOf: Self.folder.appendingPathComponent("Logs/logging-app-linux.log"), encoding: .utf8)
        let logs = [
            good, "2016-02-29 10:00:00.000 Démo[1:1] application:didFinishLaunchingWithOptions:\n" + Self.goodLog,
            Self.goodLog + "\n2016-02-29 10:05:00.000 Demo[200:1] applicationDidBecomeActive: é",
            Self.goodLog + "\nbinary\u{0}\n",
        ].flatMap { [$0, $0.replacingOccurrences(of: "\n", with: "\r\n")] }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-check-\(UUID()).log")
        defer { try? FileManager.default.removeItem(at: url) }
        for log in logs {
            try Data(log.utf8).write(to: url)
            let descriptor = open(url.path, O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            for format in [LogCheck.Format.text, .jsonl] {
                var fromFile = ("", "")
                let fileOutcome = LogCheck(format: format).run(
                    file: "log", lines: { LineReader(descriptor: descriptor)! }, output: &fromFile.0,
                    errors: &fromFile.1)
                // The same lines as text, as the reader gives them (its own tests hold it to a reference).
                let lines = Array(LineReader(descriptor: descriptor)!)
                var fromText = ("", "")
                let textOutcome = LogCheck(format: format).run(
                    file: "log", lines: { lines }, output: &fromText.0, errors: &fromText.1)
                #expect(fileOutcome == textOutcome)
                #expect(fromFile == fromText)
            }
        }
    }

    private func outputs(of log: [String]) -> String {
        var check = LogCheck()
        check.spoolMemoryLimit = 100
        var output = ""
        var errors = ""
        _ = check.run(file: "log", lines: { log.map { $0[...] } }, output: &output, errors: &errors)
        return output
    }

    @Test func aNewProcessMustStartWithALaunchMethod() {
        let log = Self.goodLog + "\n2016-02-29 10:05:00.000 Demo[200:1] applicationDidBecomeActive:"
        let (outcome, output) = Self.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:11: violation: applicationDidBecomeActive: cannot happen here\n"))
        #expect(output.contains("  the app may have been: notRunning\n"))
        #expect(output.contains("  the model allows there: application:didFinishLaunchingWithOptions:\n"))
    }

    /// A process launches once: a second launch in the same pid is a violation, though the model would let the app
    /// end silently and launch again (a new process, with a new pid). A trace's app, named without a pid, may.
    @Test func aProcessDoesNotLaunchTwice() {
        let lines = [
            "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:", "applicationWillResignActive:",
            "applicationDidEnterBackground:", "application:didFinishLaunchingWithOptions:",
        ]
        let log = lines.enumerated().map { "2024-01-01 10:00:0\($0.offset).000 MyApp[200:1] \($0.element)" }
        let (outcome, output) = Self.check(log.joined(separator: "\n"))
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:5: violation: application:didFinishLaunchingWithOptions: cannot happen here"))
        #expect(output.contains("the model allows there: applicationDidBecomeActive:, applicationDidEnterBackground:"))
        // Another pid may launch; and a process's launch lines come each once, in a row.
        var relaunched = log
        relaunched[4] = "2024-01-01 10:00:04.000 MyApp[201:1] application:didFinishLaunchingWithOptions:"
        #expect(Self.check(relaunched.joined(separator: "\n")).0 == .success)
        let both = ["application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:"].map {
            "2024-01-01 10:00:00.000 MyApp[200:1] \($0)"
        }
        #expect(Self.check(both.joined(separator: "\n")).0 == .success)
    }

    @Test func processesThatEndedAreForgottenAndTheirPidStartsAfresh() {
        func line(_ pid: Int, _ name: String) -> LogRecognizer.Recognized {
            LogRecognizer.recognize("2016-02-29 10:00:00.000 Demo[\(pid):1] \(name)"[...])!
        }
        let life = [
            "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:", "applicationWillResignActive:",
            "applicationDidEnterBackground:", "applicationWillTerminate:",
        ]
        let logged = Set(life.map { line(1, $0).event })
        var checker = LogChecker(logged: logged)
        for pid in 1...2_000 {
            for name in life {
                guard case .consistent = checker.check(line(pid, name)) else {
                    Issue.record("pid \(pid): \(name) does not fit")
                    return
                }
            }
        }
        #expect(checker.rememberedProcesses == 0)
        // A pid that comes back is a new process: it starts with a launch, as before it was forgotten.
        guard case .violation = checker.check(line(7, "applicationDidBecomeActive:")) else {
            Issue.record("a new process was not held to a launch")
            return
        }
        guard case .consistent = checker.check(line(7, "application:didFinishLaunchingWithOptions:")) else {
            Issue.record("a new process could not launch")
            return
        }
    }

    /// A log in which one app launches a million times and never logs an end: each new process of the app (its
    /// name with another pid) means the one before ended silently, so the checker forgets it, and its memory
    /// stays flat (it kept every one of them: 229 MB for `lifecycle check` on such a log).
    @Test func aNewProcessOfTheSameAppEndsTheOneBefore() {
        let launch = "application:didFinishLaunchingWithOptions:"
        let logged = Set(
            ["application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive:"].map {
                LogRecognizer.recognize("2016-02-29 10:00:00.000 Demo[1:1] \($0)"[...])!.event
            })
        var checker = LogChecker(logged: logged)
        let event = LogRecognizer.recognize("2016-02-29 10:00:00.000 Demo[1:1] \(launch)"[...])!
        var most = 0
        for pid in 1...1_000_000 {
            var line = event
            line.process = "Demo[" + String(pid)
            guard case .consistent = checker.check(line) else {
                Issue.record("pid \(pid): the launch does not fit")
                return
            }
            most = max(most, checker.rememberedProcesses)
        }
        #expect(most == 0, "no process of the app is remembered but the current one")
        // Another app's process is another matter: both are remembered while they run, and a process of one app
        // that comes while the other's runs still ends the one before it.
        func check(_ line: String) -> LogChecker.Verdict {
            checker.check(LogRecognizer.recognize("2016-02-29 10:00:00.000 \(line)"[...])!)
        }
        _ = check("Other[5:1] \(launch)")
        #expect(checker.rememberedProcesses == 1, "Demo[1000000], put away")
        guard case .consistent = check("Demo[1000000:1] applicationDidBecomeActive:") else {
            Issue.record("the process put away does not go on where it was")
            return
        }
        #expect(checker.rememberedProcesses == 1, "Other[5], put away")
        _ = check("Other[6:1] \(launch)")
        #expect(checker.rememberedProcesses == 1, "Demo[1000000] put away; Other[5] ended when Other[6] came")
        _ = check("Demo[1000001:1] \(launch)")
        #expect(checker.rememberedProcesses == 1, "Other[6] put away; Demo[1000000] ended")
        guard case .violation = check("Other[5:1] applicationDidBecomeActive:") else {
            Issue.record("a process that was ended by a newer one of its app came back from its record")
            return
        }
    }

    @Test func didBecomeActiveInTheBackgroundIsAViolation() {
        let log = Self.goodLog.replacingOccurrences(
            of: "applicationDidEnterBackground:\n",
            with: "applicationDidEnterBackground:\nDemo applicationDidBecomeActive:\n")
        let (outcome, output) = Self.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:5: violation: applicationDidBecomeActive: cannot happen here\n"))
    }

    @Test func aLogStartingMidSessionMayStartInAnyState() {
        let (outcome, _) = Self.check(
            "applicationDidEnterBackground:\napplicationWillEnterForeground:\napplicationDidBecomeActive:")
        #expect(outcome == .success)
    }

    @Test func callbacksTheAppDoesNotLogMayHappenSilently() {
        // Seed 001's delegate logs no willEnterForeground: returning from the background is then allowed silently.
        let log =
            "application:didFinishLaunchingWithOptions:\napplicationDidBecomeActive:\napplicationWillResignActive:\napplicationDidEnterBackground:\napplicationDidBecomeActive:"
        #expect(Self.check(log).0 == .success)
    }

    @Test func notificationsOnlyLogsAreHeldToTheModelToo() {
        let log =
            "UIApplicationDidBecomeActiveNotification\nUIApplicationWillResignActiveNotification\nUIApplicationDidBecomeActiveNotification\nUIApplicationDidEnterBackgroundNotification"
        let (outcome, output) = Self.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:4: violation: UIApplicationDidEnterBackgroundNotification cannot happen here\n"))
    }

    // MARK: Strict matching (what a new user found accepted)

    @Test(arguments: [
        ("applicationWillResignActive:\napplicationWillEnterForeground:\napplicationDidEnterBackground:", 2),
        ("applicationWillEnterForeground:\napplicationWillEnterForeground:\napplicationDidEnterBackground:", 2),
        (
            "applicationDidBecomeActive(_:)\napplicationWillResignActive(_:)\napplicationWillEnterForeground(_:)\n"
                + "applicationDidEnterBackground(_:)", 3
        ),
    ])
    func aSilentKillNeverExplainsACallbackThatDoesNotFit(log: String, line: Int) {
        let (outcome, output) = Self.check(log)
        #expect(outcome == .violation)
        #expect(output.contains("log:\(line): violation: applicationWillEnterForeground: cannot happen here\n"))
    }

    @Test func aForegroundAppKilledAndRelaunchedStillFits() {
        // Killed in the foreground (a crash, the launch watchdog), then launched again: the kill explains the launch.
        let log = "applicationDidBecomeActive:\napplication:didFinishLaunchingWithOptions:\napplicationDidBecomeActive:"
        #expect(Self.check(log).0 == .success)
    }

    @Test(arguments: [
        ("AppDelegate.applicationDidBecomeActive(_:)", LoggedEvent.callback(.didBecomeActive)),
        ("called (applicationDidBecomeActive:)", .callback(.didBecomeActive)),
        ("done: applicationDidBecomeActive(_:).", .callback(.didBecomeActive)),
        ("-[MyAppDelegate application:openURL:options:]", .callback(.openURL)),
        ("application:openURL:sourceApplication:annotation:", .callback(.openURL)),
        ("application(_:handleOpen:)", .callback(.openURL)),
        ("applicationDidFinishLaunching:", .callback(.didFinishLaunching)),
        ("application(_:shouldSaveSecureApplicationState:)", .callback(.shouldSaveApplicationState)),
        ("UIApplication.didEnterBackgroundNotification", .notification(.didEnterBackground)),
        ("UIApplicationProtectedDataWillBecomeUnavailable", .notification(.protectedDataWillBecomeUnavailable)),
        ("protectedDataDidBecomeAvailableNotification", .notification(.protectedDataDidBecomeAvailable)),
        ("sceneDidBecomeActive(_:)", .callback(.sceneDidBecomeActive)),
        ("-[WindowSceneDelegate scene:willConnectToSession:options:]", .callback(.sceneWillConnect)),
        ("scene(_:willConnectTo:options:)", .callback(.sceneWillConnect)),
        ("UIScene.didEnterBackgroundNotification", .notification(.sceneDidEnterBackground)),
        ("UISceneDidEnterBackgroundNotification", .notification(.sceneDidEnterBackground)),
        ("didActivateNotification", .notification(.sceneDidActivate)),
        ("scene.activationState: foregroundActive", .sceneState(.foregroundActive)),
        ("application(_:configurationForConnecting:options:)", .callback(.configurationForConnecting)),
    ])
    func wholeTokensAreRecognised(line: String, event: LoggedEvent) {
        #expect(LogRecognizer.recognize(line[...])?.event == event)
    }

    @Test(arguments: [
        "-[FeedViewController appWillEnterForeground:]", "myapplicationDidBecomeActive:",
        "applicationDidBecomeActive", "APPLICATIONDIDBECOMEACTIVE:", "applicationdidbecomeactive:",
        "mySceneDidBecomeActive(_:)", "MyScene.didEnterBackgroundNotification", "background",
        "applicationDidBecomeActive:extra", "application:openURL:", "didBecomeActiveNotificationHandler",
    ])
    func fragmentsAreNotRecognised(line: String) {
        #expect(LogRecognizer.recognize(line[...]) == nil)
    }

    @Test func aLogWithoutLifecycleLinesSaysSo() {
        let (outcome, output, errors) = Self.checkWithErrors("app notes\ntap notes\nhome\n")
        #expect(outcome == .invalidInput)
        #expect(output.isEmpty)
        #expect(
            errors.hasPrefix(
                "log: error: no line of this log names a lifecycle callback or notification (4 lines read)"))
    }

    @Test func aBinaryLogIsNotText() {
        let (outcome, _, errors) = Self.checkWithErrors("applicationDidBecomeActive:\n\u{0}\u{1}ELF")
        #expect(outcome == .invalidInput)
        #expect(errors.hasPrefix("log: error: this is not a text log: line 2 holds a NUL byte"))
    }

    @Test func jsonlOutput() {
        let (_, output) = Self.check("applicationDidBecomeActive:\nnoise", format: .jsonl)
        #expect(
            output == """
                {"line":1,"event":"applicationDidBecomeActive:","states":["active"]}
                {"file":"log","consistent":true,"lifecycleLines":1,"skippedLines":1}

                """)
    }
}

/// Logs transcribed from what iOS developers published, each naming its source in its first lines.
@Suite struct PublishedLogTests {
    static func log(_ name: String) throws -> String {
        try String(contentsOf: LogCheckTests.folder.appendingPathComponent("Logs/\(name)"), encoding: .utf8)
    }

    @Test func openingAPushOnIOS10Fits() throws {
        let (outcome, output) = LogCheckTests.check(try Self.log("medium-ios10-opening-push.log"))
        #expect(outcome == .success, "\(output)")
    }

    @Test func didBecomeActiveTwiceOnIOS11And12IsNamedAsAQuirk() throws {
        let (outcome, output) = LogCheckTests.check(try Self.log("openradar-49216830-notification-center.log"))
        #expect(outcome == .success)
        #expect(output.hasPrefix("     5  application:didFinishLaunchingWithOptions:"), "comments are not log lines")
        #expect(
            output.contains(
                "        a known quirk, not a violation: iOS 11 and 12 call applicationDidBecomeActive: (and post its notification) twice around Notification Center (Open Radar 49216830"
            ))
    }

    @Test func aRepeatedDidEnterBackgroundNotificationIsTheIOS7Quirk() {
        // The log shows launches and returns too, so nothing unlogged can explain the second notification.
        let log = """
            UIApplicationDidFinishLaunchingNotification
            UIApplicationDidBecomeActiveNotification
            UIApplicationWillResignActiveNotification
            UIApplicationDidEnterBackgroundNotification
            UIApplicationDidEnterBackgroundNotification
            UIApplicationWillEnterForegroundNotification
            UIApplicationDidBecomeActiveNotification
            """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .success)
        #expect(output.contains("posts UIApplicationDidEnterBackgroundNotification twice when the app is swiped away"))
    }

    @Test func onIOS13TheQuirkOfIOS11And12IsAViolation() throws {
        let log = try Self.log("openradar-49216830-notification-center.log")
        #expect(LogCheckTests.check(log, profile: .ios12).0 == .success)
        let (outcome, output) = LogCheckTests.check(log, profile: .ios13)
        #expect(outcome == .violation)
        #expect(output.contains("violation: applicationDidBecomeActive: cannot happen here"))
    }

    @Test func aQuirkNeedsTheSameEventTwiceInARow() {
        // didBecomeActive while active but not right after another: a violation, not the quirk.
        let log =
            "application:didFinishLaunchingWithOptions:\napplicationDidBecomeActive:\napplicationWillResignActive:\napplicationDidBecomeActive:\nUIApplicationDidBecomeActiveNotification\napplicationDidBecomeActive:"
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
    }
}
