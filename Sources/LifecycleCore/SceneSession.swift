/// A scene session as the system keeps it (`UISceneSession`): it outlives its scene and the app's process,
/// carrying the scene's state restoration activity, until the user or the app discards it.
struct SceneSession: Sendable, Hashable {
    /// The session's number among the app's: `notes#2` is number 2.
    let number: Int32
    let id: SceneID
    let role: SceneRole
    /// The scene connected to the session, while there is one.
    var scene: SceneLifecycle?
    /// Whether `stateRestorationActivityForScene:` returned an activity the last time the scene entered the
    /// background: it is handed back when the scene connects again.
    var hasRestorationActivity = false
    /// Whether `application:configurationForConnectingSceneSession:options:` is to be asked for it: a new
    /// window's session, even after the app's first launch (docs/lifecycle.md §16).
    var needsConfiguration = false

    init(number: Int32, app: AppID, role: SceneRole) {
        self.number = number
        self.id = SceneID(app: app, number: Int(number))
        self.role = role
    }
}
