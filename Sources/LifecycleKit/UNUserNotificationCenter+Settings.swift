import Foundation

extension UNUserNotificationCenter {
    /// `getNotificationSettings(completionHandler:)`: authorized unless the user refused the app's notifications (a
    /// scenario's `notifications-denied`), as answered when the app first asked; the handler runs on the main actor.
    public func getNotificationSettings(completionHandler: @escaping @MainActor (UNNotificationSettings) -> Void) {
        completionHandler(UNNotificationSettings(authorized: isAuthorized))
    }

    /// `notificationSettings()`, in Swift's `async` form.
    public func notificationSettings() async -> UNNotificationSettings {
        UNNotificationSettings(authorized: isAuthorized)
    }

    /// `setBadgeCount(_:withCompletionHandler:)` (iOS 16): the number on the app's icon.
    public func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@MainActor ((any Error)?) -> Void)? = nil
    ) {
        badgeCount = newBadgeCount
        completionHandler?(nil)
    }

    /// `setBadgeCount(_:)`, in Swift's `async` form.
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        badgeCount = newBadgeCount
    }

    /// `setNotificationCategories(_:)`: the actions the app's notifications offer, by category. Kept as given: the
    /// scenario's `notification-action ID ACTION` picks an action by its identifier.
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        self.categories = categories
    }

    /// `getNotificationCategories(completionHandler:)`.
    public func getNotificationCategories(
        completionHandler: @escaping @MainActor (Set<UNNotificationCategory>) -> Void
    ) {
        completionHandler(categories)
    }

    /// `notificationCategories()`, in Swift's `async` form.
    public func notificationCategories() async -> Set<UNNotificationCategory> { categories }

    /// `removeAllDeliveredNotifications()`, `removeDeliveredNotifications(withIdentifiers:)`: what Notification Center
    /// shows of the app is not modelled beyond the notifications waiting for the user, so these change nothing.
    public func removeAllDeliveredNotifications() {}
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
}

/// `UNAuthorizationStatus`.
public enum UNAuthorizationStatus: Int, Sendable, Hashable {
    case notDetermined, denied, authorized, provisional, ephemeral
}

/// `UNNotificationSetting`: whether one way of showing notifications is on.
public enum UNNotificationSetting: Int, Sendable, Hashable {
    case notSupported, disabled, enabled
}

/// `UNNotificationSettings`: what the user lets the app do with its notifications.
public final class UNNotificationSettings: Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    public let alertSetting: UNNotificationSetting
    public let soundSetting: UNNotificationSetting
    public let badgeSetting: UNNotificationSetting
    public let notificationCenterSetting: UNNotificationSetting
    public let lockScreenSetting: UNNotificationSetting

    init(authorized: Bool) {
        authorizationStatus = authorized ? .authorized : .denied
        let setting: UNNotificationSetting = authorized ? .enabled : .disabled
        alertSetting = setting
        soundSetting = setting
        badgeSetting = setting
        notificationCenterSetting = setting
        lockScreenSetting = setting
    }
}

/// `UNNotificationActionOptions`.
public struct UNNotificationActionOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let authenticationRequired = UNNotificationActionOptions(rawValue: 1 << 0)
    public static let destructive = UNNotificationActionOptions(rawValue: 1 << 1)
    public static let foreground = UNNotificationActionOptions(rawValue: 1 << 2)
}

/// `UNNotificationAction`: a button of a notification. An action with `.foreground` opens the app; others run it in
/// the background (the scenario's `notification-action`).
public class UNNotificationAction: @unchecked Sendable, Hashable {
    // Safe: immutable.
    public let identifier: String
    public let title: String
    public let options: UNNotificationActionOptions

    public init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.identifier = identifier
        self.title = title
        self.options = options
    }

    public static func == (lhs: UNNotificationAction, rhs: UNNotificationAction) -> Bool {
        lhs.identifier == rhs.identifier && lhs.title == rhs.title && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// `UNTextInputNotificationAction`: an action whose button asks for text.
public final class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    // Safe: immutable, as its superclass.
    public let textInputButtonTitle: String
    public let textInputPlaceholder: String

    public init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.textInputButtonTitle = textInputButtonTitle
        self.textInputPlaceholder = textInputPlaceholder
        super.init(identifier: identifier, title: title, options: options)
    }
}

/// `UNNotificationCategoryOptions`.
public struct UNNotificationCategoryOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let customDismissAction = UNNotificationCategoryOptions(rawValue: 1 << 0)
    public static let allowInCarPlay = UNNotificationCategoryOptions(rawValue: 1 << 1)
}

/// `UNNotificationCategory`: the actions of the notifications whose content names it.
public final class UNNotificationCategory: Sendable, Hashable {
    public let identifier: String
    public let actions: [UNNotificationAction]
    public let intentIdentifiers: [String]
    public let options: UNNotificationCategoryOptions

    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
    }

    public static func == (lhs: UNNotificationCategory, rhs: UNNotificationCategory) -> Bool {
        lhs.identifier == rhs.identifier && lhs.actions == rhs.actions && lhs.options == rhs.options
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// `UNCalendarNotificationTrigger`: at the next date of the phone's calendar that matches the components, once or
/// at each match.
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    // Safe: immutable, as its superclass.
    public let dateComponents: DateComponents

    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next date after `date` that matches, on the current calendar.
    func nextDate(after date: Date) -> Date? {
        Calendar.current.nextDate(after: date, matching: dateComponents, matchingPolicy: .nextTime)
    }
}
