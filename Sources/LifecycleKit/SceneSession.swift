import LifecycleCore

/// A scene session (`UISceneSession`): what the system keeps of a scene between its connections — across a
/// disconnect and a purge of the process — until the user swipes the app away.
@MainActor
public final class SceneSession: Hashable {
    /// `persistentIdentifier`: the session's id in traces, such as `notes#1`.
    public nonisolated let persistentIdentifier: String
    public let role: SceneConfiguration.Role
    /// The configuration the app delegate chose for it.
    public internal(set) var configuration: SceneConfiguration
    /// The scene connected to the session, while it is.
    public internal(set) weak var scene: Scene?
    /// The activity `stateRestorationActivity(for:)` returned when the scene last entered the background: the
    /// scene gets it back when it connects again (docs/lifecycle.md §13).
    public internal(set) var stateRestorationActivity: UserActivity?
    /// What the app keeps with the session.
    public var userInfo: [String: String] = [:]

    init(id: SceneID, configuration: SceneConfiguration) {
        self.persistentIdentifier = id.rawValue
        self.role = configuration.role
        self.configuration = configuration
    }

    public nonisolated static func == (lhs: SceneSession, rhs: SceneSession) -> Bool {
        lhs.persistentIdentifier == rhs.persistentIdentifier
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(persistentIdentifier)
    }
}
