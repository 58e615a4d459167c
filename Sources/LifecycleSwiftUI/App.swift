import Foundation
import LifecycleKit

/// An app written with SwiftUI's app lifecycle (SwiftUI's `App`): `@main struct MyApp: App { var body: some Scene {
/// WindowGroup { ContentView() } } }`.
///
/// SwiftUI runs it over UIKit's lifecycle, with an app delegate and scene delegates of its own (docs/lifecycle.md §22),
/// so every host runs it: `SimulatedDevice(app: MyApp.self)` and the explorer in tests, the terminal host and the
/// supervisor as a process (`@main`). Its own app delegate, if it wants one, comes through
/// `@UIApplicationDelegateAdaptor`.
@MainActor @preconcurrency
public protocol App: HostableApp {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    /// What `@main` runs: the app, in this process, under `lifecycle supervise` when it started it, or else under the
    /// terminal, as an app delegate's `@main` does (its Info.plist found the same way; without one, a scene-based app
    /// that supports several windows, as Xcode's generated Info.plist declares).
    public static func main() {
        SwiftUIProcess.run(Self.self)
    }

    /// What a host runs for each of the app's processes: a fresh `App` with SwiftUI's app delegate and scene
    /// delegates.
    public static func hostedCode(bundleIdentifier: AppID) -> HostableAppCode {
        HostableAppCode(
            kind: "a SwiftUI app (\(Self.self))", minimumVersion: 14,
            makeDelegate: {
                let app = UIKitApp(
                    bundleIdentifier: bundleIdentifier,
                    delegate: SwiftUIApplicationDelegate(app: Self.self),
                    sceneDelegateClass: SwiftUISceneDelegate.self)
                return app.applicationDelegate
            },
            sceneDelegateClass: UIKitSceneDelegate.self,
            state: { object in
                guard let delegate = (object as? UIKitApplicationDelegate)?.delegate as? SwiftUIApplicationDelegate
                else { return nil }
                return delegate.runtime.writtenState
            })
    }
}

/// Creates the app's delegate of `@UIApplicationDelegateAdaptor` (SwiftUI's): made as the `App` is, before the
/// launch, and called by SwiftUI's own app delegate for every method it implements.
///
/// The delegate's class is an `NSObject` (`class AppDelegate: NSObject, UIApplicationDelegate`, or a `UIResponder`),
/// LifecycleUIKit's, whose `init()` every subclass keeps, so that SwiftUI makes it from its type as on iOS.
@MainActor @propertyWrapper
public struct UIApplicationDelegateAdaptor<DelegateType: LifecycleUIKit.NSObject & UIApplicationDelegate>:
    DynamicProperty
{
    public let wrappedValue: DelegateType

    public init(_ delegateType: DelegateType.Type = DelegateType.self) {
        if let made = SwiftUIRuntime.constructing?.adaptor as? DelegateType {
            wrappedValue = made
            return
        }
        let made = delegateType.init()
        SwiftUIRuntime.constructing?.adaptor = made
        wrappedValue = made
    }

    public var projectedValue: DelegateType { wrappedValue }
}
