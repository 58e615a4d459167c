// LonelyShadow's logging AppDelegate (cnblogs, 2016) in UIKit's own names: the file that builds for iOS builds
// here, behind the three lines that choose UIKit or LifecycleUIKit. It logs what LifecycleKit's port logs
// (Examples/LoggingExample/AppDelegate.swift).

#if canImport(UIKit)
import UIKit
#else
import LifecycleUIKit
#endif

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Where the log lines go: NSLog, as in the original, unless a test collects them.
    static var log: (String) -> Void = { NSLog("%@", $0) }

    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        Self.log("application:didFinishLaunchingWithOptions:")
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        Self.log("applicationWillResignActive:")
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        Self.log("applicationDidEnterBackground:")
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        Self.log("applicationWillEnterForeground:")
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        Self.log("applicationDidBecomeActive:")
    }

    func applicationWillTerminate(_ application: UIApplication) {
        Self.log("applicationWillTerminate:")
    }
}
