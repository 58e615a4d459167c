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

/// Encodes and decodes an app's restorable state: `Codable` values by key, in place of `NSCoder`.
@MainActor
public final class RestorationCoder {
    /// The archive: each value as JSON, by key.
    public private(set) var values: [String: Data]

    public init(values: [String: Data] = [:]) {
        self.values = values
    }

    public func encode<Value: Encodable>(_ value: Value, forKey key: String) throws {
        values[key] = try JSONEncoder().encode(value)
    }

    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) throws -> Value? {
        guard let data = values[key] else { return nil }
        return try JSONDecoder().decode(type, from: data)
    }
}
