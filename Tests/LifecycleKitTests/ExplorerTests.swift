import Foundation
import LifecycleKit
import LifecycleTesting
import Testing

/// The explorer (docs/lifecycle.md §19): an app with exactly one lifecycle bug is found, with the kind of its bug,
/// shrunk to a short scenario that replays it; the careful app, which does everything right, gives no finding.
@Suite @MainActor struct ExplorerTests {
    /// One app, `app`, with these options, running `delegate`, explored from seed 1.
    static func explore(
        _ options: String = "", sessions: Int = 200, actions: Int = 40,
        _ delegate: @escaping @MainActor () -> any ApplicationDelegate,
        configure: (inout LifecycleExplorer) -> Void = { _ in }
    ) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp app \(options)\n")
        explorer.run("app", delegate: delegate)
        configure(&explorer)
        return await explorer.explore(sessions: sessions, actions: actions, seed: 1)
    }

    static func kinds(_ report: ExplorationReport) -> [ExplorationFinding.Kind] { report.findings.map(\.kind) }

    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    @Test func aCarefulAppGivesNoFinding() async throws {
        let report = try await Self.explore(
            "background-modes=fetch,remote-notification bgtasks=com.app.refresh:refresh notifications restores-state "
                + "url-schemes=app",
            sessions: ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300,
            { CarefulDelegate() }
        ) { explorer in
            explorer.snapshot("app") { (app: CarefulDelegate) in app.draft }
            explorer.invariant("the timer runs only while active", of: "app") { (app: CarefulDelegate, device) in
                !app.timerRunning || device.state(of: "app") == .active
            }
        }
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func aBackgroundTaskNeverEndedIsFound() async throws {
        let report = try await Self.explore { LeakyDelegate() }
        #expect(Self.kinds(report) == [.backgroundTaskNotEnded], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.steps <= 4, "\(finding)")
        #expect(finding.scenario.hasPrefix("profile ios17\napp app \n"))
        #expect(finding.trace.contains("background time used up with a background task not ended"))
    }

    @Test func aFetchNeverCompletedIsFound() async throws {
        let report = try await Self.explore("background-modes=fetch") { SilentFetcher() }
        #expect(Self.kinds(report) == [.completionHandlerNotCalled], "\(report)")
    }

    @Test func aLaunchHandlerRegisteredLateIsFound() async throws {
        let report = try await Self.explore("background-modes=fetch bgtasks=com.app.refresh:refresh") {
            LateRegistrar()
        }
        #expect(Self.kinds(report) == [.bgtaskRegisteredLate], "\(report)")
    }

    @Test func aNotificationDelegateSetLateIsFound() async throws {
        let report = try await Self.explore("notifications") { LateNotificationDelegate() }
        #expect(Self.kinds(report) == [.notificationDelegateLate], "\(report)")
    }

    @Test func aSlowLaunchIsFoundByTheWatchdog() async throws {
        let report = try await Self.explore("did-finish-launching=25s") { CarefulDelegate() }
        #expect(Self.kinds(report) == [.watchdog], "\(report)")
        #expect(report.findings.first?.steps == 1, "\(report)")
    }

    /// Work that comes due while the process is suspended waits for it to run again, as on a phone: it runs at the
    /// next resume, and calls the system then (docs/lifecycle.md §19).
    @Test func workThatComesDueWhileSuspendedWaitsForTheResume() async throws {
        let report = try await Self.explore { SuspendedWorker() }
        #expect(report.findings.isEmpty, "\(report)")
        let device = try SimulatedDevice(
            profile: .ios17, apps: [AppConfiguration(id: "app")], delegates: ["app": SuspendedWorker()])
        for line in ["tap app", "home", "wait 90s"] { try device.perform(line) }
        #expect(device.state(of: "app") == .suspended)
        #expect(!device.printedTrace().contains("upload"), "\(device.printedTrace())")
        try device.perform("tap app")
        #expect(device.printedTrace().contains("'upload'"), "\(device.printedTrace())")
        #expect(device.state(of: "app") == .active)
        #expect(device.workRanWhileSuspended.isEmpty)
    }

    @Test func stateLostAcrossAPurgeIsFound() async throws {
        let report = try await Self.explore("url-schemes=app") {
            ForgetfulDelegate()
        } configure: { explorer in
            explorer.snapshot("app") { (app: ForgetfulDelegate) in app.draft }
        }
        #expect(Self.kinds(report) == [.stateLostAcrossPurge], "\(report)")
    }

    @Test func anInvariantOfTheAppIsChecked() async throws {
        let report = try await Self.explore {
            TimerLeaker()
        } configure: { explorer in
            explorer.invariant("the timer runs only while active", of: "app") { (app: TimerLeaker, device) in
                !app.timerRunning || device.state(of: "app") == .active
            }
        }
        #expect(Self.kinds(report) == [.invariant], "\(report)")
        #expect(report.findings.first?.detail == "'the timer runs only while active' does not hold")
    }

    /// A scene-based app that reads a URL only in `scene(_:openURLContexts:)` drops the one that launches it, which
    /// comes in the connection options (expo, tauri, cordova-ios and Avalonia shipped this bug).
    @Test func aURLDroppedOnAColdLaunchIsFound() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp app scenes url-schemes=app\n")
        explorer.run("app", delegate: { PlainDelegate() }, sceneDelegateClass: URLOnlyWhenRunning.self)
        let report = await explorer.explore(sessions: 200, actions: 40, seed: 1)
        #expect(Self.kinds(report) == [.launchItemDropped], "\(report)")
        #expect(report.findings.first?.scenario.hasSuffix("open-url app app://item/1\n") == true, "\(report)")
        #expect(report.findings.first?.steps == 1, "\(report)")
    }

    /// An app-delegate app whose delegate implements none of the methods a URL, an activity or a quick action comes
    /// to drops them; one that implements them drops none (`CarefulDelegate`, in the ten thousand sessions above).
    @Test(arguments: ["url-schemes=app", "activity-types=com.app.view", "shortcut-items=com.app.new"])
    func anItemAnAppDelegateNeverHandlesIsFound(declaring option: String) async throws {
        let report = try await Self.explore(option) { PlainDelegate() }
        #expect(Self.kinds(report) == [.launchItemDropped], "\(report)")
        // The item that launches the app is in its launch options too, where its code may read it: the shortest
        // finding hands it a second one, to the running app.
        #expect((2...3).contains(report.findings.first?.steps ?? 0), "\(report)")
    }

    /// A scene that reads its launch items in both places drops none.
    @Test func aSceneThatReadsItsLaunchItemsEverywhereDropsNone() async throws {
        var explorer = try LifecycleExplorer(
            declarations: "profile ios17\napp app scenes url-schemes=app activity-types=com.app.view "
                + "shortcut-items=com.app.new\n")
        explorer.run("app", delegate: { PlainDelegate() }, sceneDelegateClass: CarefulScene.self)
        let report = await explorer.explore(sessions: 300, actions: 40, seed: 1)
        #expect(report.findings.isEmpty, "\(report)")
    }

    /// Thor's neutral sequences in an existing scenario: a purge and back changes what an app that keeps its draft
    /// only in memory shows; Home and back does not.
    @Test func aNeutralPurgeChangesWhatAForgetfulAppShows() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp app\napp other\n")
        explorer.run("app", delegate: { ForgetfulDelegate() })
        explorer.snapshot("app") { (app: ForgetfulDelegate) in app.draft }
        let report = try await explorer.checkNeutralSequences(
            in: "open-url app app://draft/1\nwait 5s\nexpect app active\n")
        #expect(report.findings.map(\.kind) == [.neutralSequence], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.detail.hasPrefix("purge and return after line 1 changes "), "\(finding)")
        #expect(finding.detail.contains("app://draft/1"), "\(finding)")
        #expect(
            finding.scenario.contains("open-url app app://draft/1\nhome\nmemory-pressure\ntap app\nwait 5s\n"),
            "\(finding)")
    }

    /// A careful app comes through every neutral sequence unchanged; one that keeps a timer running while
    /// inactive does not come through the lock.
    @Test func neutralSequencesLeaveACarefulAppAsItWas() async throws {
        let scenario = "open-url app app://draft/1\nhome\ntap app\nwait 30s\n"
        var careful = try LifecycleExplorer(declarations: "profile ios17\napp app restores-state\n")
        careful.run("app", delegate: { CarefulDelegate() })
        careful.snapshot("app") { (app: CarefulDelegate) in app.draft }
        careful.invariant("the timer runs only while active", of: "app") { (app: CarefulDelegate, device) in
            !app.timerRunning || device.state(of: "app") == .active
        }
        let clean = try await careful.checkNeutralSequences(in: scenario)
        #expect(clean.findings.isEmpty, "\(clean)")
        var leaky = try LifecycleExplorer(declarations: "profile ios17\napp app\n")
        leaky.run("app", delegate: { TimerLeaker() })
        leaky.invariant("the timer runs only while active", of: "app") { (app: TimerLeaker, device) in
            !app.timerRunning || device.state(of: "app") == .active
        }
        let found = try await leaky.checkNeutralSequences(in: scenario)
        #expect(found.findings.contains { $0.detail.hasPrefix("lock and unlock") }, "\(found)")
    }

    /// The same seed, the same findings, to the letter.
    @Test func theSameSeedGivesTheSameReport() async throws {
        let first = try await Self.explore(sessions: 50) { LeakyDelegate() }
        let second = try await Self.explore(sessions: 50) { LeakyDelegate() }
        #expect(first.description == second.description)
    }

    /// A finding's scenario replays: the scripted run of its lines, by the same core, fits its declarations.
    @Test func declarationsWithAnActionAreRefused() {
        #expect(throws: (any Error).self) { try LifecycleExplorer(declarations: "app a\ntap a\n") }
    }
}

