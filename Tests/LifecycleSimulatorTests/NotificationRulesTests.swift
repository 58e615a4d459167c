import LifecycleCore
import Testing

@testable import LifecycleSimulator
@testable import LifecycleTrace

/// The rules of docs/lifecycle.md §18 that the built-in scenarios' golden traces do not pin down alone: what a
/// completion handler not called holds, what a process forgets, what an app without a notification delegate hears.
@Suite struct NotificationRulesTests {
    /// The states an app took, and how it ended, in order: `background → suspended (suspend)`.
    static func transitions(_ source: String, app: AppID) throws -> [String] {
        try Trace.records(source, profile: .ios17).compactMap { record in
            guard case .transition(app, let from, let to, let reason) = record.event else { return nil }
            return "\(from) → \(to)" + (reason.map { " (\($0.rawValue))" } ?? "")
        }
    }

    static func notes(_ source: String) throws -> [String] {
        try Trace.records(source, profile: .ios17).compactMap { record in
            if case .note(_, let text) = record.event { text } else { nil }
        }
    }

    static func times(_ source: String, app: AppID) throws -> [(Duration, String)] {
        try Trace.records(source, profile: .ios17).compactMap { record in
            guard case .transition(app, _, let to, _) = record.event else { return nil }
            return (record.time, to.rawValue)
        }
    }

    /// A tap's response holds the app in the background until its handler is called, a second later.
    @Test func theResponsesCompletionHandlerHoldsTheAppUntilItIsCalled() throws {
        let source =
            "profile ios17\napp chat notifications notification-work=4s\ntap chat\nnotify chat\n"
            + "notification-tap chat\nhome\nwait 10s\n"
        let suspension = try Self.times(source, app: "chat").last
        #expect(suspension?.0 == .seconds(4))
        #expect(suspension?.1 == "suspended")
    }

