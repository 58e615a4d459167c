import Foundation

/// `NSObject` as an app's code subclasses it: Foundation's, with an `init()` every subclass keeps (`required`), so
/// that a host can make an object of a class it knows only by its type, as UIKit and SwiftUI make the delegates an app
/// names (`@UIApplicationDelegateAdaptor(AppDelegate.self)` with `class AppDelegate: NSObject, UIApplicationDelegate`,
/// the scene delegate class of a configuration).
///
/// Code that imports LifecycleUIKit (or LifecycleSwiftUI) names this class where it writes `NSObject`; it is
/// Foundation's `NSObject`, so what takes one takes it. It is isolated to the main actor, as UIKit's delegates are.
@MainActor
open class NSObject: Foundation.NSObject {
    public required override init() {
        super.init()
    }
}
