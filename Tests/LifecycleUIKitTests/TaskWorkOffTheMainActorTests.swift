import Foundation
import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// Swift tasks whose work goes off the main actor before they end a background task (docs/lifecycle.md §19): the
// await is real — a database's writer queue, an actor — and what follows it runs between the explorer's steps.

/// A database whose async writes run on its own serial queue and resume the caller when done, as GRDB's
/// `DatabaseWriter.write(_:) async` does (its `asyncWrite` on the writer's dispatch queue, bridged with a
/// continuation): the await of a real app's `try await database.write { … }` leaves the main actor.
final class WriterQueueDatabase: Sendable {
    private let writer = DispatchQueue(label: "database.writer")
    private let statements = Statements()

    private final class Statements: @unchecked Sendable {
        // Touched only on the writer queue.
        var executed: [String] = []
    }

    func write(_ statement: String) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writer.async {
                self.statements.executed.append(statement)
                continuation.resume()
            }
        }
    }
}

/// The podcast app's upkeep as it leaves the screen, after jubishop/podhaven's `DatabaseMaintainer`: a
/// `Task { @MainActor in … }` starts a background task, runs `PRAGMA optimize` through GRDB, and ends the task in a
/// `defer` — after the write's await.
@MainActor final class OptimizingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    static let database = WriterQueueDatabase()

    func sceneDidEnterBackground(_ scene: UIScene) {
        Task { @MainActor in
            let backgroundTask = WrappedBackgroundTask.start(withName: "databaseOptimize")
            defer { backgroundTask.end() }
            do {
                try await Self.database.write("PRAGMA optimize")
            } catch {}
        }
    }
}

/// Drafts kept by an actor, as an app keeps them off the main actor (a `ModelActor`, a store of its own).
actor DraftStore {
    private(set) var saved: [String] = []

    /// Saves a draft; whether it was new.
    func save(_ draft: String) -> Bool {
        guard saved.last != draft else { return false }
        saved.append(draft)
        return true
    }
}

/// A notes app that saves its draft through its store as it enters the background, in a background task (with no
/// expiration handler) that the save's task ends. The leaky version returns early when the store had the draft
/// already — the user left without typing since the last save — before ending the task.
@MainActor class StoreSavingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let store = DraftStore()
    private var activations = 0
    class var returnsEarly: Bool { false }

    /// The user types on every other return.
    var draft: String { "Note \(activations / 2)" }

    func sceneDidBecomeActive(_ scene: UIScene) {
        activations += 1
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        let taskID = UIApplication.shared.beginBackgroundTask(withName: "save", expirationHandler: nil)
        let draft = draft
        Task {
            let isNew = await store.save(draft)
            if Self.returnsEarly {
                guard isNew else { return }
            }
            UIApplication.shared.endBackgroundTask(taskID)
        }
    }
}

final class LeakingStoreSceneDelegate: StoreSavingSceneDelegate {
    override class var returnsEarly: Bool { true }
}

/// An app with a task that never finishes: it waits on a stream of its own for the whole process, as a view's
/// `for await` over a stream of updates does.
@MainActor final class StreamingAppDelegate: UIResponder, UIApplicationDelegate {
    let updates = AsyncStream.makeStream(of: Int.self)
    var received: [Int] = []
    var flushes = 0

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        Task {
            for await update in updates.stream { received.append(update) }
        }
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let backgroundTask = WrappedBackgroundTask.start(withName: "flush")
        Task {
            try? await OptimizingSceneDelegate.database.write("flush")
            flushes += 1
            updates.continuation.yield(flushes)
            backgroundTask.end()
        }
    }
}

@Suite @MainActor struct TaskWorkOffTheMainActorTests {
    @Test func aTaskEndsItsBackgroundTaskAfterAwaitingTheDatabasesWriterQueue() async throws {
        let podcasts = try UIKitDevice(
            "profile ios17\napp pods scenes\n", sceneDelegateClass: OptimizingSceneDelegate.self,
            PodcastAppDelegate.init)
        let device = podcasts.device
        try device.perform("tap pods")
        try device.perform("home")
        // The task began its background task in the turn, and awaits the writer queue.
        #expect(device.state(of: "pods") == .background, "\(device.printedTrace())")
        await device.settle()
        #expect(device.state(of: "pods") == .suspended, "\(device.printedTrace())")
        let trace = device.printedTrace()
        #expect(trace.contains("endBackgroundTask"), "\(trace)")
        #expect(device.workRanWhileSuspended.isEmpty, "\(trace)")
    }

    @Test func thePodcastAppsUpkeepAfterARealWriteIsSilent() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp pods scenes\napp mail\n")
        explorer.run("pods", uikit: { PodcastAppDelegate() }, sceneDelegateClass: OptimizingSceneDelegate.self)
        let report = await explorer.explore(sessions: 1_000, actions: 20, seed: 51)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func aTaskThatEndsItsBackgroundTaskAfterAnActorsSaveIsSilent() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes\napp mail\n")
        explorer.run("notes", uikit: { PodcastAppDelegate() }, sceneDelegateClass: StoreSavingSceneDelegate.self)
        let report = await explorer.explore(sessions: 1_000, actions: 20, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func aTaskThatReturnsBeforeEndingItAfterTheAwaitIsFound() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes\napp mail\n")
        explorer.run("notes", uikit: { PodcastAppDelegate() }, sceneDelegateClass: LeakingStoreSceneDelegate.self)
        let report = await explorer.explore(sessions: 1_000, actions: 20, seed: 7)
        #expect(report.findings.map(\.kind) == [.backgroundTaskNotEnded], "\(report)")
    }

    @Test func aTaskThatNeverFinishesIsNotWaitedForAtEveryStep() async throws {
        let app = try UIKitDevice("app feed\napp mail\n") { StreamingAppDelegate() }
        let device = app.device
        try device.perform("tap feed")
        await device.settle()
        try device.perform("home")
        await device.settle()
        #expect(device.state(of: "feed") == .suspended, "\(device.printedTrace())")
        #expect(!device.printedTrace().contains("went on after"), "\(device.printedTrace())")

        var explorer = try LifecycleExplorer(declarations: "app feed\napp mail\n")
        explorer.run("feed", uikit: { StreamingAppDelegate() })
        let report = await explorer.explore(sessions: 200, actions: 20, seed: 3)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
