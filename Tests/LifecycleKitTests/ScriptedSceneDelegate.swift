import Foundation
import LifecycleCore
import LifecycleKit

/// A real scene delegate that behaves as a scenario's `app` line declares (it returns a restoration activity
/// when the app restores state), logging every method into its app delegate's log, so that one log holds an
/// app's whole life in order.
///
/// The system makes scene delegates with `init()`, so the scripted app delegates it logs to are found by app,
/// from the scene's session (`notes#1` belongs to `notes`).
@MainActor
final class ScriptedSceneDelegate: WindowSceneDelegate {
    /// The app delegates of the apps under test, by app.
    static var appDelegates: [AppID: ScriptedDelegate] = [:]

    required init() {}

    private func called(_ callback: Callback, _ scene: Scene) {
        Self.appDelegate(of: scene)?.record(callback.selector)
    }

    static func appDelegate(of scene: Scene) -> ScriptedDelegate? {
        appDelegates[app(of: scene.session)]
    }

    static func app(of session: SceneSession) -> AppID {
        SceneID(rawValue: session.persistentIdentifier).app
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    {
        called(.sceneWillConnect, scene)
    }
    func sceneDidDisconnect(_ scene: Scene) { called(.sceneDidDisconnect, scene) }
    func sceneDidBecomeActive(_ scene: Scene) {
        called(.sceneDidBecomeActive, scene)
        Self.appDelegate(of: scene)?.becameActive()
    }
    func sceneWillResignActive(_ scene: Scene) { called(.sceneWillResignActive, scene) }
    func sceneWillEnterForeground(_ scene: Scene) { called(.sceneWillEnterForeground, scene) }
    func sceneDidEnterBackground(_ scene: Scene) {
        called(.sceneDidEnterBackground, scene)
        if let delegate = Self.appDelegate(of: scene), let application = delegate.application {
            delegate.beginScriptedTask(in: application)
        }
    }
    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        called(.sceneOpenURLContexts, scene)
    }
    func scene(_ scene: Scene, willContinueUserActivityWithType userActivityType: String) {
        called(.sceneWillContinueUserActivity, scene)
    }
    func scene(_ scene: Scene, continue userActivity: UserActivity) { called(.sceneContinueUserActivity, scene) }
    func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem, completionHandler: @escaping (Bool) -> Void
    ) {
        called(.windowScenePerformActionForShortcutItem, windowScene)
        completionHandler(true)
    }
    func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        called(.stateRestorationActivityForScene, scene)
        let restores = Self.appDelegate(of: scene)?.behavior.restoresState ?? false
        return restores ? UserActivity(activityType: "com.example.restore") : nil
    }
}
