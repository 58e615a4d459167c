/// What a new scene session is made of (`UISceneConfiguration`): its name, role, and the class of its scene
/// delegate. `application(_:configurationForConnecting:options:)` returns one; without a `delegateClass`, the
/// host's scene delegate class is used, as UIKit uses the one named in the Info.plist's scene manifest.
public struct SceneConfiguration {
    /// `UISceneSession.Role`.
    public enum Role: String, Sendable, Hashable {
        case windowApplication = "UIWindowSceneSessionRoleApplication"
        /// What the app shows on an external display; it takes no touches (docs/lifecycle.md §16).
        case windowExternalDisplayNonInteractive = "UIWindowSceneSessionRoleExternalDisplayNonInteractive"
        /// The external display's role before iOS 16.
        case windowExternalDisplay = "UIWindowSceneSessionRoleExternalDisplay"
    }

    public var name: String?
    public var role: Role
    public var delegateClass: (any WindowSceneDelegate.Type)?

    public init(name: String?, sessionRole: Role, delegateClass: (any WindowSceneDelegate.Type)? = nil) {
        self.name = name
        self.role = sessionRole
        self.delegateClass = delegateClass
    }
}
