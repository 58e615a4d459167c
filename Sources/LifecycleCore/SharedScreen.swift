/// What an iPad's screen shared by several apps remembers beyond which apps are on it (docs/lifecycle.md §16).
///
/// Kept apart from the rest of the phone: on an iPhone all of it stays empty, and with one app in front all but what
/// the windows of an app with several said they handle.
struct SharedScreen: Sendable {
    /// The apps that were on screen beside the first when the device locked, to come back with it on unlock.
    var othersUnderLock: [Int] = []
    /// The apps that were on screen beside the first when a call came, to come back with it when the call ends.
    var othersUnderCall: [Int] = []
    /// The window the user pushed off screen from Slide Over, to come back with `show-slide-over`.
    var hiddenSlideOver: ScreenWindow?
    /// Windows minimized from their window controls (iPadOS 26), to come back with `restore-window`.
    var minimized: [ScreenWindow] = []
    /// The window the user last tapped into, or the last to come on screen beside others: the key window. `nil`
    /// for the first app's front window.
    var keyWindow: ScreenWindow?
    /// What each window's scene last said it handles (`UIScene.activationConditions`), by session: the system keeps
    /// it with the session, so a URL finds its window while the scene is disconnected too (docs/lifecycle.md §16).
    /// Kept here rather than in each session, which a new window copies and scans: a field there made opening 20,000
    /// windows 18% slower.
    private var activationConditions: [SceneID: SceneActivationConditions] = [:]

    /// What the scene of a session said it handles, UIKit's default (every URL, none preferred) until it says.
    func activationConditions(of session: SceneID) -> SceneActivationConditions {
        activationConditions.isEmpty ? .default : activationConditions[session] ?? .default
    }

    /// Keeps what the scene of a session says it handles, and forgets what the app's sessions gone had said.
    mutating func setActivationConditions(
        _ conditions: SceneActivationConditions, of session: SceneID, appSessions: some Sequence<SceneID>
    ) {
        let live = Set(appSessions)
        activationConditions = activationConditions.filter { $0.key.app != session.app || live.contains($0.key) }
        activationConditions[session] = conditions == .default ? nil : conditions
    }
}
