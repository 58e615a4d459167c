import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTesting
import Testing

/// A delegate method written with another type than the protocol's is another method, which Swift compiles
/// silently and never calls. Each spelling an app is likely to write must therefore be called: UIKit's own
/// (plain closures, `[AnyHashable: Any]`, `NSCoder`, the `Secure` restoration names) and the Swift 6 one with
/// `@MainActor @Sendable` handlers. Before, a UIKit-spelled `performFetchWithCompletionHandler` was never called.
@MainActor
@Suite struct DelegateSpellingTests {
    /// An app delegate written as in an iOS project today, with UIKit's exact Swift types.
    final class UIKitSpelling: ApplicationDelegate, UserActivityRestoring {
        var log: [String] = []
        var restored: String?

        func application(
            _ application: Application, performActionFor shortcutItem: ShortcutItem,
            completionHandler: @escaping (Bool) -> Void
        ) {
            log.append("performActionFor")
            completionHandler(true)
        }
        func application(
            _ application: Application, continue userActivity: UserActivity,
            restorationHandler: @escaping ([any UserActivityRestoring]?) -> Void
        ) -> Bool {
            log.append("continue")
            restorationHandler([self])
            return true
        }
        func restoreUserActivityState(_ activity: UserActivity) { log.append("restore \(activity.activityType)") }
        func application(
            _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
        ) {
            log.append("didReceiveRemoteNotification")
            completionHandler(.newData)
        }
        func application(
            _ application: Application,
            performFetchWithCompletionHandler completionHandler: @escaping (BackgroundFetchResult) -> Void
        ) {
            log.append("performFetch")
            completionHandler(.noData)
        }
        func application(
            _ application: Application, handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping () -> Void
        ) {
            log.append("handleEventsForBackgroundURLSession")
            completionHandler()
        }
        func application(
            _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
            reply: @escaping ([AnyHashable: Any]?) -> Void
        ) {
            log.append("handleWatchKitExtensionRequest")
            reply(nil)
        }
        func application(_ application: Application, shouldSaveSecureApplicationState coder: NSCoder) -> Bool {
            log.append("shouldSaveSecureApplicationState")
            return true
        }
        func application(_ application: Application, willEncodeRestorableStateWith coder: NSCoder) {
            log.append("willEncodeRestorableStateWith")
            coder.encode("draft 7", forKey: "draft")
        }
        func application(_ application: Application, shouldRestoreSecureApplicationState coder: NSCoder) -> Bool {
            log.append("shouldRestoreSecureApplicationState")
            return true
        }
        func application(_ application: Application, didDecodeRestorableStateWith coder: NSCoder) {
            log.append("didDecodeRestorableStateWith")
            restored = coder.decodeObject(forKey: "draft") as? String
        }
    }

    /// The same app written with main-actor completion handlers and the older names.
    final class MainActorSpelling: ApplicationDelegate {
        var log: [String] = []
        var restored: String?

