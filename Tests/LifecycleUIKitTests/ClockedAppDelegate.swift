// swift-format-ignore-file
// (The three lines stand as an iOS file writes them, unindented.)
// A file as an iOS app writes it, behind the three lines (and BackgroundTasks' import on iOS): LifecycleUIKit
// alone gives it BGTaskScheduler and its requests, with no other import.
#if canImport(UIKit)
import UIKit
import BackgroundTasks
#else
import LifecycleUIKit
#endif

/// An app in UIKit's names that finishes an upload 20 s into the background and asks for a refresh in 15 minutes,
/// on the phone's clock (`UIApplication.run(after:)`, `currentDate`), as a test needs it.
@MainActor
final class ClockedAppDelegate: UIResponder, UIApplicationDelegate {
    static let refresh = "com.news.refresh"
    private(set) var uploaded = false

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refresh) { task in
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let task = application.beginBackgroundTask(expirationHandler: nil)
        application.run(after: .seconds(20)) { [self] in
            uploaded = true
            application.endBackgroundTask(task)
        }
        let request = BGAppRefreshTaskRequest(identifier: Self.refresh)
        request.earliestBeginDate = application.currentDate.addingTimeInterval(15 * 60)
        try? BGTaskScheduler.shared.submit(request)
    }
}
