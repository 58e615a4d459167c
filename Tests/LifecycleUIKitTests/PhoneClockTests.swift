import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

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

/// A test's own body is no app's code: BGTaskScheduler.shared there is a scheduler of no app, whose submit throws
/// `unavailable` (it trapped the whole test process), and `runAsItsCode` runs the body as an app's.
@Suite @MainActor struct TestBodyCodeTests {
    @Test func aTestCallsTheSchedulerAsAnAppsCode() throws {
        var info = InfoPlist(bundleIdentifier: "news", backgroundModes: [.fetch])
        info.permittedTaskIdentifiers = [ClockedAppDelegate.refresh]
        let news = UIKitApp(bundleIdentifier: "news", delegate: ClockedAppDelegate())
        let device = try SimulatedDevice(
            profile: .ios17, apps: [info.configuration(), AppConfiguration(id: "mail")],
            delegates: [
                "news": news.applicationDelegate,
                "mail": UIKitApp(
                    bundleIdentifier: "mail", delegate: ClockedAppDelegate()
                ).applicationDelegate,
            ])
        try device.perform("tap news")
        let request = BGAppRefreshTaskRequest(identifier: ClockedAppDelegate.refresh)
        let refused = #expect(throws: BGTaskScheduler.Error.self) { try BGTaskScheduler.shared.submit(request) }
        #expect(refused?.code == .unavailable)
        let application = try #require(device.applications["news"])
        try application.runAsItsCode { try BGTaskScheduler.shared.submit(request) }
        var pending: [String] = []
        application.runAsItsCode {
            BGTaskScheduler.shared.getPendingTaskRequests { pending = $0.map(\.identifier) }
        }
        #expect(pending == [ClockedAppDelegate.refresh])
    }
}
