import Foundation
import LifecycleKit

/// The methods the system calls about a scene (`UISceneDelegate`), with UIKit's exact signatures. Every method is
/// optional. The system makes one delegate per scene, of the class the scene's configuration names, or the
/// Info.plist's scene manifest (`UISceneDelegateClassName`).
@MainActor
public protocol UISceneDelegate: AnyObject {
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>)
    func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String)
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity)
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity?
}

extension UISceneDelegate {
    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        Application.launchItemDropped("url")
    }
    public func scene(_ scene: UIScene, willContinueUserActivityWithType userActivityType: String) {}
    public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        Application.launchItemDropped("activity")
    }
    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? { nil }
}

/// The methods the system calls about a window scene (`UIWindowSceneDelegate`): the window the delegate holds, and
/// the quick action that brings the scene forward.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
    func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void)
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) { completionHandler(true) }
}
