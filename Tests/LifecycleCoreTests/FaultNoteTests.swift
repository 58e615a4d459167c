import LifecycleCore
import Testing

/// A fault note is read back as the fault it was written for, and no other note is read as one.
@Suite struct FaultNoteTests {
    static let faults: [FaultNote] = [
        .backgroundTaskNotEnded,
        .completionHandlerNotCalled(selector: "application:performFetchWithCompletionHandler:"),
        .scheduledTaskNotCompleted(identifier: "com.example.refresh"),
        .didNotFinish(subject: "application:didFinishLaunchingWithOptions:", limit: "20"),
        .didNotFinish(subject: "the launch", limit: "20"),
        .didNotFinish(
            subject: "the completion handler of application:handleEventsForBackgroundURLSession:", limit: "30"),
        .completionHandlerTimedOut(
            selector: "application:didReceiveRemoteNotification:fetchCompletionHandler:", limit: "30"),
        .responseLost(selector: "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"),
        .taskNotEndedByExpirationHandler(identifier: 3),
        .keychainWrittenAfterUnavailableRead(write: "SecItemAdd of service 'auth', account 'token'"),
    ]

    @Test(arguments: faults) func aFaultIsReadBackFromItsText(_ fault: FaultNote) {
        #expect(FaultNote(text: fault.text) == fault, "\(fault.text)")
    }

    @Test func otherNotesAreNoFault() {
        for text in [
            "beginBackgroundTask: 5 s of work", "expiration handler runs (5 s remain) and ends the background task",
            "watchdog", "background time used up with", "the task x was completed", "memory: 400 MB needed, 12 MB free",
            "application:openURL:options: not called: the app answered NO",
        ] {
            #expect(FaultNote(text: text) == nil, "\(text)")
        }
    }

    /// The notes as the golden traces show them (Tests/LifecycleSimulatorTests/Golden), read as their faults.
    @Test func theGoldenTracesNotesAreRead() {
        let handler = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
        let read: [String: FaultNote] = [
            "watchdog: the launch did not finish within 20 s": .didNotFinish(subject: "the launch", limit: "20"),
            "watchdog: applicationDidEnterBackground: did not finish within 5 s":
                .didNotFinish(subject: "applicationDidEnterBackground:", limit: "5"),
            "watchdog: the completion handler of \(handler) was not called within 30 s":
                .completionHandlerTimedOut(selector: handler, limit: "30"),
            "the task com.news.refresh was not completed by the end of its time":
                .scheduledTaskNotCompleted(identifier: "com.news.refresh"),
            "background time used up with a background task not ended": .backgroundTaskNotEnded,
            "\(handler) not called: the app has set no delegate of UNUserNotificationCenter yet (Apple asks for one "
                + "before the launch ends): the response is lost": .responseLost(selector: handler),
        ]
        for (text, fault) in read {
            #expect(FaultNote(text: text) == fault, "\(text)")
            #expect(fault.text == text)
        }
    }
}
