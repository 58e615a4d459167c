import Foundation

/// A home-screen quick action (`UIApplicationShortcutItem`): its type, and what the Home screen shows of it.
public struct ShortcutItem: Sendable, Hashable {
    public var type: String
    public var localizedTitle: String
    public var localizedSubtitle: String?
    public var icon: ShortcutIcon?
    /// The app's own values for the action (UIKit's takes property-list objects; here strings).
    public var userInfo: [String: String]?

    public init(
        type: String, localizedTitle: String = "", localizedSubtitle: String? = nil, icon: ShortcutIcon? = nil,
        userInfo: [String: String]? = nil
    ) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
    }
}

/// The icon of a quick action (`UIApplicationShortcutIcon`): one of the system's, an SF Symbol, or an image of the
/// app's. Nothing is drawn; it is kept as given.
public struct ShortcutIcon: Sendable, Hashable {
    /// The system's icons (`UIApplicationShortcutIcon.IconType`).
    public enum IconType: Int, Sendable, Hashable {
        case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite, love
        case cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task, taskCompleted
        case alarm, bookmark, shuffle, audio, update
    }

    /// Which icon: a system type's, a symbol's name, or an image's name.
    public enum Source: Sendable, Hashable {
        case type(IconType)
        case systemImage(String)
        case templateImage(String)
    }

    public let source: Source

    public init(type: IconType) { source = .type(type) }
    public init(systemImageName: String) { source = .systemImage(systemImageName) }
    public init(templateImageName: String) { source = .templateImage(templateImageName) }
}

/// `NSUserActivityTypeBrowsingWeb`: the type of a universal link's activity, whose `webpageURL` is the link.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let NSUserActivityTypeBrowsingWeb = "NSUserActivityTypeBrowsingWeb"

/// A Handoff or universal-link activity, or a scene's state to restore (`NSUserActivity`).
///
/// A class, as `NSUserActivity` is: code that makes one, sets its title and adds entries to its `userInfo` —
/// what `stateRestorationActivity(for:)` returns — compiles unchanged. The system keeps the one a scene returned
/// with the scene's session, across a disconnect and a purge of the process, and gives it back as
/// `session.stateRestorationActivity` when the scene connects again (docs/lifecycle.md §13). Two activities are
/// equal only if they are the same object, as two `NSUserActivity` objects are.
@MainActor
public final class UserActivity: Hashable {
    /// `activityType`: the kind of activity, a reverse-DNS string the app declares (`NSUserActivityTypes`).
    public nonisolated let activityType: String
    /// `title`: what the user would see of it (Handoff, Spotlight).
    public var title: String?
    /// `userInfo`: the app's state, in property-list values.
    public var userInfo: [AnyHashable: Any]?
    /// `requiredUserInfoKeys`: the keys of `userInfo` the app needs to restore the activity.
    public var requiredUserInfoKeys: Set<String>?
    /// `persistentIdentifier`: the app's identifier for the activity (to delete it from predictions).
    public var persistentIdentifier: String?
    /// `targetContentIdentifier`: which scene should handle the activity.
    public var targetContentIdentifier: String?
    /// `webpageURL`: the page a universal link or Handoff from a browser opens (`NSUserActivityTypeBrowsingWeb`).
    public var webpageURL: URL?
    /// `referrerURL`: the page the user came from.
    public var referrerURL: URL?
    /// `keywords`, `expirationDate`: what Spotlight indexes the activity by, and until when.
    public var keywords: Set<String> = []
    public var expirationDate: Date?
    /// Where the system may offer the activity: Handoff, Spotlight, Siri's predictions, public indexing.
    public var isEligibleForHandoff = true
    public var isEligibleForSearch = false
    public var isEligibleForPrediction = false
    public var isEligibleForPublicIndexing = false
    /// `needsSave`: the app's delegate is asked to update the activity before it is sent.
    public var needsSave = false
    /// Whether the activity is the app's current one (`becomeCurrent()`), until it resigns or is invalidated.
    public private(set) var isCurrent = false
    public private(set) var isInvalidated = false

