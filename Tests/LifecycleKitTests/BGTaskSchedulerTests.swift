import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTesting
import LifecycleTrace
import Testing

/// A news app written as an iOS app uses BackgroundTasks: it registers its launch handler before its launch ends
/// and schedules a refresh when it leaves the foreground.
@MainActor
final class RefreshingDelegate: ApplicationDelegate {
    static let refresh = "com.news.refresh"
    var refreshTime: Duration = .seconds(2)
    var completesOnExpiration = true
    /// When the delegate registers its launch handler: before its launch ends, as it must, after, or never.
    enum Registration { case atLaunch, late, never }
    var registration = Registration.atLaunch
    private(set) var tasks: [BGTask] = []
    private(set) var submitErrors: [BGTaskScheduler.Error.Code] = []
    private(set) var expirations = 0

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        guard registration == .atLaunch else { return true }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refresh) { [self] task in
            tasks.append(task)
            task.expirationHandler = { [self] in
                expirations += 1
                if completesOnExpiration { task.setTaskCompleted(success: false) }
            }
            application.run(after: refreshTime) { task.setTaskCompleted(success: true) }
        }
        return true
    }

    func applicationDidBecomeActive(_ application: Application) {
        if registration == .late {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.refresh) { _ in }
        }
    }

    func applicationDidEnterBackground(_ application: Application) {
        let request = BGAppRefreshTaskRequest(identifier: Self.refresh)
        // On the phone's clock: the real one would move on while a loaded machine runs the test, and put the
        // earliest date past the 15 minutes the test waits.
        request.earliestBeginDate = application.currentDate.addingTimeInterval(15 * 60)
        submit(request)
    }

    /// Submits a request, on the scheduler of the app whose code runs unless another is given (a test's own code
    /// is no app's).
    func submit(_ request: BGTaskRequest, on scheduler: BGTaskScheduler? = nil) {
        do {
            try (scheduler ?? BGTaskScheduler.shared).submit(request)
        } catch {
            submitErrors.append(error.code)
        }
    }
}

@Suite @MainActor struct BGTaskSchedulerTests {
    /// A news app as its Info.plist declares it: the identifiers, without kinds, and the fetch mode.
    static func news(modes: Set<BackgroundMode> = [.fetch], identifiers: [String] = [RefreshingDelegate.refresh])
        -> AppConfiguration
    {
        var info = InfoPlist(bundleIdentifier: "news", backgroundModes: modes)
        info.permittedTaskIdentifiers = identifiers
        return info.configuration()
    }

    static func device(_ delegate: RefreshingDelegate, profile: Profile = .ios17, apps: [AppConfiguration]? = nil)
        throws -> SimulatedDevice
    {
        try SimulatedDevice(profile: profile, apps: apps ?? [news()], delegates: ["news": delegate])
    }

    static func taskSteps(_ device: SimulatedDevice) -> [String] {
        device.trace.compactMap { record in
            if case .scheduledTask(_, let identifier, let step) = record.event {
                "\(step.name) \(identifier)"
            } else {
                nil
            }
        }
    }

