import Foundation
import LifecycleKit

/// A scene of the app (`UIScene`): one piece of its UI with a life cycle of its own, told to its delegate
/// (docs/lifecycle.md §13). Every scene the model makes is a ``UIWindowScene``; one object per scene while it is
/// connected.
@MainActor
open class UIScene: Hashable {
    /// `UIScene.ActivationState`: `.unattached`, `.foregroundActive`, `.foregroundInactive`, `.background`.
    public typealias ActivationState = Scene.ActivationState

    /// What a scene is given as it connects (`UIScene.ConnectionOptions`): the URL, activities, quick action or
    /// notification response that brought it forward.
    public struct ConnectionOptions {
        /// LifecycleKit's options, read through: the system counts which of them the app's code reads.
        private let options: Scene.ConnectionOptions

        public var urlContexts: Set<UIOpenURLContext> { options.urlContexts }
        public var userActivities: Set<NSUserActivity> { options.userActivities }
        public var shortcutItem: UIApplicationShortcutItem? { options.shortcutItem }
        public var sourceApplication: String? { options.sourceApplication }
        public var notificationResponse: UNNotificationResponse? { options.notificationResponse }
        /// The URL, seen by SwiftUI choosing a window for it, without counting as read by the app's code.
        package var peekedURL: URL? { options.urlsUnread.first }
        /// What SwiftUI matches its groups' `handlesExternalEvents(matching:)` against, unread by the app's code: the
        /// URL's text, or the activity's target content identifier.
        @MainActor package var peekedTarget: String? {
            if let url = options.urlsUnread.first { return url.absoluteString }
            return options.activityTargetsUnread.first
        }

        init(_ options: Scene.ConnectionOptions) {
            self.options = options
        }
    }

    /// The scene of LifecycleKit this one stands for.
    public let kitScene: Scene
    /// The scene's delegate; the scene keeps it alive, as UIKit does.
    public var delegate: (any UISceneDelegate)?

    init(_ scene: Scene) {
        self.kitScene = scene
    }

    public var session: UISceneSession { UIKitBridge.session(for: kitScene.session) }
    public var activationState: ActivationState { kitScene.activationState }
    public var title: String? {
        get { kitScene.title }
        set { kitScene.title = newValue }
    }

    public nonisolated static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIScene {
    public nonisolated static let willConnectNotification = Scene.willConnectNotification
    public nonisolated static let didDisconnectNotification = Scene.didDisconnectNotification
    public nonisolated static let didActivateNotification = Scene.didActivateNotification
    public nonisolated static let willDeactivateNotification = Scene.willDeactivateNotification
    public nonisolated static let willEnterForegroundNotification = Scene.willEnterForegroundNotification
    public nonisolated static let didEnterBackgroundNotification = Scene.didEnterBackgroundNotification
}

/// A scene that shows windows (`UIWindowScene`): every scene of the model, an external display's included.
@MainActor
public final class UIWindowScene: UIScene {
    /// The windows made on the scene with `UIWindow(windowScene:)`.
    public internal(set) var windows: [UIWindow] = []

    /// The scene's traits: here, whether it has the user's focus (docs/lifecycle.md §16).
    public var traitCollection: UITraitCollection {
        UITraitCollection(activeAppearance: kitScene.activeAppearance)
    }
}

/// `UIUserInterfaceActiveAppearance`: `.active` for the window the user last tapped into, `.inactive` for the other
/// windows on screen beside it, `.unspecified` for a scene not in the foreground.
public typealias UIUserInterfaceActiveAppearance = Scene.ActiveAppearance

/// The traits of a scene (`UITraitCollection`) the model knows: its active appearance. Focus is not the life cycle: a
/// scene drawn `.inactive` is still `foregroundActive`.
public struct UITraitCollection: Sendable, Hashable {
    public var activeAppearance: UIUserInterfaceActiveAppearance
}
