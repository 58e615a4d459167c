import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

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

@Suite @MainActor struct PhoneClockTests {
    /// Work scheduled on the phone's clock runs in virtual time, and a date made from the phone's clock reads the
    /// same on every run: the refresh may begin in 900 s, not 899.999 s (the real clock had moved on).
    @Test func uikitNamedCodeRunsOnThePhonesClock() throws {
        let delegate = ClockedAppDelegate()
        let app = UIKitApp(bundleIdentifier: "news", delegate: delegate)
        var info = InfoPlist(bundleIdentifier: "news", backgroundModes: [.fetch])
        info.permittedTaskIdentifiers = [ClockedAppDelegate.refresh]
        let device = try SimulatedDevice(
            profile: .ios17, apps: [info.configuration()], delegates: ["news": app.applicationDelegate],
            startDate: Date(timeIntervalSinceReferenceDate: 0))
        try device.perform(.tap("news"))
        device.wait(.seconds(100))
        #expect(device.currentDate == Date(timeIntervalSinceReferenceDate: 100))
        try device.perform(.home)
        device.wait(.seconds(19))
        #expect(!delegate.uploaded)
        device.wait(.seconds(2))
        #expect(delegate.uploaded)
        let notes = device.trace.compactMap { record -> String? in
            if case .note(_, let text) = record.event { text } else { nil }
        }
        #expect(notes.contains("submit com.news.refresh: pending, may begin in 900 s"), "\(notes)")
    }
}
