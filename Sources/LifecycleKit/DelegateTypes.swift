import Foundation

/// A home-screen quick action (`UIApplicationShortcutItem`).
public struct ShortcutItem: Sendable, Hashable {
    public var type: String
    public init(type: String) { self.type = type }
}

/// A Handoff or universal-link activity (`NSUserActivity`).
public struct UserActivity: Sendable, Hashable {
    public var activityType: String
    public init(activityType: String) { self.activityType = activityType }
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
