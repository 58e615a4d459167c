import Foundation
import LifecycleCore

/// A scene of the app, one piece of its visible UI (`UIScene` and `UIWindowScene`), with a life cycle of its
/// own told to its ``WindowSceneDelegate`` (docs/lifecycle.md §13).
@MainActor
public final class Scene: Hashable {
    /// `UIScene.ActivationState`.
    public typealias ActivationState = SceneState

    /// What a scene is given as it connects (`UIScene.ConnectionOptions`): the URL, activity or quick action
    /// that brought it forward. For a scene-based app they arrive here, not through
    /// `scene(_:openURLContexts:)` and its kin.
    ///
    /// The system keeps count of which of them the app's code reads (``launchItemLedger``), so that an explorer can
    /// tell one dropped (docs/lifecycle.md §19).
    public struct ConnectionOptions: Sendable {
        private var storedURLContexts: Set<OpenURLContext>
        private var storedUserActivities: Set<UserActivity>
        private var storedShortcutItem: ShortcutItem?
        public var sourceApplication: String?
        /// The response to the notification whose tap launched the scene (docs/lifecycle.md §18); the
        /// notification delegate hears it too, once the scene is in the foreground.
        public var notificationResponse: UNNotificationResponse?
        /// What counts the app's reads of the URL, activities and quick action; `nil` for options a test made.
        public let launchItemLedger: LaunchItemLedger?

        public var urlContexts: Set<OpenURLContext> {
            get {
                launchItemLedger?.markRead("url")
                return storedURLContexts
            }
            set { storedURLContexts = newValue }
        }

        /// The URLs, seen by the system's side (SwiftUI choosing a window) without counting as read by the app.
        package var urlsUnread: [URL] { storedURLContexts.map(\.url) }

        /// The activities' target content identifiers, seen by the system's side without counting as read.
        @MainActor package var activityTargetsUnread: [String] {
            storedUserActivities.compactMap { $0.targetContentIdentifier }
        }

        public var userActivities: Set<UserActivity> {
            get {
                launchItemLedger?.markRead("activity")
                return storedUserActivities
            }
            set { storedUserActivities = newValue }
        }

        public var shortcutItem: ShortcutItem? {
            get {
                launchItemLedger?.markRead("shortcut")
                return storedShortcutItem
            }
            set { storedShortcutItem = newValue }
        }

        public init(
            urlContexts: Set<OpenURLContext> = [], userActivities: Set<UserActivity> = [],
            shortcutItem: ShortcutItem? = nil, sourceApplication: String? = nil,
            notificationResponse: UNNotificationResponse? = nil
        ) {
            self.init(
                urlContexts: urlContexts, userActivities: userActivities, shortcutItem: shortcutItem,
                sourceApplication: sourceApplication, notificationResponse: notificationResponse, ledger: nil)
        }

        init(
            urlContexts: Set<OpenURLContext>, userActivities: Set<UserActivity>, shortcutItem: ShortcutItem?,
            sourceApplication: String?, notificationResponse: UNNotificationResponse?, ledger: LaunchItemLedger?
        ) {
            self.storedURLContexts = urlContexts
            self.storedUserActivities = userActivities
            self.storedShortcutItem = shortcutItem
            self.sourceApplication = sourceApplication
            self.notificationResponse = notificationResponse
            self.launchItemLedger = ledger
        }
    }

    public let session: SceneSession
    /// The scene's delegate; the scene keeps it alive, as UIKit does.
    public var delegate: (any WindowSceneDelegate)?
    /// The scene's state, as UIKit reports it inside each of its delegate's methods.
    public internal(set) var activationState: ActivationState = .unattached
    public var title: String?
    private let phases = Broadcast<ScenePhase>()
    /// The host that tells which window has the user's focus.
    weak var host: (any ApplicationHost)?

    /// Whether the scene is drawn as the one with the user's focus (`UITraitCollection.activeAppearance`).
    public enum ActiveAppearance: Sendable, Hashable {
        /// Not in the foreground.
        case unspecified
        /// In the foreground, with the key window: the window the user last tapped into.
        case active
        /// In the foreground beside the key window (another window, or another app's, on an iPad's screen).
        case inactive
    }

    /// The scene's active appearance (docs/lifecycle.md §16): `active` for the window the user last tapped into,
    /// `inactive` for the other windows on screen. Focus is not the life cycle: an `inactive` appearance goes with
    /// a `foregroundActive` state, and moving the focus calls no delegate method.
    public var activeAppearance: ActiveAppearance {
        guard activationState == .foregroundActive || activationState == .foregroundInactive else {
            return .unspecified
        }
        guard let key = host?.keyWindow else { return .active }
        return key.rawValue == session.persistentIdentifier ? .active : .inactive
    }

    /// What the scene handles (`UIScene.activationConditions`; SwiftUI's `handlesExternalEvents(preferring:allowing:)`
    /// sets it): the system keeps it with the session and sends a URL by it to one of the app's windows on an iPad,
    /// or to a new one when no window's scene takes it (docs/lifecycle.md §16). A change goes to the system after the
    /// calling code returns, as the app's other requests for its scenes do.
    public var activationConditions = SceneActivationConditions.default {
        didSet {
            guard activationConditions != oldValue, let host else { return }
            let id = SceneID(rawValue: session.persistentIdentifier)
            // Refused only for an external display's scene, which no URL goes to.
            host.request(.setActivationConditions(id, activationConditions), from: id.app) { _ in }
        }
    }

    init(session: SceneSession, delegate: (any WindowSceneDelegate)?) {
        self.session = session
        self.delegate = delegate
    }

    /// SwiftUI's `scenePhase` of this scene: `active`, `inactive` or `background`.
    public var phase: ScenePhase { activationState.phase }

    /// Calls `action` with the scene's new phase each time it changes, right after the scene-delegate method of
    /// the step that changed it (SwiftUI's `onChange(of: scenePhase)`).
    public func onPhaseChange(_ action: @escaping @MainActor (ScenePhase) -> Void) {
        phases.onChange(action)
    }

    /// The scene's phases as they change, for `for await` loops.
    public var phaseChanges: AsyncStream<ScenePhase> { phases.values }

    func reportPhase() { phases.send(phase) }

    public nonisolated static func == (lhs: Scene, rhs: Scene) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Scene {
    /// The `Notification.Name` of a `UIScene` notification.
    public nonisolated static func name(of notification: UIKitNotification) -> Notification.Name {
        Notification.Name(notification.name)
    }

    public nonisolated static let willConnectNotification = name(of: .sceneWillConnect)
    public nonisolated static let didDisconnectNotification = name(of: .sceneDidDisconnect)
    public nonisolated static let didActivateNotification = name(of: .sceneDidActivate)
    public nonisolated static let willDeactivateNotification = name(of: .sceneWillDeactivate)
    public nonisolated static let willEnterForegroundNotification = name(of: .sceneWillEnterForeground)
    public nonisolated static let didEnterBackgroundNotification = name(of: .sceneDidEnterBackground)
}
