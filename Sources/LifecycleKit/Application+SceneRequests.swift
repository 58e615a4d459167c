import LifecycleCore

/// A request to show a window (iOS 17's `UISceneSessionActivationRequest`): an existing session's, or a new one.
public struct SceneSessionActivationRequest: Sendable {
    /// The session whose window comes forward, or `nil` for a new window.
    public var sessionIdentifier: String?

    /// A new window, of the application role.
    public init() {}

    /// The window of an existing session.
    @MainActor
    public init(session: SceneSession) {
        sessionIdentifier = session.persistentIdentifier
    }
}

/// Why the system did not carry out what the app's code asked for its scenes: the reason the core gave (an iPhone
/// shows one window of an app; the app does not support several; the session is not the app's).
public struct SceneRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

extension Application {
    /// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)`: shows the window of `sceneSession`,
    /// full screen, or a new window when it is `nil` (docs/lifecycle.md §16).
    ///
    /// As in UIKit, the request is carried out after the calling code returns to the run loop; if it is impossible,
    /// `errorHandler` is called with a ``SceneRequestError``.
    public func requestSceneSessionActivation(
        _ sceneSession: SceneSession?, errorHandler: (@MainActor (any Error) -> Void)? = nil
    ) {
        send(.activate(sceneSession.map { SceneID(rawValue: $0.persistentIdentifier) }), errorHandler)
    }

    /// iOS 17's `activateSceneSession(for:errorHandler:)`: ``requestSceneSessionActivation(_:errorHandler:)`` with a
    /// request.
    public func activateSceneSession(
        for request: SceneSessionActivationRequest, errorHandler: (@MainActor (any Error) -> Void)? = nil
    ) {
        send(.activate(request.sessionIdentifier.map(SceneID.init(rawValue:))), errorHandler)
    }

    /// `requestSceneSessionDestruction(_:options:errorHandler:)`: closes the session's window; its scene disconnects
    /// and the app hears that the session is discarded (the app's last window terminates the app, as a swipe).
    public func requestSceneSessionDestruction(
        _ sceneSession: SceneSession, errorHandler: (@MainActor (any Error) -> Void)? = nil
    ) {
        send(.destroy(SceneID(rawValue: sceneSession.persistentIdentifier)), errorHandler)
    }

    private func send(_ request: SceneSessionRequest, _ errorHandler: (@MainActor (any Error) -> Void)?) {
        host.request(request, from: bundleIdentifier) { reason in errorHandler?(SceneRequestError(reason: reason)) }
    }
}
