import Foundation
import LifecycleCore

/// `UNUserNotificationCenter` (the UserNotifications framework, docs/lifecycle.md §18): the app sets its
/// ``delegate`` before its launch ends, and the system tells that delegate about the notifications the user sees.
///
/// Each ``Application`` has its own (``Application/userNotificationCenter``); ``current()`` is the one of the app
/// whose code is running, as on iOS it is the process's.
@MainActor
public final class UNUserNotificationCenter {
    /// The app whose center this is; `nil` for the one ``current()`` gives outside any app's code.
    unowned let application: Application?

    init(application: Application?) {
        self.application = application
    }

    /// The center of the app whose code is running. Outside any app's code (a test's own body under a
    /// ``SimulatedDevice`` of several apps), a center of no app, whose delegate no notification reaches.
    public static func current() -> UNUserNotificationCenter {
        Application.current?.userNotificationCenter ?? UNUserNotificationCenter(application: nil)
    }

    /// The delegate that hears the notifications presented while the app is in the foreground and the user's
    /// responses. Held weakly, as UIKit holds it. Apple asks for it before the launch ends: one set later misses the
    /// response that launched the app.
    public weak var delegate: (any UNUserNotificationCenterDelegate)? {
        didSet {
            guard let application, delegate != nil else { return }
            application.host.setNotificationDelegate(in: application.bundleIdentifier)
        }
    }
}

/// `UNUserNotificationCenterDelegate`: both methods are optional, as in UserNotifications.
@MainActor
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// A notification arrives while the app is in the foreground: the app says how to present it.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    /// The user responded to a notification: tapped it, picked an action, or dismissed it.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    /// Not implemented: the notification is not shown.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([]) }

    /// Not implemented: the response is dropped.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }
}

/// `UNNotificationPresentationOptions`: how a notification that arrives in the foreground is shown.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

/// `UNNotificationContent`: what a notification says.
public final class UNNotificationContent: Sendable {
    public let title: String
    public let body: String
    public let categoryIdentifier: String

    public init(title: String = "", body: String = "", categoryIdentifier: String = "") {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
    }
}

/// `UNNotificationRequest`: a notification's identifier and content.
public final class UNNotificationRequest: Sendable {
    public let identifier: String
    public let content: UNNotificationContent

    public init(identifier: String, content: UNNotificationContent) {
        self.identifier = identifier
        self.content = content
    }
}

/// `UNNotification`: a notification delivered to the app, when, and by which request.
public final class UNNotification: Sendable {
    public let date: Date
    public let request: UNNotificationRequest

    public init(date: Date, request: UNNotificationRequest) {
        self.date = date
        self.request = request
    }
}

/// `UNNotificationResponse`: the user's answer to a notification.
public final class UNNotificationResponse: Sendable {
    public let notification: UNNotification
    /// ``UNNotificationDefaultActionIdentifier`` for a tap, ``UNNotificationDismissActionIdentifier`` for a
    /// dismiss (with a category's `customDismissAction`), else the identifier of the action the user picked.
    public let actionIdentifier: String

    public init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

/// The action identifier of a tap on a notification.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let UNNotificationDefaultActionIdentifier = Phone.defaultActionIdentifier
/// The action identifier of a notification the user dismissed.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let UNNotificationDismissActionIdentifier = Phone.dismissActionIdentifier
