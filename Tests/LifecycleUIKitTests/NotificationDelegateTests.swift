import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

/// UIKit-named code hears its notifications through UNUserNotificationCenter's delegate (docs/lifecycle.md §18):
/// the cold launch from a tap, the presentation in the foreground, an action in the background.
@Suite @MainActor struct NotificationDelegateTests {
    /// A device running `chat` with this delegate, which declares a notification delegate; `denied` when the user
    /// refused its notifications.
    static func device(_ delegate: NotifiedAppDelegate, denied: Bool = false) throws -> SimulatedDevice {
        let app = UIKitApp(bundleIdentifier: "chat", delegate: delegate)
        var configuration = InfoPlist(bundleIdentifier: "chat").configuration()
        configuration.notificationDelegate = .duringLaunch
        configuration.notificationsDenied = denied
        return try SimulatedDevice(
            profile: .ios17, apps: [configuration], delegates: ["chat": app.applicationDelegate])
    }

    @Test func theDelegateHearsTheTapThatLaunchedTheAppAndWhatFollows() throws {
        let delegate = NotifiedAppDelegate()
        let device = try Self.device(delegate)
        try device.perform("notify chat")
        try device.perform("notification-tap chat")
        #expect(delegate.responses == [UNNotificationDefaultActionIdentifier])
        try device.perform("notify chat")
        #expect(delegate.presented == 1)
        try device.perform("home")
        try device.perform("notification-action chat archive")
        #expect(delegate.responses == [UNNotificationDefaultActionIdentifier, "archive"])
        // Every handler was called at once: nothing holds the app, which is suspended again.
        try device.perform("expect chat suspended")
    }

    /// A local notification the code schedules comes at its time on the phone's clock; a denied app's is never
    /// scheduled, as its code learns it may not show one.
    @Test(arguments: [false, true])
    func aReminderComesOnThePhonesClock(denied: Bool) throws {
        let delegate = NotifiedAppDelegate()
        delegate.reminderAfter = 60
        let device = try Self.device(delegate, denied: denied)
        try device.perform("tap chat")
        #expect(delegate.authorized == !denied)
        try device.perform("home")
        device.wait(.seconds(59))
        #expect(device.waitingNotificationCount(of: "chat") == 0)
        device.wait(.seconds(1))
        #expect(device.waitingNotificationCount(of: "chat") == (denied ? 0 : 1))
        guard !denied else { return }
        try device.perform("notification-tap chat")
        #expect(delegate.responses == [UNNotificationDefaultActionIdentifier])
    }

    /// A response's completion handler not called yet holds the app in the background, as a background task does,
    /// until the code calls it.
    @Test func aHandlerNotCalledYetHoldsTheApp() throws {
        let delegate = NotifiedAppDelegate()
        delegate.holdsResponses = true
        let device = try Self.device(delegate)
        try device.perform("notify chat")
        try device.perform("notification-tap chat")
        try device.perform("home")
        try device.perform("wait 10s")
        try device.perform("expect chat background")
        for handler in delegate.heldHandlers { handler() }
        try device.perform("expect chat suspended")
    }
}

/// Schedules a daily reminder at nine, as a habit tracker does at its first launch, from content it then goes on
/// changing for its own use.
@MainActor
final class DailyReminderAppDelegate: UIResponder, UIApplicationDelegate {
    private(set) var pendingTitles: [String] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let content = UNMutableNotificationContent()
        content.title = "Time to stretch"
        content.sound = .default
        var nine = DateComponents()
        nine.hour = 9
        nine.minute = 0
        let trigger = UNCalendarNotificationTrigger(dateMatching: nine, repeats: true)
        UNUserNotificationCenter.current().add(
            UNNotificationRequest(identifier: "stretch", content: content, trigger: trigger))
        content.title = "changed after the request was made"
        UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
            self.pendingTitles = requests.map(\.content.title)
        }
        return true
    }
}

@Suite @MainActor struct CalendarTriggerTests {
    @Test func aDailyReminderComesAtItsHourOnThePhonesClock() throws {
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: Date(timeIntervalSinceReferenceDate: 800_000_000))
        let start = try #require(calendar.date(byAdding: DateComponents(hour: 8, minute: 59), to: today))
        let app = try UIKitDevice("profile ios17\napp habits\n", startDate: start) { DailyReminderAppDelegate() }
        try app.device.perform("tap habits")
        #expect(app.delegate?.pendingTitles == ["Time to stretch"], "the request keeps a copy of the content")
        try app.device.perform("home")
        try app.device.perform("wait 59s")
        #expect(app.device.waitingNotificationCount(of: "habits") == 0)
        try app.device.perform("wait 2s")
        #expect(app.device.waitingNotificationCount(of: "habits") == 1, "\(app.device.printedTrace())")
    }
}
