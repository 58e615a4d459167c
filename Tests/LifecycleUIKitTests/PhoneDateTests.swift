import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

// `Date()` in an app's code is the phone's date (docs/lifecycle.md §19): under a simulated device, the date the device
// started at plus the virtual time since, on whichever thread the app's code runs. The lock follows Element X's
// `AppLockTimer` (element-hq/element-x-ios, ElementX/Sources/Services/AppLock/AppLockTimer.swift), written again
// here: the app locks itself when it comes back after a grace period in the background, measured with `Date.now`.

/// Locks the app when it has been in the background for `gracePeriod` or longer.
final class GracePeriodLock {
    let gracePeriod: TimeInterval
    private(set) var isLocked = true
    private var backgroundedAt: Date?

    init(gracePeriod: TimeInterval) {
        self.gracePeriod = gracePeriod
    }

    func didEnterBackground(at date: Date = .now) {
        guard !isLocked else { return }
        backgroundedAt = date
    }

    /// Whether the app must ask for the passcode now that it comes back.
    func lockIfNeeded(at date: Date = .now) -> Bool {
        guard !isLocked, let backgroundedAt else { return true }
        // A clock set back does not unlock the app.
        isLocked = date.timeIntervalSince(backgroundedAt) >= gracePeriod || date < backgroundedAt
        return isLocked
    }

    func unlock() {
        isLocked = false
    }
}

final class LockingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let lock = GracePeriodLock(gracePeriod: 180)
    /// Whether the app asked for the passcode, each time it came back.
    private(set) var askedForPasscode: [Bool] = []
    /// The dates the app's code read off the main queue: in a block on a global queue, and in a detached task.
    private(set) var datesOffTheMainQueue: [String: Date] = [:]

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        lock.unlock()  // the user enters the passcode at launch
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        lock.didEnterBackground()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        DispatchQueue.global().async {
            let date = Date()
            DispatchQueue.main.async { self.datesOffTheMainQueue["global queue"] = date }
        }
        Task.detached {
            let date = Date()
            await MainActor.run { self.datesOffTheMainQueue["detached task"] = date }
        }
    }

    func applicationWillEnterForeground(_ application: UIApplication) {
        askedForPasscode.append(lock.lockIfNeeded())
    }
}

@Suite @MainActor struct PhoneDateTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// The lock measures the virtual time in the background: back after a minute, no passcode; after 200 s, the
    /// passcode. With the real date, a test could never reach the grace period.
    @Test func theLockMeasuresThePhonesTime() async throws {
        let app = try UIKitDevice("app locker\n", startDate: Self.start) { LockingAppDelegate() }
        for line in ["tap locker", "home", "wait 60s", "tap locker"] { try app.device.perform(line) }
        #expect(app.delegate?.askedForPasscode == [false])
        for line in ["home", "wait 200s", "tap locker"] { try app.device.perform(line) }
        #expect(app.delegate?.askedForPasscode == [false, true])
    }

    /// Off the main queue too — a block on a global queue, a detached task — the app's code reads the phone's date;
    /// the test's own code reads the real one.
    @Test func theAppsCodeReadsThePhonesDateOnEveryThread() async throws {
        let app = try UIKitDevice("app locker\n", startDate: Self.start) { LockingAppDelegate() }
        for line in ["tap locker", "home", "wait 30s", "tap locker"] { try app.device.perform(line) }
        await app.device.settle()
        let phoneDate = Self.start.addingTimeInterval(30)
        let dates = try #require(app.delegate?.datesOffTheMainQueue)
        #expect(dates.keys.sorted() == ["detached task", "global queue"])
        for (place, date) in dates {
            #expect(abs(date.timeIntervalSince(phoneDate)) < 0.001, "\(place): \(date)")
        }
        #expect(app.device.currentDate == phoneDate)
        #expect(abs(Date().timeIntervalSince(phoneDate)) > 86_400, "the test's own Date() is the real one")
    }

    /// A date the app's code makes with `Date()` for the system reads the same in every run: the refresh it asks for
    /// 15 minutes from now may begin in exactly 900 s.
    @Test func aDateFromDateNowGivesTheSystemExactTimes() throws {
        let app = try UIKitDevice(
            "profile ios13\napp news background-modes=fetch bgtasks=com.news.refresh:refresh\n", startDate: Self.start
        ) { LockingAppDelegate() }
        try app.device.perform("tap news")
        app.device.wait(.seconds(7))
        let application = try #require(app.device.applications["news"])
        let error = application.runAsItsCode { () -> (any Error)? in
            let request = BGAppRefreshTaskRequest(identifier: "com.news.refresh")
            request.earliestBeginDate = Date(timeIntervalSinceNow: 15 * 60)
            do {
                try BGTaskScheduler.shared.submit(request)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == nil)
        #expect(app.device.pendingTaskRequests(of: "news").map(\.earliestBegin) == [.seconds(900)])
    }
}
