// swift-format-ignore-file
// (The three lines stand as an iOS file writes them, unindented.)
// A file as an iOS app writes it, behind the three lines (and the README's imports of BackgroundTasks and
// UserNotifications on iOS): LifecycleUIKit alone gives it UNUserNotificationCenter and its delegate.
#if canImport(UIKit)
import UIKit
import BackgroundTasks
import UserNotifications
#else
import LifecycleUIKit
#endif

/// An app in UIKit's names that sets the notification center's delegate where Apple asks, and keeps the responses
/// it hears, calling each completion handler at once — or keeping it, to call later, when it `holdsResponses`.
@MainActor
final class NotifiedAppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    var holdsResponses = false
    /// When set, the app asks for authorization as it launches and, if granted, schedules a reminder this many
    /// seconds later.
    var reminderAfter: TimeInterval?
    private(set) var authorized: Bool?
    private(set) var presented = 0
    private(set) var responses: [String] = []
    /// The completion handlers kept, when the app holds its responses.
    var heldHandlers: [() -> Void] = []

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        if let reminderAfter {
            center.requestAuthorization(options: [.alert, .sound]) { granted, _ in
                self.authorized = granted
                guard granted else { return }
                let content = UNNotificationContent(title: "Reminder")
                let trigger = UNTimeIntervalNotificationTrigger(timeInterval: reminderAfter, repeats: false)
                center.add(UNNotificationRequest(identifier: "reminder", content: content, trigger: trigger))
            }
        }
        return true
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        presented += 1
        completionHandler([.banner, .list])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        responses.append(response.actionIdentifier)
        if holdsResponses { heldHandlers.append(completionHandler) } else { completionHandler() }
    }
}