// MARK: Apps with one bug each

/// Does everything right: ends its background task, completes its fetch, registers its scheduled task at launch and
/// completes it (unsuccessfully once expired, as Apple's sample does), sets the notification delegate at launch and
/// calls its handlers, saves its draft for restoration, and stops its timer when it resigns active.
@MainActor
final class CarefulDelegate: ApplicationDelegate, UNUserNotificationCenterDelegate {
    var timerRunning = false
    /// What the user opened last: a URL.
    var draft = ""
    private var task = BackgroundTaskIdentifier.invalid

    func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        draft = url.absoluteString
        return true
    }

    func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }
    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.app.refresh") { task in
            let refresh = Refresh()
            task.expirationHandler = { refresh.cancelled = true }
            application.run(after: .seconds(2)) { task.setTaskCompleted(success: !refresh.cancelled) }
        }
        return true
    }
    func applicationDidBecomeActive(_ application: Application) { timerRunning = true }
    func applicationWillResignActive(_ application: Application) { timerRunning = false }
    func applicationDidEnterBackground(_ application: Application) {
        try? BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: "com.app.refresh"))
        task = application.beginBackgroundTask(withName: "save") { [self] in application.endBackgroundTask(task) }
        application.endBackgroundTask(task)
    }
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) { completionHandler(.newData) }
    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        true
    }
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        try? coder.encode(draft, forKey: "draft")
    }
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {
        if let saved = try? coder.decode(String.self, forKey: "draft") { draft = saved }
    }
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }
}