    @Test func theSystemRunsTheRefreshTheAppSubmittedAfterItsEarliestDate() throws {
        let delegate = RefreshingDelegate()
        let device = try Self.device(delegate)
        try device.perform(.tap("news"))
        try device.perform(.home)
        #expect(device.state(of: "news") == .suspended)
        #expect(device.applications["news"]?.taskScheduler != nil)
        // Too early: the request may not begin for 15 minutes.
        #expect(throws: ImpossibleAction.self) {
            try device.perform(.runTaskRequest("news", identifier: RefreshingDelegate.refresh))
        }
        try device.perform(.memoryPressure(count: nil))
        device.wait(.seconds(15 * 60))
        try device.perform(.runTaskRequest("news", identifier: RefreshingDelegate.refresh))
        #expect(device.state(of: "news") == .background)
        #expect(delegate.tasks.count == 1)
        #expect(delegate.tasks.first is BGAppRefreshTask)
        device.wait(.seconds(2))
        #expect(device.state(of: "news") == .suspended)
        #expect(
            Self.taskSteps(device) == [
                "launchHandler com.news.refresh", "setTaskCompleted(success: true) com.news.refresh",
            ])
    }

    @Test func anExpirationHandlerThatDoesNotCompleteTheTaskGetsTheAppKilledAtItsEnd() throws {
        let delegate = RefreshingDelegate()
        delegate.refreshTime = .seconds(100)
        delegate.completesOnExpiration = false
        let device = try Self.device(delegate)
        try device.perform(.tap("news"))
        try device.perform(.home)
        device.wait(.seconds(15 * 60))
        try device.perform(.runTaskRequest("news", identifier: RefreshingDelegate.refresh))
        device.wait(.seconds(25))
        #expect(delegate.expirations == 1)
        #expect(device.state(of: "news") == .background)
        device.wait(.seconds(5))
        #expect(device.state(of: "news") == .notRunning)
        #expect(Self.taskSteps(device) == ["launchHandler com.news.refresh", "expirationHandler com.news.refresh"])
    }

    @Test func submitThrowsTheThreeErrors() throws {
        let delegate = RefreshingDelegate()
        let apps = [Self.news(identifiers: [RefreshingDelegate.refresh, "com.news.other", "com.news.clean"])]
        let device = try Self.device(delegate, apps: apps)
        try device.perform(.tap("news"))
        let scheduler = try #require(device.applications["news"]).taskScheduler
        delegate.submit(BGAppRefreshTaskRequest(identifier: "com.news.unknown"), on: scheduler)
        // A processing task needs the processing mode, which this app does not declare.
        delegate.submit(BGProcessingTaskRequest(identifier: "com.news.clean"), on: scheduler)
        delegate.submit(BGAppRefreshTaskRequest(identifier: RefreshingDelegate.refresh), on: scheduler)
        delegate.submit(BGAppRefreshTaskRequest(identifier: "com.news.other"), on: scheduler)
        try device.perform(.setBackgroundAppRefresh("news", enabled: false))
        delegate.submit(BGAppRefreshTaskRequest(identifier: RefreshingDelegate.refresh), on: scheduler)
        #expect(delegate.submitErrors == [.notPermitted, .notPermitted, .tooManyPendingTaskRequests, .unavailable])
        var pending: [TaskRequest] = []
        scheduler.getPendingTaskRequests { pending = $0 }
        #expect(pending.map(\.identifier) == [RefreshingDelegate.refresh])
        #expect(pending.first?.kind == .appRefresh)
        scheduler.cancel(taskRequestWithIdentifier: RefreshingDelegate.refresh)
        #expect(device.pendingTaskRequests(of: "news").isEmpty)
    }

    @Test func registeringAfterTheLaunchCrashesTheApp() throws {
        let delegate = RefreshingDelegate()
        delegate.registration = .late
        let device = try Self.device(delegate)
        try device.perform(.tap("news"))
        #expect(device.state(of: "news") == .notRunning)
        #expect(
            device.trace.contains { record in
                if case .note("news", let text) = record.event {
                    text.hasPrefix("crash: NSInternalInconsistencyException: all launch handlers must be registered")
                } else {
                    false
                }
            })
    }

    @Test func aTaskWithoutALaunchHandlerCrashesTheApp() throws {
        let delegate = RefreshingDelegate()
        delegate.registration = .never
        let device = try Self.device(delegate)
        try device.perform(.tap("news"))
        try device.perform(.submitTaskRequest("news", TaskRequest(identifier: RefreshingDelegate.refresh)))
        try device.perform(.home)
        device.wait(.seconds(15 * 60))
        try device.perform(.runTaskRequest("news", identifier: RefreshingDelegate.refresh))
        #expect(device.state(of: "news") == .notRunning)
        #expect(delegate.tasks.isEmpty)
    }

    /// `BGTaskScheduler.shared` is the scheduler of the app whose code calls it, with two apps on one device.
    @Test func sharedIsTheSchedulerOfTheAppWhoseCodeRuns() throws {
        let news = RefreshingDelegate()
        let sports = RefreshingDelegate()
        var sportsApp = Self.news()
        sportsApp.id = "sports"
        let device = try SimulatedDevice(
            profile: .ios17, apps: [Self.news(), sportsApp], delegates: ["news": news, "sports": sports])
        try device.perform(.tap("news"))
        try device.perform(.home)
        try device.perform(.tap("sports"))
        try device.perform(.home)
        #expect(device.pendingTaskRequests(of: "news").map(\.identifier) == [RefreshingDelegate.refresh])
        #expect(device.pendingTaskRequests(of: "sports").map(\.identifier) == [RefreshingDelegate.refresh])
    }

    @Test func aContinuedProcessingTaskRunsPastTheBudgetUntilTheUserCancelsIt() throws {
        let delegate = RefreshingDelegate()
        delegate.refreshTime = .seconds(600)
        var info = InfoPlist(bundleIdentifier: "news")
        info.permittedTaskIdentifiers = [RefreshingDelegate.refresh]
        let device = try Self.device(delegate, profile: .ios26, apps: [info.configuration()])
        try device.perform(.tap("news"))
        let export = BGContinuedProcessingTaskRequest(
            identifier: RefreshingDelegate.refresh, title: "Export", subtitle: "")
        delegate.submit(export, on: try #require(device.applications["news"]).taskScheduler)
        #expect(delegate.tasks.first is BGContinuedProcessingTask)
        try device.perform(.home)
        device.wait(.seconds(120))
        #expect(device.state(of: "news") == .background)
        try device.perform(.expireTask("news", identifier: RefreshingDelegate.refresh))
        #expect(device.state(of: "news") == .suspended)
    }
}
