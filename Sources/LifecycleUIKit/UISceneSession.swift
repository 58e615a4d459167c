import LifecycleKit

/// A scene session (`UISceneSession`): what the system keeps of a scene between its connections, until the user
/// or the app discards it. One object per session for the app's whole life, as in UIKit.
@MainActor
public final class UISceneSession: Hashable {
    /// `UISceneSession.Role`: `.windowApplication`, `.windowExternalDisplayNonInteractive`, `.windowExternalDisplay`.
    public typealias Role = SceneConfiguration.Role

    /// The session of LifecycleKit this one stands for.
    public let kitSession: SceneSession
    /// The configuration the app delegate chose, as it chose it (its delegate class included).
    var chosenConfiguration: UISceneConfiguration?
    /// The UIKit object of the scene connected to the session, while it is.
    var connectedScene: UIWindowScene?

    init(_ session: SceneSession) {
        self.kitSession = session
    }

    /// `persistentIdentifier`: the session's id, such as `notes#1`.
    public nonisolated var persistentIdentifier: String { kitSession.persistentIdentifier }
    public var role: Role { kitSession.role }
    /// The configuration the session was made with.
    public var configuration: UISceneConfiguration {
        chosenConfiguration
            ?? UISceneConfiguration(name: kitSession.configuration.name, sessionRole: kitSession.configuration.role)
    }
    /// The scene connected to the session, while it is.
    public var scene: UIScene? { kitSession.scene.map(UIKitBridge.scene(for:)) }
    /// The activity the scene's delegate returned when it last entered the background.
    public var stateRestorationActivity: NSUserActivity? { kitSession.stateRestorationActivity }
    /// What the app keeps with the session.
    public var userInfo: [String: String] {
        get { kitSession.userInfo }
        set { kitSession.userInfo = newValue }
    }

    public nonisolated static func == (lhs: UISceneSession, rhs: UISceneSession) -> Bool {
        lhs.persistentIdentifier == rhs.persistentIdentifier
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(persistentIdentifier)
    }
}
