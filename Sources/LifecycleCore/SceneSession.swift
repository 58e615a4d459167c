/// A scene session as the system keeps it (`UISceneSession`): it outlives its scene and the app's process,
/// carrying the scene's state restoration activity, until the user swipes the app away.
struct SceneSession: Sendable, Hashable {
    let id: SceneID
    /// Whether `stateRestorationActivityForScene:` returned an activity the last time the scene entered the
    /// background: it is handed back when the scene connects again.
    var hasRestorationActivity = false
}
