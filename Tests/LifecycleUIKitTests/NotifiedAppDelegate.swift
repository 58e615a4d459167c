// swift-format-ignore-file
// (The three lines stand as an iOS file writes them, unindented.)
// A file as an iOS app writes it, behind the three lines (and UserNotifications' import on iOS): LifecycleUIKit
// alone gives it UNUserNotificationCenter and its delegate, with no other import.
#if canImport(UIKit)
import UIKit
import UserNotifications
#else
import LifecycleUIKit
#endif

/// An app in UIKit's names that sets the notification center's delegate where Apple asks, and keeps the responses
/// it hears, calling each completion handler at once — or keeping it, to call later, when it `holdsResponses`.
@MainActor
final class NotifiedAppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    var holdsResponses = false
    private(set) var presented = 0
    private(set) var responses: [String] = []
    /// The completion handlers kept, when the app holds its responses.
    var heldHandlers: [() -> Void] = []

    func application(
        _ application: UIApplication,
        willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
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
