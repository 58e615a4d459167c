import LifecycleKit

/// The UIKit object of each LifecycleKit object, made once and kept as long as what it stands for: an
/// application for the process's life, a session until it is discarded, a scene while it is connected. It holds
/// no rule and no state of the lifecycle: LifecycleKit's objects answer every question.
@MainActor
enum UIKitBridge {
    private static var sessions: [String: UISceneSession] = [:]

    /// The `UIApplication` of an application.
    ///
    /// Kept with the application itself: tests side by side may each have an app of the same identifier.
    static func application(for application: Application) -> UIApplication {
        if let known = application.counterpart as? UIApplication { return known }
        let made = UIApplication(application)
        application.counterpart = made
        return made
    }

    /// The center the code of the application's current process observes as `NotificationCenter.default`: made
    /// when first asked for, and kept with the process (docs/lifecycle.md §19). A real process has one.
    static func notificationCenter(for application: Application) -> NotificationCenter {
        if let known = application.processNotificationCenter as? NotificationCenter { return known }
        let made = application.host.simulatesProcesses ? NotificationCenter() : NotificationCenter.outsideAnyApp
        application.processNotificationCenter = made
        return made
    }

    /// The `UISceneSession` of a session.
    static func session(for session: SceneSession) -> UISceneSession {
        if let known = sessions[session.persistentIdentifier], known.kitSession === session { return known }
        let made = UISceneSession(session)
        sessions[session.persistentIdentifier] = made
        return made
    }

    /// Forgets a discarded session.
    static func forget(_ session: SceneSession) {
        if sessions[session.persistentIdentifier]?.kitSession === session {
            sessions[session.persistentIdentifier] = nil
        }
    }

    /// The `UIWindowScene` of a scene, kept with its session while the scene is connected.
    static func scene(for scene: Scene) -> UIWindowScene {
        let session = session(for: scene.session)
        if let known = session.connectedScene, known.kitScene === scene { return known }
        let made = UIWindowScene(scene)
        session.connectedScene = made
        return made
    }

    /// Forgets a scene that disconnected.
    static func forget(_ scene: Scene) {
        let session = session(for: scene.session)
        if session.connectedScene?.kitScene === scene { session.connectedScene = nil }
    }
}
