import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// Swift tasks an app's code starts, written as iOS code writes them (docs/lifecycle.md §19): `Task { }` in a delegate
// method starts on the app's main queue, at the end of the turn, and runs there until it first waits.

/// A background task as a podcast app wraps one, after jubishop/podhaven's `BackgroundTask` (`start(withName:)`
/// begins it with an expiration handler that ends it; `end()` ends it once).
@MainActor final class WrappedBackgroundTask {
    let name: String
    var id: UIBackgroundTaskIdentifier = .invalid

    private init(name: String) {
        self.name = name
    }

    static func start(withName name: String) -> WrappedBackgroundTask {
        let backgroundTask = WrappedBackgroundTask(name: name)
        backgroundTask.id = UIApplication.shared.beginBackgroundTask(withName: name) {
            guard backgroundTask.id != .invalid else { return }
            UIApplication.shared.endBackgroundTask(backgroundTask.id)
            backgroundTask.id = .invalid
        }
        return backgroundTask
    }

    func end() {
        guard id != .invalid else { return }
        UIApplication.shared.endBackgroundTask(id)
        id = .invalid
    }
}

/// The podcast app's database, whose upkeep is main-actor work.
@MainActor final class PodcastDatabase {
    private(set) var optimizations = 0
    var pendingChanges = 0

    func optimize() async throws {
        optimizations += 1
    }

    func save() async {
        pendingChanges = 0
    }
}

/// The podcast app's upkeep as it leaves the screen, after podhaven's `DatabaseMaintainer` (on the scene phase
/// `.background` it starts `Task { @MainActor in … }`, which starts a background task, runs `PRAGMA optimize` and ends
/// the task in a `defer`), in a UIKit scene delegate.
@MainActor final class PodcastSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let database = PodcastDatabase()

    func sceneDidEnterBackground(_ scene: UIScene) {
        Task { @MainActor in
            let backgroundTask = WrappedBackgroundTask.start(withName: "databaseOptimize")
            defer { backgroundTask.end() }
            do {
                try await database.optimize()
            } catch {}
        }
    }
}

@MainActor final class PodcastAppDelegate: UIResponder, UIApplicationDelegate {}

/// A notes app that saves in a task as it resigns active, and again as it enters the background, where it begins a
/// background task (with no expiration handler) that the second task ends. The leaky version returns early when there
/// is nothing left to save — the first task saved it all — before ending the task: the shape of bug a `guard` before
/// `endBackgroundTask` makes.
@MainActor class SavingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let database = PodcastDatabase()
    class var returnsEarly: Bool { false }

    func sceneDidBecomeActive(_ scene: UIScene) {
        database.pendingChanges += 1  // the user edits
    }

    func sceneWillResignActive(_ scene: UIScene) {
        Task { await database.save() }
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        let taskID = UIApplication.shared.beginBackgroundTask(withName: "save", expirationHandler: nil)
        Task {
            if Self.returnsEarly {
                guard database.pendingChanges > 0 else { return }
            }
            await database.save()
            UIApplication.shared.endBackgroundTask(taskID)
        }
    }
}

final class LeakingSceneDelegate: SavingSceneDelegate {
    override class var returnsEarly: Bool { true }
}

/// An app that records the order in which its main queue's work and its tasks run.
@MainActor final class OrderingAppDelegate: UIResponder, UIApplicationDelegate {
    var order: [String] = []
    var sawItself: Bool?
    var cancelledTask: Task<Bool, Never>?
    var hoppingTask: Task<Bool, Never>?

    func applicationDidBecomeActive(_ application: UIApplication) {
        Task { self.order.append("first task") }
        DispatchQueue.main.async { self.order.append("block") }
        Task { @MainActor in
            self.order.append("second task")
            self.sawItself = UIApplication.shared === application
        }
        order.append("callback")
    }

    func applicationWillResignActive(_ application: UIApplication) {
        cancelledTask = Task { Task.isCancelled }
        cancelledTask?.cancel()
        hoppingTask = Task {
            self.order.append("before the hop")
            let counted = await Counter().count()
            self.order.append("after the hop \(counted)")
            return UIApplication.shared === application
        }
    }
}

actor Counter {
    func count() -> Int { 1 }
}

@Suite @MainActor struct SwiftTaskTests {
    @Test func aTaskStartedInSceneDidEnterBackgroundRunsBeforeTheAppIsSuspended() throws {
        let podcasts = try UIKitDevice(
            "profile ios13\napp pods scenes\n", sceneDelegateClass: PodcastSceneDelegate.self, PodcastAppDelegate.init)
        let device = podcasts.device
        try device.perform("tap pods")
        try device.perform("home")
        #expect(device.state(of: "pods") == .suspended, "\(device.printedTrace())")
        #expect(device.workRanWhileSuspended.isEmpty, "\(device.printedTrace())")
        let trace = device.printedTrace()
        #expect(trace.contains("beginBackgroundTask"), "\(trace)")
        #expect(trace.contains("endBackgroundTask"), "\(trace)")
    }

    @Test func tasksAndBlocksRunInTheOrderTheyWereEnqueuedAfterTheCallback() throws {
        let app = try UIKitDevice("app a\napp b\n") { OrderingAppDelegate() }
        try app.device.perform("tap a")
        #expect(app.delegate?.order == ["callback", "first task", "block", "second task"])
        #expect(app.delegate?.sawItself == true)
    }

    @Test func aTaskGoesOnOnTheMainActorAfterWaitingElsewhereAsTheApps() async throws {
        let app = try UIKitDevice("app a\napp b\n") { OrderingAppDelegate() }
        try app.device.perform("tap a")
        try app.device.perform("home")
        let delegate = try #require(app.delegate)
        #expect(delegate.order.last == "before the hop")
        #expect(await delegate.hoppingTask?.value == true)
        #expect(delegate.order.last == "after the hop 1")
        #expect(await delegate.cancelledTask?.value == true)
    }

    @Test func aTestsOwnTaskIsSwifts() async {
        let task = Task { 6 * 7 }
        #expect(await task.value == 42)
        let thrown = Task { () async throws -> Int in throw CancellationError() }
        await #expect(throws: CancellationError.self) { try await thrown.value }
        #expect(task == task && task != Task { 0 })
    }

    @Test func theExplorerSeesATaskEndItsBackgroundTask() async throws {
        let declarations = "profile ios13\napp notes scenes\n"
        var right = try LifecycleExplorer(declarations: declarations)
        right.run("notes", uikit: { PodcastAppDelegate() }, sceneDelegateClass: SavingSceneDelegate.self)
        let silent = await right.explore(sessions: 2_000, actions: 20, seed: 51)
        #expect(silent.findings.isEmpty, "\(silent)")

        var leaky = try LifecycleExplorer(declarations: declarations)
        leaky.run("notes", uikit: { PodcastAppDelegate() }, sceneDelegateClass: LeakingSceneDelegate.self)
        let report = await leaky.explore(sessions: 2_000, actions: 20, seed: 51)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(finding.kind == .backgroundTaskNotEnded, "\(report)")
    }

    @Test func theExplorerRunsThePodcastAppsUpkeepSilently() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp pods scenes\n")
        explorer.run("pods", uikit: { PodcastAppDelegate() }, sceneDelegateClass: PodcastSceneDelegate.self)
        let report = await explorer.explore(sessions: 2_000, actions: 20, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
