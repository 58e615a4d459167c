/// What a scene tells the system it handles (UIKit's `UISceneActivationConditions`, which SwiftUI's
/// `handlesExternalEvents(preferring:allowing:)` sets): the events it prefers and those it can take, each a set of
/// strings matched against the event's target: a URL's text, an activity's target content identifier
/// (docs/lifecycle.md §16).
///
/// A string matches when the target contains it, letter case aside; `*` matches every target and an empty string
/// none. A scene that never set its conditions can take every event and prefers none (UIKit's default), so a URL
/// goes to the system's choice of window until some scene says otherwise.
public struct SceneActivationConditions: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The strings of the events the scene prefers to handle, sorted.
    public let preferring: [String]
    /// The strings of the events the scene can handle, sorted.
    public let allowing: [String]

    public init(preferring: Set<String>, allowing: Set<String>) {
        self.preferring = preferring.sorted()
        self.allowing = allowing.sorted()
    }

    /// A scene's conditions until it sets its own: it can take every event, and prefers none.
    public static let `default` = SceneActivationConditions(preferring: [], allowing: ["*"])

    /// Whether the scene prefers an event with this target over the others.
    public func prefers(_ target: String) -> Bool { Self.matches(preferring, target) }

    /// Whether the scene can take an event with this target.
    public func allows(_ target: String) -> Bool { Self.matches(allowing, target) }

    /// Whether one of `strings` matches `target`: `*`, or a string the target contains, letter case aside (as
    /// SwiftUI compares them); an empty string never matches. SwiftUI's scene modifier
    /// `handlesExternalEvents(matching:)` compares the same way.
    public static func matches(_ strings: some Sequence<String>, _ target: String) -> Bool {
        let lowered = target.lowercased()
        return strings.contains { string in
            string == "*" || (!string.isEmpty && lowered.contains(string.lowercased()))
        }
    }

    /// The conditions as traces write them: "accepts no URL", or the strings each set holds.
    public var description: String {
        if preferring.isEmpty, allowing.isEmpty { return "accepts no URL" }
        let preferred = preferring.isEmpty ? "prefers none" : "prefers [\(preferring.joined(separator: ", "))]"
        return "\(preferred), accepts [\(allowing.joined(separator: ", "))]"
    }
}
