import Foundation

/// A home-screen quick action (`UIApplicationShortcutItem`).
public struct ShortcutItem: Sendable, Hashable {
    public var type: String
    public init(type: String) { self.type = type }
}

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