/// A refresh's work, which its task's expiration handler cancels.
@MainActor
final class Refresh {
    var cancelled = false
}

/// An app delegate that does nothing of its own.
@MainActor
final class PlainDelegate: ApplicationDelegate {}

/// Handles a URL only when it comes to a running scene.
@MainActor
final class URLOnlyWhenRunning: WindowSceneDelegate {
    var opened: [URL] = []
    required init() {}
    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        opened += urlContexts.map(\.url)
    }
}

/// Reads each launch item where it comes: in the connection options on a cold launch, and through its methods
/// later.
@MainActor
final class CarefulScene: WindowSceneDelegate {
    var handled: [String] = []
    required init() {}
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    {
        handled += connectionOptions.urlContexts.map(\.url.absoluteString)
        handled += connectionOptions.userActivities.map(\.activityType)
        handled += connectionOptions.shortcutItem.map { [$0.type] } ?? []
    }
    func scene(_ scene: Scene, openURLContexts urlContexts: Set<OpenURLContext>) {
        handled += urlContexts.map(\.url.absoluteString)
    }
    func scene(_ scene: Scene, continue userActivity: UserActivity) { handled.append(userActivity.activityType) }
    func windowScene(
        _ windowScene: Scene, performActionFor shortcutItem: ShortcutItem, completionHandler: @escaping (Bool) -> Void
    ) {
        handled.append(shortcutItem.type)
        completionHandler(true)
    }
}

/// Begins a background task as it enters the background, and never ends it.
@MainActor
final class LeakyDelegate: ApplicationDelegate {
    func applicationDidEnterBackground(_ application: Application) {
        _ = application.beginBackgroundTask(withName: "upload") {}
    }
}

/// Never calls a background fetch's completion handler.
@MainActor
final class SilentFetcher: ApplicationDelegate {
    func application(
        _ application: Application,
        performFetchWithCompletionHandler completionHandler:
            @escaping @MainActor @Sendable (BackgroundFetchResult) -> Void
    ) {}
}

/// Registers its launch handler once it is active, after the launch has ended.
@MainActor
final class LateRegistrar: ApplicationDelegate {
    func applicationDidBecomeActive(_ application: Application) {
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.app.refresh") { task in
            task.setTaskCompleted(success: true)
        }
    }
}

/// Sets the notification center's delegate only once it is active.
@MainActor
final class LateNotificationDelegate: ApplicationDelegate, UNUserNotificationCenterDelegate {
    func applicationDidBecomeActive(_ application: Application) { UNUserNotificationCenter.current().delegate = self }
}

/// Starts an upload a minute after it enters the background, with nothing to keep it running till then.
@MainActor
final class SuspendedWorker: ApplicationDelegate {
    func applicationDidEnterBackground(_ application: Application) {
        application.run(after: .seconds(60)) {
            let upload = application.beginBackgroundTask(withName: "upload") {}
            application.endBackgroundTask(upload)
        }
    }
}

/// Keeps what the user opened in memory only: a purge loses it.
@MainActor
final class ForgetfulDelegate: ApplicationDelegate {
    var draft = ""

    func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
        draft = url.absoluteString
        return true
    }
}

/// Starts a timer when it becomes active and never stops it.
@MainActor
final class TimerLeaker: ApplicationDelegate {
    var timerRunning = false
    func applicationDidBecomeActive(_ application: Application) { timerRunning = true }
}
