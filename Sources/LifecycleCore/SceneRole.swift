/// What a scene session is for (`UISceneSession.Role`): an app's window, or its content on an external display
/// (docs/lifecycle.md §16).
public enum SceneRole: String, Sendable, Hashable, CaseIterable {
    /// `UIWindowSceneSessionRoleApplication`: a window the user interacts with.
    case window
    /// `UIWindowSceneSessionRoleExternalDisplayNonInteractive` (`…ExternalDisplay` before iOS 16): what the app
    /// shows on an external display. It takes no touches, so it never becomes active.
    case externalDisplay

    /// UIKit's name of the role under a profile.
    public func uiKitName(under profile: Profile) -> String {
        switch self {
        case .window: "UIWindowSceneSessionRoleApplication"
        case .externalDisplay:
            profile >= .ios16
                ? "UIWindowSceneSessionRoleExternalDisplayNonInteractive" : "UIWindowSceneSessionRoleExternalDisplay"
        }
    }
}