    /// A willPresent handler never called: the app runs on in the background until its budget is used up, and
    /// is killed; the expiration handler five seconds before does not end the hold.
    @Test func aPresentationHandlerNeverCalledGetsTheAppKilledAtTheEndOfItsBackgroundTime() throws {
        let source =
            "profile ios17\napp chat notifications ignores-notification-completion\ntap chat\n"
            + "notify chat\nhome\nwait 10m\n"
        let end = try Self.times(source, app: "chat").last
        #expect(end?.0 == .seconds(30))
        #expect(end?.1 == "notRunning")
        #expect(
            try Self.notes(source).contains(
                "background time used up with the completion handler of "
                    + "userNotificationCenter:willPresentNotification:withCompletionHandler: not called"))
    }

    /// An app's own background task still hears its expiration handler, and ends there, while a handler not called
    /// holds the app on to the end.
    @Test func theExpirationHandlerEndsTheAppsTaskButNotTheHold() throws {
        let source =
            "profile ios17\napp chat notifications ignores-notification-completion background-task=10m\n"
            + "tap chat\nnotify chat\nhome\nwait 10m\n"
        let notes = try Self.notes(source)
        #expect(notes.contains("expiration handler runs (5 s remain) and ends the background task"))
        #expect(try Self.transitions(source, app: "chat").last == "background → notRunning (budget)")
    }

    /// The delegate is the process's: a late one, set once active, is gone after a kill, and the next launch from a
    /// notification loses its response again.
    @Test func aRelaunchedProcessHasNoDelegateUntilItSetsOneAgain() throws {
        let source =
            "profile ios17\napp chat notifications=late\ntap chat\nhome\nmemory-pressure\nnotify chat\n"
            + "notification-tap chat\n"
        let lost = try Self.notes(source).filter { $0.contains("the response is lost") }
        #expect(lost.count == 1)
    }

    /// The notifications waiting are the system's: they outlive the process.
    @Test func waitingNotificationsOutliveTheProcess() throws {
        let source =
            "profile ios17\napp chat notifications\nnotify chat\ntap chat\nhome\nmemory-pressure\n"
            + "notification-tap chat\n"
        #expect(
            try Trace.callbacks(source, app: "chat", profile: .ios17).last
                == "applicationDidBecomeActive:")
        #expect(
            try Trace.callbacks(source, app: "chat", profile: .ios17).contains(
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"))
    }

    /// Without a notification delegate: a push in the foreground reaches the app delegate's method, not shown; a
    /// tapped local notification only opens the app.
    @Test func anAppWithoutADelegateKeepsTheLegacyPath() throws {
        let foreground = "profile ios17\napp chat\ntap chat\nnotify chat\n"
        #expect(
            try Trace.callbacks(foreground, app: "chat", profile: .ios17).last
                == "application:didReceiveRemoteNotification:fetchCompletionHandler:")
        let local = "profile ios17\napp chat\nnotify chat local\nnotification-tap chat\n"
        #expect(
            try Trace.callbacks(local, app: "chat", profile: .ios17) == [
                "application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:",
                "applicationDidBecomeActive:",
            ])
    }

    /// `push-tap` of an app with a delegate is a remote notification, then its tap: presented first when the app
    /// is in the foreground.
    @Test func aPushTapOfAnAppWithADelegateGoesThroughIt() throws {
        let source = "profile ios17\napp chat notifications\ntap chat\npush-tap chat\n"
        #expect(
            try Trace.callbacks(source, app: "chat", afterLine: 4) == [
                "userNotificationCenter:willPresentNotification:withCompletionHandler:",
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            ])
    }

    /// Denied: nothing is shown, so nothing waits to be tapped.
    @Test func aDeniedAppsNotificationsAreNeverShown() throws {
        let source = "profile ios17\napp chat notifications notifications-denied\nnotify chat\nnotification-tap chat\n"
        let error = #expect(throws: (any Error).self) { try Trace.records(source, profile: .ios17) }
        #expect("\(error.map { $0 } as Any)".contains("chat has no notification waiting in Notification Center"))
        #expect(
            try Self.notes("profile ios17\napp chat notifications-denied\nnotify chat\n") == [
                "a remote notification for chat is not shown: the user denied its notifications"
            ])
    }

    /// A throttled silent push is not delivered: the app is not launched, and the trace says why; the mode is still
    /// required.
    @Test func aThrottledPushIsNotDelivered() throws {
        let source = "profile ios17\napp chat background-modes=remote-notification\npush chat throttled\n"
        #expect(try Trace.callbacks(source, app: "chat", profile: .ios17).isEmpty)
        #expect(try Self.notes(source).contains { $0.hasPrefix("push not delivered: the system throttles") })
        let delivered = "profile ios17\napp chat background-modes=remote-notification\npush chat\n"
        #expect(
            try Trace.callbacks(delivered, app: "chat", profile: .ios17).last
                == "application:didReceiveRemoteNotification:fetchCompletionHandler:")
        #expect(throws: (any Error).self) { try Trace.records("profile ios17\napp chat\npush chat throttled\n") }
    }

    /// A repeating request comes every interval on the phone's clock, outliving the process, until the app's code
    /// removes it; one with the identifier of a waiting request replaces it.
    @Test func aRepeatingRequestComesUntilItIsRemoved() throws {
        var configuration = AppConfiguration(id: "chat")
        configuration.notificationDelegate = .duringLaunch
        let simulator = Simulator(phone: Phone(profile: .ios17, apps: [configuration]), sink: CollectingTraceSink())
        try simulator.perform(.tap("chat"))
        simulator.addNotificationRequest("daily", after: .seconds(60), repeats: true, in: "chat")
        simulator.addNotificationRequest("daily", after: .seconds(60), repeats: true, in: "chat")
        try simulator.perform(.home)
        try simulator.perform(.memoryPressure(count: nil))
        simulator.advance(by: .seconds(130))
        #expect(simulator.phone.waitingNotificationCount(of: "chat") == 2)
        #expect(simulator.phone.pendingNotificationRequests(of: "chat") == ["daily"])
        simulator.removePendingNotificationRequests(nil, in: "chat")
        simulator.advance(by: .seconds(600))
        #expect(simulator.phone.waitingNotificationCount(of: "chat") == 2)
        #expect(simulator.phone.pendingNotificationRequests(of: "chat").isEmpty)
    }

    /// A notification that comes while the app is still launching into the foreground, before its late delegate is
    /// set, is not shown: nothing waits to be tapped.
    @Test func aLateDelegateMissesANotificationThatComesBeforeItIsSet() throws {
        var configuration = AppConfiguration(id: "chat")
        configuration.notificationDelegate = .onceActive
        configuration.behavior.durations[.willFinishLaunching] = .seconds(2)
        var phone = Phone(profile: .ios17, apps: [configuration])
        _ = try phone.perform(.tap("chat"))
        #expect(phone.isBusy)
        let actions = try phone.perform(.notify("chat", remote: true))
        #expect(
            actions.contains(
                .note(
                    "chat",
                    "remote notification 1 is not shown: chat is in the foreground and has set no delegate of "
                        + "UNUserNotificationCenter to present it")))
        #expect(phone.waitingNotificationCount(of: "chat") == 0)
    }
}