        func application(
            _ application: Application, performActionFor shortcutItem: ShortcutItem,
            completionHandler: @escaping @MainActor @Sendable (Bool) -> Void
        ) {
            log.append("performActionFor")
            completionHandler(true)
        }
        func application(_ application: Application, continue userActivity: UserActivity) -> Bool {
            log.append("continue")
            return true
        }
        func application(
            _ application: Application, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
        ) {
            log.append("didReceiveRemoteNotification")
            completionHandler(.newData)
        }
        func application(
            _ application: Application,
            performFetchWithCompletionHandler completionHandler:
                @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
        ) {
            log.append("performFetch")
            completionHandler(.noData)
        }
        func application(
            _ application: Application, handleEventsForBackgroundURLSession identifier: String,
            completionHandler: @escaping @MainActor @Sendable () -> Void
        ) {
            log.append("handleEventsForBackgroundURLSession")
            completionHandler()
        }
        func application(
            _ application: Application, handleWatchKitExtensionRequest userInfo: [AnyHashable: Any]?,
            reply: @escaping @MainActor @Sendable ([AnyHashable: Any]?) -> Void
        ) {
            log.append("handleWatchKitExtensionRequest")
            reply(nil)
        }
        func application(_ application: Application, shouldSaveApplicationState coder: NSCoder) -> Bool {
            log.append("shouldSaveApplicationState")
            return true
        }
        func application(_ application: Application, willEncodeRestorableStateWith coder: NSCoder) {
            log.append("willEncodeRestorableStateWith")
            coder.encode("draft 7", forKey: "draft")
        }
        func application(_ application: Application, shouldRestoreApplicationState coder: NSCoder) -> Bool {
            log.append("shouldRestoreApplicationState")
            return true
        }
        func application(_ application: Application, didDecodeRestorableStateWith coder: NSCoder) {
            log.append("didDecodeRestorableStateWith")
            restored = coder.decodeObject(forKey: "draft") as? String
        }
    }

    /// Every event with a completion handler or a coder, once; the app is suspended after each background
    /// event only if its completion handler reached the system.
    static func drive(_ delegate: any ApplicationDelegate) throws -> SimulatedDevice {
        var behavior = AppBehavior()
        behavior.restoresState = true
        let app = AppConfiguration(id: "a", backgroundModes: [.fetch, .remoteNotification], behavior: behavior)
        let device = try SimulatedDevice(apps: [app], delegates: ["a": delegate])
        try device.perform(.tap("a"))
        try device.perform(.home)
        try device.perform(.shortcut("a", type: "compose"))
        try device.perform(.continueActivity("a", type: "reading"))
        try device.perform(.home)
        try device.perform(.tapPushNotification("a"))
        try device.perform(.home)
        for event in [BackgroundEvent.fetch, .download, .watch] {
            try device.perform(.backgroundEvent(event, "a"))
            #expect(device.state(of: "a") == .suspended, "\(event): the completion handler reached the system")
        }
        try device.perform(.memoryPressure(count: nil))
        try device.perform(.tap("a"))
        return device
    }

    @Test func uikitsSpellingsAreCalled() throws {
        let delegate = UIKitSpelling()
        _ = try Self.drive(delegate)
        #expect(
            delegate.log == [
                "shouldSaveSecureApplicationState", "willEncodeRestorableStateWith", "performActionFor", "continue",
                "restore reading", "shouldSaveSecureApplicationState", "willEncodeRestorableStateWith",
                "didReceiveRemoteNotification", "shouldSaveSecureApplicationState", "willEncodeRestorableStateWith",
                "performFetch", "handleEventsForBackgroundURLSession", "handleWatchKitExtensionRequest",
                "shouldRestoreSecureApplicationState", "didDecodeRestorableStateWith",
            ])
        #expect(delegate.restored == "draft 7")
    }

    @Test func mainActorSpellingsAreCalled() throws {
        let delegate = MainActorSpelling()
        _ = try Self.drive(delegate)
        #expect(
            delegate.log == [
                "shouldSaveApplicationState", "willEncodeRestorableStateWith", "performActionFor", "continue",
                "shouldSaveApplicationState", "willEncodeRestorableStateWith", "didReceiveRemoteNotification",
                "shouldSaveApplicationState", "willEncodeRestorableStateWith", "performFetch",
                "handleEventsForBackgroundURLSession", "handleWatchKitExtensionRequest",
                "shouldRestoreApplicationState", "didDecodeRestorableStateWith",
            ])
        #expect(delegate.restored == "draft 7")
    }

    @Test func aDelegateThatImplementsNothingStillCompletesEveryEvent() throws {
        final class Silent: ApplicationDelegate {}
        let device = try Self.drive(Silent())
        #expect(device.state(of: "a") == .active)
        #expect(device.restorationArchives["a"] == nil, "an unimplemented shouldSave answers NO")
    }
}