    public nonisolated init(activityType: String) {
        self.activityType = activityType
    }

    /// The activity a callback's argument names: its type, and its target content identifier if it has one
    /// (``UserActivityArgument``).
    nonisolated convenience init(argument: String) {
        let (type, target) = UserActivityArgument.split(argument)
        self.init(activityType: type)
        targetContentIdentifier = target
    }

    /// `becomeCurrent()`: the activity is the one the system offers for Handoff (nothing is offered here; it is
    /// marked).
    public func becomeCurrent() {
        if !isInvalidated { isCurrent = true }
    }

    /// `resignCurrent()`: the activity is current no more.
    public func resignCurrent() { isCurrent = false }

    /// `invalidate()`: the activity can be current no more.
    public func invalidate() {
        isCurrent = false
        isInvalidated = true
    }

    /// `addUserInfoEntries(from:)`: adds the entries to `userInfo`, replacing those with the same keys.
    public func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        userInfo = (userInfo ?? [:]).merging(otherDictionary) { _, new in new }
    }

    public nonisolated static func == (lhs: UserActivity, rhs: UserActivity) -> Bool { lhs === rhs }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// An object that restores its state from a continued activity (`UIUserActivityRestoring`): what an app hands to
/// the `restorationHandler` of `application(_:continue:restorationHandler:)`.
@MainActor
public protocol UserActivityRestoring: AnyObject {
    func restoreUserActivityState(_ activity: UserActivity)
}

/// What a background fetch found (`UIBackgroundFetchResult`).
public enum BackgroundFetchResult: Sendable, Hashable {
    case newData, noData, failed
}

extension Application {
    /// The options of `application(_:open:options:)` (`UIApplication.OpenURLOptionsKey`).
    public struct OpenURLOptions: Sendable, Hashable {
        /// `UIApplication.OpenURLOptionsKey.sourceApplication`.
        public var sourceApplication: String?
        public init(sourceApplication: String? = nil) { self.sourceApplication = sourceApplication }
    }
}

/// Encodes and decodes an app's restorable state: `Codable` values by key.
///
/// An app ported with UIKit's `NSCoder` methods gets an `NSKeyedArchiver` (to save) or `NSKeyedUnarchiver` (to
/// restore) instead; what it encodes there is kept in the same archive, under ``keyedArchiveKey``.
@MainActor
public final class RestorationCoder {
    /// The key of the archive under which what an app encoded with `NSCoder` is kept.
    public nonisolated static let keyedArchiveKey = "NSKeyedArchive"

    private var storedValues: [String: Data]
    private var archiver: NSKeyedArchiver?
    private var finishedArchive: Data?

    /// The archive: each value as JSON, by key (and what was encoded with `NSCoder`, under ``keyedArchiveKey``).
    public var values: [String: Data] {
        var values = storedValues
        if let archiver {
            if finishedArchive == nil {
                archiver.finishEncoding()
                finishedArchive = archiver.encodedData
            }
            values[Self.keyedArchiveKey] = finishedArchive
        }
        return values
    }

    public init(values: [String: Data] = [:]) {
        self.storedValues = values
    }

    /// The coder handed to `NSCoder` methods that save state.
    var keyedArchiver: NSKeyedArchiver {
        if let archiver { return archiver }
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        self.archiver = archiver
        return archiver
    }

    /// The coder handed to `NSCoder` methods that restore state: what they saved, if they saved anything.
    private(set) lazy var keyedUnarchiver: NSKeyedUnarchiver? = {
        guard let data = storedValues[Self.keyedArchiveKey],
            let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { return nil }
        unarchiver.requiresSecureCoding = false
        return unarchiver
    }()

    public func encode<Value: Encodable>(_ value: Value, forKey key: String) throws {
        storedValues[key] = try JSONEncoder().encode(value)
    }

    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        guard let data = storedValues[key] else { return nil }
        return try JSONDecoder().decode(type, from: data)
    }
}
