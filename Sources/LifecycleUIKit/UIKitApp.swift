import Foundation
import LifecycleKit

/// An app written with UIKit's names, ready for any host: its app delegate as LifecycleKit calls it, and the class
/// of scene delegate LifecycleKit makes for each scene.
///
/// ```swift
/// let app = UIKitApp(bundleIdentifier: "notes", delegate: AppDelegate(), sceneDelegateClass: SceneDelegate.self)
/// let device = try SimulatedDevice(
///     profile: .ios17, apps: [configuration], delegates: ["notes": app.applicationDelegate],
///     sceneDelegateClasses: ["notes": app.sceneDelegateClass])
/// ```
@MainActor
public struct UIKitApp {
    public let applicationDelegate: UIKitApplicationDelegate
    /// What LifecycleKit makes for each scene: it makes the app's own scene delegate.
    public let sceneDelegateClass: any WindowSceneDelegate.Type = UIKitSceneDelegate.self

    /// - Parameter sceneDelegateClass: the class of the app's scene delegate (a `UIResponder` that is a
    ///   `UISceneDelegate`), for the scenes whose configuration names none: what the Info.plist's scene manifest
    ///   names on iOS.
    public init(
        bundleIdentifier: AppID, delegate: any UIApplicationDelegate, sceneDelegateClass: NSObject.Type? = nil
    ) {
        applicationDelegate = UIKitApplicationDelegate(delegate)
        UIKitSceneDelegate.defaultClasses[bundleIdentifier] = sceneDelegateClass
    }

    /// An app whose Info.plist names its scene delegate class (`UISceneDelegateClassName`), looked up by name as
    /// UIKit does: `$(PRODUCT_MODULE_NAME)` stands for `module`, the module of the app's code.
    public init(info: InfoPlist, delegate: any UIApplicationDelegate, module: String) throws(UIKitAppError) {
        var sceneDelegateClass: NSObject.Type?
        if let name = info.sceneDelegateClassName {
            let qualified = name.replacingOccurrences(of: "$(PRODUCT_MODULE_NAME)", with: module)
            guard let found = _typeByName(qualified) as? NSObject.Type,
                found is any UISceneDelegate.Type
            else {
                throw UIKitAppError(
                    "UISceneDelegateClassName '\(name)' names no UIResponder class that is a UISceneDelegate "
                        + "(looked up as '\(qualified)')")
            }
            sceneDelegateClass = found
        }
        self.init(bundleIdentifier: info.bundleIdentifier, delegate: delegate, sceneDelegateClass: sceneDelegateClass)
    }
}

/// Why an app written with UIKit's names cannot start: its Info.plist cannot be found or read, or names a class
/// that does not exist.
public struct UIKitAppError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
