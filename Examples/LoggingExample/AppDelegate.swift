// The logging AppDelegate of LonelyShadow's article (cnblogs, 2016), ported from UIKit to LifecycleKit:
// `import UIKit` became `import LifecycleKit`, `UIApplication` became `Application`,
// `UIApplicationDelegate` became `ApplicationDelegate`, and the launch options are a typed value.
import Foundation
import LifecycleKit

@MainActor
public final class AppDelegate: ApplicationDelegate {
    /// Where the log lines go: NSLog, as in the original, unless a test collects them.
    private let log: (String) -> Void

    public init(log: @escaping (String) -> Void = { NSLog("%@", $0) }) {
        self.log = log
    }

    public func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?)
        -> Bool
    {
        log("application:didFinishLaunchingWithOptions:")
        return true
    }

    public func applicationWillResignActive(_ application: Application) {
        log("applicationWillResignActive:")
    }

    public func applicationDidEnterBackground(_ application: Application) {
        log("applicationDidEnterBackground:")
    }

    public func applicationWillEnterForeground(_ application: Application) {
        log("applicationWillEnterForeground:")
    }

    public func applicationDidBecomeActive(_ application: Application) {
        log("applicationDidBecomeActive:")
    }

    public func applicationWillTerminate(_ application: Application) {
        log("applicationWillTerminate:")
    }
}
