import Foundation
import LifecycleKit

/// SwiftUI's own scene delegate: it shows the scene's `WindowGroup` content, gives the scene's launch items to the
/// views' `onOpenURL` and `onContinueUserActivity`, keeps the views' `@SceneStorage` with the session, and calls the
/// scene delegate the app's delegate named, if any, for every method.
@MainActor
final class SwiftUISceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    /// The scene delegate the app's own configuration named.
    private var own: (any UISceneDelegate)?
    private weak var runtime: SwiftUIRuntime?

    required init() { super.init() }

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let swiftUI = SwiftUIApplicationDelegate.current else { return }
        runtime = swiftUI.runtime
        if let ownClass = swiftUI.sceneDelegateClass(for: session) {
            own = ownClass.init() as? any UISceneDelegate
            own?.scene(scene, willConnectTo: session, options: connectionOptions)
        }
        swiftUI.runtime.connect(scene, options: connectionOptions)
    }

    func sceneDidDisconnect(_ scene: UIScene) {
        own?.sceneDidDisconnect(scene)
        runtime?.disconnect(scene)
    }
    func sceneDidBecomeActive(_ scene: UIScene) { own?.sceneDidBecomeActive(scene) }
    func sceneWillResignActive(_ scene: UIScene) { own?.sceneWillResignActive(scene) }
    func sceneWillEnterForeground(_ scene: UIScene) {
        own?.sceneWillEnterForeground(scene)
        runtime?.host(of: scene)?.appear(phase: .inactive)
    }
    func sceneDidEnterBackground(_ scene: UIScene) { own?.sceneDidEnterBackground(scene) }

    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        // The views read the links (or SwiftUI says they dropped them): the app's own delegate need not.
        Application.current?.readingItemsElsewhere { own?.scene(scene, openURLContexts: urlContexts) }
        guard let host = runtime?.host(of: scene) else { return }
        for context in urlContexts { host.open(context.url) }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        Application.current?.readingItemsElsewhere { own?.scene(scene, continue: userActivity) }
        runtime?.host(of: scene)?.continueActivity(userActivity)
    }

    func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        guard let own = own as? any UIWindowSceneDelegate else { return completionHandler(false) }
        own.windowScene(windowScene, performActionFor: shortcutItem, completionHandler: completionHandler)
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        let ownActivity = own?.stateRestorationActivity(for: scene)
        guard let storage = runtime?.host(of: scene)?.restorationActivity else { return ownActivity }
        guard let ownActivity else { return storage }
        ownActivity.addUserInfoEntries(from: storage.userInfo ?? [:])
        return ownActivity
    }
}
