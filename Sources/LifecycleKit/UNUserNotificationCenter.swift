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
    /// The requests this process added, by identifier: what ``getPendingNotificationRequests(completionHandler:)``
    /// gives back for the identifiers the system still holds.
    private var added: [String: UNNotificationRequest] = [:]

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

    /// `requestAuthorization(options:completionHandler:)`: granted unless the user refused (a scenario's
    /// `notifications-denied`); the handler runs on the main actor.
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @MainActor (Bool, (any Error)?) -> Void
    ) {
        completionHandler(settings().authorized, nil)
    }

    /// `requestAuthorization(options:)`, as Swift's `async` form.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        settings().authorized
    }

    /// `add(_:withCompletionHandler:)`: the system delivers the request's notification when its trigger fires — a
    /// time-interval trigger's delay on the phone's clock, or at once without a trigger — replacing a waiting
    /// request with the same identifier. A notification of an app the user denied is never shown.
    public func add(
        _ request: UNNotificationRequest,
        withCompletionHandler completionHandler: (@MainActor ((any Error)?) -> Void)? = nil
    ) {
        if let application {
            added[request.identifier] = request
            let trigger = request.trigger as? UNTimeIntervalNotificationTrigger
            application.host.addNotificationRequest(
                request.identifier, after: trigger.map { .seconds($0.timeInterval) },
                repeats: trigger?.repeats ?? false,
                in: application.bundleIdentifier)
        }
        completionHandler?(nil)
    }

    /// `add(_:)`, as Swift's `async` form.
    public func add(_ request: UNNotificationRequest) async throws {
        add(request, withCompletionHandler: nil)
    }

    /// `removePendingNotificationRequests(withIdentifiers:)`: those requests never fire.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        guard let application else { return }
        application.host.removePendingNotificationRequests(identifiers, in: application.bundleIdentifier)
    }

    /// `removeAllPendingNotificationRequests()`.
    public func removeAllPendingNotificationRequests() {
        guard let application else { return }
        application.host.removePendingNotificationRequests(nil, in: application.bundleIdentifier)
    }

    /// `getPendingNotificationRequests(completionHandler:)`: the requests still waiting for their trigger.
    public func getPendingNotificationRequests(
        completionHandler: @escaping @MainActor ([UNNotificationRequest]) -> Void
    ) {
        completionHandler(
            settings().pending.map {
                added[$0] ?? UNNotificationRequest(identifier: $0, content: UNNotificationContent(), trigger: nil)
            })
    }

    /// `pendingNotificationRequests()`, as Swift's `async` form.
    public func pendingNotificationRequests() async -> [UNNotificationRequest] {
        var requests: [UNNotificationRequest] = []
        getPendingNotificationRequests { requests = $0 }
        return requests
    }

    private func settings() -> (authorized: Bool, pending: [String]) {
        guard let application else { return (false, []) }
        return application.host.notificationSettings(of: application.bundleIdentifier)
    }
}

/// `UNAuthorizationOptions`: what the app asks to do with its notifications.
public struct UNAuthorizationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let badge = UNAuthorizationOptions(rawValue: 1 << 0)
    public static let sound = UNAuthorizationOptions(rawValue: 1 << 1)
    public static let alert = UNAuthorizationOptions(rawValue: 1 << 2)
    public static let provisional = UNAuthorizationOptions(rawValue: 1 << 6)
}

/// `UNNotificationTrigger`: when a request's notification comes.
public class UNNotificationTrigger: @unchecked Sendable {
    // Safe: an immutable value, as UserNotifications' class is; its subclasses add only `let` properties.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
    }
}

/// `UNTimeIntervalNotificationTrigger`: after a number of seconds on the phone's clock, once or again and again.
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    // Safe: immutable, as its superclass.
    public let timeInterval: TimeInterval

    public init(timeInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
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
public final class UNNotificationContent: @unchecked Sendable {
    // Sendable though `userInfo` is not: every property is a constant, and `userInfo` holds what JSON gives (strings,
    // numbers, arrays and dictionaries of them), immutable values.
    public let title: String
    public let body: String
    public let categoryIdentifier: String
    /// The notification's payload: for a push, `aps` and the app's own keys (docs/lifecycle.md §19).
    public let userInfo: [AnyHashable: Any]

    public init(
        title: String = "", body: String = "", categoryIdentifier: String = "", userInfo: [AnyHashable: Any] = [:]
    ) {
        self.title = title
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.userInfo = userInfo
    }
}

/// `UNNotificationRequest`: a notification's identifier, content, and the trigger that delivers it.
public final class UNNotificationRequest: Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
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
