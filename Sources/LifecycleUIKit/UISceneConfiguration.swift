import LifecycleKit

/// What a new scene session is made of (`UISceneConfiguration`): its name, role, and the class of its scene
/// delegate, which otherwise is the one the Info.plist's scene manifest names.
@MainActor
public final class UISceneConfiguration {
    public let name: String?
    public let role: UISceneSession.Role
    /// The class of the scene delegate made for each scene of the session: a `UIResponder` that is a
    /// `UISceneDelegate`.
    public var delegateClass: AnyClass?
    /// The class of the scene made for the session (`UIWindowScene` unless the app subclasses it): kept, and the
    /// scene made is always the Kit's `UIWindowScene`.
    public var sceneClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }

    /// The configuration as LifecycleKit keeps it (its delegate class is the UIKit bridge's).
    var kitConfiguration: SceneConfiguration {
        SceneConfiguration(name: name, sessionRole: role)
    }
}
