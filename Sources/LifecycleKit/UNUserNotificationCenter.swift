import Foundation
import LifecycleCore
import Synchronization

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
    /// The number on the app's icon (`setBadgeCount(_:)`), and the categories of its notifications.
    public internal(set) var badgeCount = 0
    var categories: Set<UNNotificationCategory> = []

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
            let (delay, repeats) = Self.delay(of: request.trigger, now: application.host.currentDate)
            application.host.addNotificationRequest(
                request.identifier, after: delay, repeats: repeats, in: application.bundleIdentifier)
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

    /// When a trigger first fires from `now` (`nil`: at once), and whether it fires again as often: a time
    /// interval's seconds; a calendar trigger's next matching date on the phone's clock. The host repeats a request
    /// at the interval of its first delay, so a repeating calendar trigger comes at its next match only, unless the
    /// match after it is as far again (a session of the explorer lasts minutes, not the day to the next match).
    static func delay(of trigger: UNNotificationTrigger?, now: Date) -> (Duration?, repeats: Bool) {
        switch trigger {
        case let interval as UNTimeIntervalNotificationTrigger:
            return (.seconds(interval.timeInterval), interval.repeats)
        case let calendar as UNCalendarNotificationTrigger:
            guard let next = calendar.nextDate(after: now) else { return (nil, false) }
            let first = next.timeIntervalSince(now)
            guard calendar.repeats, let after = calendar.nextDate(after: next) else { return (.seconds(first), false) }
            return (.seconds(first), after.timeIntervalSince(next) == first)
        default:
            return (nil, false)
        }
    }

    var isAuthorized: Bool { settings().authorized }

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

/// `UNUserNotificationCenterDelegate`: every method is optional, as in UserNotifications, and each of the two that
/// answer comes in both of Swift's forms, with a completion handler or `async`: the system calls the one the delegate
/// implements.
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
    /// `willPresent`, in Swift's `async` form.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions
    /// `didReceive`, in Swift's `async` form.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
    /// The user asked, from Settings, for the app's own notification settings.
    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}

extension UNUserNotificationCenterDelegate {
    /// Not implemented in this form: the `async` form answers, at once if it does not wait (started with
    /// `Task.immediate`, on the main actor, in the system's call). Implemented in neither, the notification is not
    /// shown.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        nonisolated(unsafe) let completionHandler = completionHandler
        _Concurrency.Task.immediate { @MainActor in
            completionHandler(await self.userNotificationCenter(center, willPresent: notification))
        }
    }

    /// Not implemented in this form: the `async` form hears it, and the system is told once it returns. Implemented
    /// in neither, the response is dropped.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        nonisolated(unsafe) let completionHandler = completionHandler
        _Concurrency.Task.immediate { @MainActor in
            await self.userNotificationCenter(center, didReceive: response)
            completionHandler()
        }
    }

    /// Not implemented: the notification is not shown.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions { [] }

    /// Not implemented: the response is dropped.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {}

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {}
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

/// `UNNotificationContent`: what a notification says. A request keeps a copy of the content it was made with, as
/// UserNotifications' does, so a ``UNMutableNotificationContent`` changed afterwards changes no request.
public class UNNotificationContent: @unchecked Sendable {
    // Sendable: the values are kept behind a lock.
    /// What the content says. Sendable though `userInfo` is not: it holds what JSON or the app's code gives (strings,
    /// numbers, arrays and dictionaries of them), property-list values a notification carries between processes on a
    /// phone, which nobody changes in place.
    struct Values: @unchecked Sendable {
        var title = ""
        var subtitle = ""
        var body = ""
        var categoryIdentifier = ""
        var threadIdentifier = ""
        var badge: NSNumber?
        var sound: UNNotificationSound?
        var userInfo: [AnyHashable: Any] = [:]
    }

    let values: Mutex<Values>

    init(values: Values) {
        self.values = Mutex(values)
    }

    public convenience init(
        title: String = "", body: String = "", categoryIdentifier: String = "", userInfo: [AnyHashable: Any] = [:]
    ) {
        self.init(values: Values(title: title, body: body, categoryIdentifier: categoryIdentifier, userInfo: userInfo))
    }

    public var title: String { values.withLock { $0.title } }
    public var subtitle: String { values.withLock { $0.subtitle } }
    public var body: String { values.withLock { $0.body } }
    public var categoryIdentifier: String { values.withLock { $0.categoryIdentifier } }
    public var threadIdentifier: String { values.withLock { $0.threadIdentifier } }
    public var badge: NSNumber? { values.withLock { $0.badge } }
    public var sound: UNNotificationSound? { values.withLock { $0.sound } }
    /// The notification's payload: for a push, `aps` and the app's own keys (docs/lifecycle.md §19).
    public var userInfo: [AnyHashable: Any] { values.withLock { $0.userInfo } }

    /// An immutable copy, as a request keeps.
    func copy() -> UNNotificationContent {
        UNNotificationContent(values: values.withLock { $0 })
    }
}

/// `UNMutableNotificationContent`: the content the app's code fills in for a request of its own.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    // Sendable as its superclass: every value is behind its lock.
    public init() {
        super.init(values: Values())
    }

    public override var title: String {
        get { super.title }
        set { values.withLock { $0.title = newValue } }
    }
    public override var subtitle: String {
        get { super.subtitle }
        set { values.withLock { $0.subtitle = newValue } }
    }
    public override var body: String {
        get { super.body }
        set { values.withLock { $0.body = newValue } }
    }
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { values.withLock { $0.categoryIdentifier = newValue } }
    }
    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { values.withLock { $0.threadIdentifier = newValue } }
    }
    public override var badge: NSNumber? {
        get { super.badge }
        set { values.withLock { $0.badge = newValue } }
    }
    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { values.withLock { $0.sound = newValue } }
    }
    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { values.withLock { $0.userInfo = newValue } }
    }
}

/// `UNNotificationSound`: the sound a notification plays (none is played here; it is kept as given).
public final class UNNotificationSound: Sendable, Hashable {
    /// The sound's file name, `nil` for the system's default.
    public let name: String?
    public let isCritical: Bool

    init(name: String?, isCritical: Bool) {
        self.name = name
        self.isCritical = isCritical
    }

    /// `UNNotificationSound(named:)`.
    public convenience init(named name: String) {
        self.init(name: name, isCritical: false)
    }

    public static let `default` = UNNotificationSound(name: nil, isCritical: false)
    public static let defaultCritical = UNNotificationSound(name: nil, isCritical: true)

    public static func == (lhs: UNNotificationSound, rhs: UNNotificationSound) -> Bool {
        lhs.name == rhs.name && lhs.isCritical == rhs.isCritical
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(isCritical)
    }
}

/// `UNNotificationRequest`: a notification's identifier, content, and the trigger that delivers it.
public final class UNNotificationRequest: Sendable {
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?

    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content.copy()
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
