import LifecycleCore
import Testing

@testable import LifecycleCheck

/// `lifecycle check` on logs of BGTaskScheduler's tasks (docs/lifecycle.md §17): the launch handler, the
/// expiration handler and `setTaskCompleted(success:)`, as apps print them with the task's identifier, held to the
/// model: each runs in a process that executes.
@Suite struct ScheduledTaskLogCheckTests {
    /// A refresh that launches the app into the background, as an app that logs its delegate and its task logs it.
    static let refreshLaunch = """
        2024-03-01 10:00:00.000 News[812:1] application(_:didFinishLaunchingWithOptions:)
        2024-03-01 10:00:00.010 News[812:1] launchHandler com.news.refresh
        2024-03-01 10:00:04.000 News[812:1] task.setTaskCompleted(success: true) com.news.refresh
        """

    @Test(arguments: [
        (
            "2024-03-01 10:00:00.010 News[812:1] launchHandler com.news.refresh", ScheduledTaskLine.launchHandler,
            "com.news.refresh"
        ),
        ("BGTask expirationHandler: com.news.clean", .expirationHandler, "com.news.clean"),
        ("task.setTaskCompleted(success: false) for com.news.refresh", .completed, "com.news.refresh"),
        ("     900s   news     launchHandler com.news.refresh (BGAppRefreshTask)", .launchHandler, "com.news.refresh"),
        ("     905s   news     setTaskCompleted(success: true) com.news.refresh", .completed, "com.news.refresh"),
    ])
    func aTaskLineIsRecognizedWithItsIdentifier(line: String, step: ScheduledTaskLine, identifier: String) {
        let recognized = LogRecognizer.recognize(line[...])
        #expect(recognized?.event == .scheduledTask(step))
        #expect(recognized?.taskIdentifier == identifier)
        // The byte-wise reader finds the same.
        #expect(LogRecognizer.recognizeASCII(line[...]) == recognized)
    }

    /// Without an identifier a line names no task: `expirationHandler` alone may be a background task's.
    @Test(arguments: [
        "beginBackgroundTask: expirationHandler set for the upload", "launchHandler registered",
        "setTaskCompleted",
    ])
    func aLineWithoutAnIdentifierNamesNoTask(line: String) {
        #expect(LogRecognizer.recognize(line[...]) == nil)
        #expect(LogRecognizer.recognizeASCII(line[...]) == nil)
    }

    @Test func aTraceRecordIsRecognized() {
        let line =
            #"{"t":900,"kind":"task","app":"news","identifier":"com.news.refresh","name":"launchHandler","class":"BGAppRefreshTask"}"#
        let recognized = LogRecognizer.recognize(line[...])
        #expect(recognized?.event == .scheduledTask(.launchHandler))
        #expect(recognized?.taskIdentifier == "com.news.refresh")
        #expect(recognized?.process == "news")
        #expect(recognized?.isTraceRecord == true)
    }

    @Test func aRefreshThatLaunchesTheAppIntoTheBackgroundFits() {
        let (outcome, output) = LogCheckTests.check(Self.refreshLaunch)
        #expect(outcome == .success, "\(output)")
        #expect(output.contains("3 lifecycle lines fit the model"), "\(output)")
    }

    /// A launch handler in a process that has terminated, with no launch before it, cannot happen.
    @Test func aLaunchHandlerAfterTheAppTerminatedWithoutALaunchIsAViolation() {
        let log =
            Self.refreshLaunch + """

                2024-03-01 10:00:05.000 News[812:1] applicationWillTerminate(_:)
                2024-03-01 10:00:06.000 News[812:1] launchHandler com.news.refresh
                """
        let (outcome, output) = LogCheckTests.check(log)
        #expect(outcome == .violation, "\(output)")
        #expect(output.contains("log:5: violation: launchHandler"), "\(output)")
    }
}
