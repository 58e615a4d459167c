import Foundation
import LifecycleCore

/// The methods the system calls about a scene, with UIKit's Swift names (`UISceneDelegate` and
/// `UIWindowSceneDelegate`; docs/lifecycle.md §13).
///
/// Every method is optional. The system makes one delegate per scene with `init()`, from the class the app
/// delegate's `application(_:configurationForConnecting:options:)` names, or the host's. As with
/// ``ApplicationDelegate``, the method with a completion handler is a requirement in both of its likely
/// spellings — UIKit's plain closure and the `@MainActor @Sendable` one — so whichever an app implements is
/// called.
@MainActor
public protocol WindowSceneDelegate: AnyObject {
    init()
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: Scene)
    func sceneDidBecomeActive(_ scene: Scene)
    func sceneWillResignActive(_ scene: Scene)
    func sceneWillEnterForeground(_ scene: Scene)
    func sceneDidEnterBackground(_ scene: Scene)
    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>)
    func scene(_ scene: Scene, willContinueUserActivityWithType userActivityType: String)
    func scene(_ scene: Scene, continue userActivity: UserActivity)
    func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem, completionHandler: @escaping (Bool) -> Void)
    func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void)
    func stateRestorationActivity(for scene: Scene) -> UserActivity?
}

extension WindowSceneDelegate {
    public func scene(
        _ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions
    ) {}
    public func sceneDidDisconnect(_ scene: Scene) {}
    public func sceneDidBecomeActive(_ scene: Scene) {}
    public func sceneWillResignActive(_ scene: Scene) {}
    public func sceneWillEnterForeground(_ scene: Scene) {}
    public func sceneDidEnterBackground(_ scene: Scene) {}
    public func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        Application.launchItemDropped("url")
    }
    public func scene(_ scene: Scene, willContinueUserActivityWithType userActivityType: String) {}
    public func scene(_ scene: Scene, continue userActivity: UserActivity) { Application.launchItemDropped("activity") }
    public func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem, completionHandler: @escaping (Bool) -> Void
    ) {
        let handler: @MainActor @Sendable (Bool) -> Void = { completionHandler($0) }
        self.windowScene(windowScene, performActionFor: shortcutItem, completionHandler: handler)
    }
    public func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem,
        completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
    ) { completionHandler(true) }
    public func stateRestorationActivity(for scene: Scene) -> UserActivity? { nil }
}

/// The scene delegate protocol's name before it was renamed: it clashed with the class Xcode's template calls
/// `SceneDelegate`.
@available(*, deprecated, renamed: "WindowSceneDelegate")
public typealias SceneDelegate = WindowSceneDelegate
