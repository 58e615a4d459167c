/// What a callback is called with, beyond the application: launch options, or the delivered item.
///
/// Indirect: the options are several strings, and every ``Action`` that may carry a detail would otherwise be as
/// large as they are, and copied as such, on every step of a host (most calls have no detail).
public indirect enum CallbackDetail: Sendable, Hashable, Codable {
    /// The `launchOptions` of a launch method.
    case launchOptions(LaunchOptions)
    /// The URL, quick-action type or activity type of an event delivery; the session of
    /// `application:configurationForConnectingSceneSession:options:`; the sessions of
    /// `application:didDiscardSceneSessions:`, separated by spaces.
    case argument(String)
    /// The options of `scene:willConnectToSession:options:`.
    case connectionOptions(ConnectionOptions)
}
