/// The identifier of a scene session: the app's id, `#`, and the number of the session, such as `notes#1`.
///
/// A session outlives the process (a purge, a disconnect) until the user swipes the app away; the app's next
/// session then has the next number.
public struct SceneID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The session `number` of `app`.
    public init(app: AppID, number: Int) { self.rawValue = "\(app.rawValue)#\(number)" }

    public var description: String { rawValue }

    /// The app whose session this is: the id before the `#` (``init(app:number:)``'s inverse), known even once the
    /// session is gone.
    public var app: AppID { AppID(String(rawValue.prefix { $0 != "#" })) }

    public static func < (lhs: SceneID, rhs: SceneID) -> Bool { lhs.rawValue < rhs.rawValue }
}
