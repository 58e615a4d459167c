/// How many of an app's connected scenes give it each state (docs/lifecycle.md §13): what its state from its scenes
/// is read from, kept up to date as scenes connect, change and go.
struct SceneStateCounts: Sendable, Hashable {
    private var active = 0
    private var inactive = 0

    /// Counts a scene in `state` (`nil`: no scene connected, not counted) once more, or once less for `-1`.
    mutating func count(_ state: SceneState?, by change: Int) {
        switch state?.appState {
        case .active: active += change
        case .inactive: inactive += change
        default: break
        }
    }

    /// The most active state of the scenes counted, `background` when none is active or inactive: as
    /// ``SceneLifecycle/appState(of:)`` works it out from the scenes' states.
    var appState: AppState {
        active > 0 ? .active : inactive > 0 ? .inactive : .background
    }
}
