// The scene-based twin of LonelyShadow's logging delegate: what an app made from Xcode's template since iOS 13
// logs. `import UIKit` became `import LifecycleKit`, `UIResponder, UIWindowSceneDelegate` became
// `WindowSceneDelegate`, `UIScene` and `UIWindowScene` became `Scene`. Beside the delegate, a SwiftUI-style
// `scenePhase` observer logs each phase as it changes.
import Foundation
import LifecycleKit

@MainActor
public final class LoggingSceneDelegate: WindowSceneDelegate {
    /// Where the log lines go: NSLog, unless a test collects them.
    public static var log: (String) -> Void = { NSLog("%@", $0) }

    public required init() {}

    public func scene(
        _ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions
    ) {
        Self.log("scene(_:willConnectTo:options:)")
        scene.onPhaseChange { phase in Self.log("scenePhase: \(phase)") }
    }

    public func sceneDidDisconnect(_ scene: Scene) {
        Self.log("sceneDidDisconnect(_:)")
    }

    public func sceneDidBecomeActive(_ scene: Scene) {
        Self.log("sceneDidBecomeActive(_:)")
    }

    public func sceneWillResignActive(_ scene: Scene) {
        Self.log("sceneWillResignActive(_:)")
    }

    public func sceneWillEnterForeground(_ scene: Scene) {
        Self.log("sceneWillEnterForeground(_:)")
    }

    public func sceneDidEnterBackground(_ scene: Scene) {
        Self.log("sceneDidEnterBackground(_:)")
    }
}
