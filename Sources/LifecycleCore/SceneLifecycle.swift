/// The state machine of one scene: its `UIScene.ActivationState` and the only transitions docs/lifecycle.md
/// §13 allows, with the scene-delegate callback of each edge.
///
/// This is the single transition table of scenes, as ``AppLifecycle`` is of apps: the system changes a
/// scene's state only through it, and the diagram, the log checker and the property tests read ``edges``.
/// Connecting a scene creates it `unattached` (with `scene:willConnectToSession:options:`); a scene
/// released after `sceneDidDisconnect:`, or with its process, simply ends.
public struct SceneLifecycle: Sendable, Hashable {
    /// Something that moves a scene from one state to another.
    public enum Event: CaseIterable, Sendable, Hashable {
        /// unattached or background → foregroundInactive, with `sceneWillEnterForeground:`.
        case enterForeground
        /// foregroundInactive → foregroundActive, with `sceneDidBecomeActive:`.
        case becomeActive
        /// foregroundActive → foregroundInactive, with `sceneWillResignActive:`.
        case resignActive
        /// foregroundInactive → background, with `sceneDidEnterBackground:`.
        case enterBackground
        /// background or foregroundInactive → unattached, with `sceneDidDisconnect:`: the system reclaims a
        /// background scene (its session stays), or the user swipes a running app away (its session goes).
        case disconnect

        /// The app-level event this scene event amounts to when the scene is the app's only one.
        public var appEvent: AppLifecycle.Event? {
            switch self {
            case .enterForeground: .enterForeground
            case .becomeActive: .becomeActive
            case .resignActive: .resignActive
            case .enterBackground: .enterBackground
            case .disconnect: nil
            }
        }
    }

    /// A legal edge of the scene state diagram.
    public struct Edge: Sendable, Hashable {
        public let event: Event
        public let from: SceneState
        public let to: SceneState
        /// The scene-delegate callback that accompanies the edge.
        public let callback: Callback
    }

    public private(set) var state: SceneState

    /// A scene just connected: `unattached`.
    public init(state: SceneState = .unattached) {
        self.state = state
    }

    /// Applies an event; returns the state before and after, or `nil` (changing nothing) when it is illegal.
    public mutating func handle(_ event: Event) -> (from: SceneState, to: SceneState)? {
        guard let to = Self.target(of: event, from: state) else { return nil }
        defer { state = to }
        return (state, to)
    }

    /// The state an event leads to from `state`, or `nil` when the event is illegal there.
    public static func target(of event: Event, from state: SceneState) -> SceneState? {
        switch (event, state) {
        case (.enterForeground, .unattached), (.enterForeground, .background): .foregroundInactive
        case (.becomeActive, .foregroundInactive): .foregroundActive
        case (.resignActive, .foregroundActive): .foregroundInactive
        case (.enterBackground, .foregroundInactive): .background
        case (.disconnect, .background), (.disconnect, .foregroundInactive): .unattached
        default: nil
        }
    }

    /// The scene-delegate callback of an event.
    public static func callback(for event: Event) -> Callback {
        switch event {
        case .enterForeground: .sceneWillEnterForeground
        case .becomeActive: .sceneDidBecomeActive
        case .resignActive: .sceneWillResignActive
        case .enterBackground: .sceneDidEnterBackground
        case .disconnect: .sceneDidDisconnect
        }
    }

    /// Whether the callback comes before the transition (`will…`) rather than after it (`did…`), as UIKit
    /// reports the state inside it.
    public static func callbackPrecedesTransition(_ event: Event) -> Bool {
        event == .enterForeground || event == .resignActive
    }

    /// Every legal edge, in a stable order.
    public static let edges: [Edge] = Event.allCases.flatMap { event in
        SceneState.allCases.compactMap { from in
            target(of: event, from: from).map { Edge(event: event, from: from, to: $0, callback: callback(for: event)) }
        }
    }

    /// The state of an app whose process runs, from the states of its connected scenes: the most active of
    /// them, and `background` when it has none (docs/lifecycle.md §13).
    public static func appState(of scenes: some Sequence<SceneState>) -> AppState {
        scenes.map(\.appState).max { rank($0) < rank($1) } ?? .background
    }

    private static func rank(_ state: AppState) -> Int {
        switch state {
        case .active: 2
        case .inactive: 1
        default: 0
        }
    }
}
