/// What an app's own code asks of the system for its scenes (docs/lifecycle.md §16):
/// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)` (iOS 17:
/// `activateSceneSession(for:errorHandler:)`) and `requestSceneSessionDestruction(_:options:errorHandler:)`, and
/// what a scene says it handles (`UIScene.activationConditions`).
///
/// A host carries it into the core as the user action that does the same (``Phone/perform(_:from:)``), so an app's
/// request and a user's gesture follow one rule.
public enum SceneSessionRequest: Sendable, Hashable, Codable {
    /// Show a window: a new one (`nil`: a new session), or the window of an existing session, full screen.
    case activate(SceneID?)
    /// Close a window: its scene disconnects and its session is discarded.
    case destroy(SceneID)
    /// Keep what the session's scene handles, by which the system chooses the window for a URL (SwiftUI's
    /// `handlesExternalEvents(preferring:allowing:)` sets it).
    case setActivationConditions(SceneID, SceneActivationConditions)
}
