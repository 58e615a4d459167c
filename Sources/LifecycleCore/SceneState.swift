/// The activation state of a scene (`UIScene.ActivationState`, docs/lifecycle.md §13).
///
/// The raw value is the name used in traces and scenario files. Suspension belongs to the app's process,
/// not to its scenes: a suspended app's scene stays `background`.
public enum SceneState: String, CaseIterable, Sendable, Hashable, Codable, BitwiseCopyable {
    /// Connected, not yet in the foreground; or disconnected, on its way to being released.
    case unattached
    /// On screen, receiving no events.
    case foregroundInactive
    /// On screen, receiving events.
    case foregroundActive
    /// Off screen.
    case background

    /// What the scenario language and traces call a session with no scene connected (`expect notes#2
    /// disconnected`): not a state of a scene, whose life ends at its disconnection.
    public static let disconnectedName = "disconnected"

    /// Whether the scene is on screen (`foregroundInactive` or `foregroundActive`).
    public var isForeground: Bool { self == .foregroundInactive || self == .foregroundActive }

    /// The app state a scene in this state asks for: the app is as active as its most active scene.
    public var appState: AppState {
        switch self {
        case .foregroundActive: .active
        case .foregroundInactive: .inactive
        case .background, .unattached: .background
        }
    }

    /// SwiftUI's `ScenePhase` of a scene in this state: `active`, `inactive` or `background`.
    public var phase: ScenePhase {
        switch self {
        case .foregroundActive: .active
        case .foregroundInactive: .inactive
        case .background, .unattached: .background
        }
    }
}

/// SwiftUI's `ScenePhase`: what a scene, or an app, is doing, in three words (docs/lifecycle.md §13).
public enum ScenePhase: String, CaseIterable, Sendable, Hashable, Comparable {
    case background, inactive, active

    public static func < (lhs: ScenePhase, rhs: ScenePhase) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The phase of an app whose scenes are in these phases (SwiftUI's `scenePhase` read in the `App`): `active` if
    /// one of them is, else `inactive` if one is in the foreground, else `background` (Apple's `ScenePhase`
    /// documentation).
    public init(aggregating phases: some Sequence<ScenePhase>) {
        self = phases.max() ?? .background
    }
}
