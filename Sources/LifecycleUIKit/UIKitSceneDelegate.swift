import LifecycleKit

/// A scene delegate written with UIKit's names, as LifecycleKit calls it: LifecycleKit makes one per scene, and it
/// makes the app's `UISceneDelegate` — of the class the scene's configuration names, or else the app's (its
/// Info.plist's `UISceneDelegateClassName`) — and calls its methods with UIKit's types.
@MainActor
public final class UIKitSceneDelegate: WindowSceneDelegate {
    /// The class of the scene delegate of each app whose configurations name none, by app.
    static var defaultClasses: [AppID: NSObject.Type] = [:]

    /// The scene delegate as the app wrote it, once its scene has connected.
    public private(set) var delegate: (any UISceneDelegate)?

    public required init() {}

    public func scene(
        _ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions
    ) {
        let uiScene = UIKitBridge.scene(for: scene)
        let uiSession = UIKitBridge.session(for: session)
        let app = Application.current?.bundleIdentifier
        let delegateClass =
            (uiSession.chosenConfiguration?.delegateClass as? NSObject.Type)
            ?? app.flatMap { Self.defaultClasses[$0] }
        guard let made = delegateClass?.init() as? any UISceneDelegate else { return }
        delegate = made
        uiScene.delegate = made
        made.scene(uiScene, willConnectTo: uiSession, options: UIScene.ConnectionOptions(connectionOptions))
    }
    public func sceneDidDisconnect(_ scene: Scene) {
        delegate?.sceneDidDisconnect(UIKitBridge.scene(for: scene))
        UIKitBridge.forget(scene)
    }
    public func sceneDidBecomeActive(_ scene: Scene) { delegate?.sceneDidBecomeActive(UIKitBridge.scene(for: scene)) }
    public func sceneWillResignActive(_ scene: Scene) {
        delegate?.sceneWillResignActive(UIKitBridge.scene(for: scene))
    }
    public func sceneWillEnterForeground(_ scene: Scene) {
        delegate?.sceneWillEnterForeground(UIKitBridge.scene(for: scene))
    }
    public func sceneDidEnterBackground(_ scene: Scene) {
        delegate?.sceneDidEnterBackground(UIKitBridge.scene(for: scene))
    }
    public func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        delegate?.scene(UIKitBridge.scene(for: scene), openURLContexts: urlContexts)
    }
    public func scene(_ scene: Scene, willContinueUserActivityWithType userActivityType: String) {
        delegate?.scene(UIKitBridge.scene(for: scene), willContinueUserActivityWithType: userActivityType)
    }
    public func scene(_ scene: Scene, continue userActivity: UserActivity) {
        delegate?.scene(UIKitBridge.scene(for: scene), continue: userActivity)
    }
    public func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem, completionHandler: @escaping (Bool) -> Void
    ) {
        guard let windowDelegate = delegate as? any UIWindowSceneDelegate else { return completionHandler(true) }
        windowDelegate.windowScene(
            UIKitBridge.scene(for: windowScene), performActionFor: shortcutItem, completionHandler: completionHandler)
    }
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? {
        delegate?.stateRestorationActivity(for: UIKitBridge.scene(for: scene))
    }
}
