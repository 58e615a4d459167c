import Dispatch
import Foundation
import Synchronization

/// The Swift tasks one process of an app started under a host that simulates processes, and the work they and its
/// code sent off the main actor (docs/lifecycle.md §19): what a simulated device waits for between the user's steps,
/// as a phone gives that work the moment it needs before the user's next touch.
///
/// LifecycleUIKit's `Task` counts each task the app's code starts, from its start until it finishes; its
/// `DispatchQueue` each block the app's code sends to one of Dispatch's own queues, until it returns; and its hook on
/// Swift's global executor each job the app's work sends there (``jobEnqueued()``), until it returns.
/// A task asleep (`Task.sleep`) is not waited for: it wakes on the phone's clock (LifecycleUIKit's
/// `sleepOnThePhonesClock(for:)`), and is waited for again once the host resumes it (``resumeWokenTasks()``). Nor is a task found waiting while nothing runs that could end its wait (``tasksTookNoStep()``):
/// one that waits on a stream of events, for instance, which never finishes.
package final class AppTasks: Sendable {
    private struct State {
        /// The tasks started and not finished, by number, each with how many sleeps it is in (its child tasks share
        /// its number): asleep while that is not zero.
        var unfinished: [Int: Int] = [:]
        /// Sleeps that have ended, each resuming its task when the host lets the app's tasks run
        /// (``resumeWokenTasks()``).
        var wakes: [@Sendable () -> Void] = []
        /// Those found waiting while nothing ran that could end their wait: waited for no more.
        var longLived: Set<Int> = []
        var nextTask = 0
        /// Blocks sent to Dispatch's own queues, and jobs sent to Swift's global executor, that have not returned.
        var blocksInFlight = 0
        var jobsInFlight = 0
        /// Grows at every change: a wait that sees it unchanged saw nothing happen.
        var progress: UInt64 = 0
        /// Who waits for the next change, by a number of their own, so that a timeout can take one back.
        var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// The phone's date, for the app's code on any thread, when its host's clock is not the real one.
    package let phoneDate: (@Sendable () -> Date)?
    /// Runs work of the app's on the phone's clock, after a delay, as its main-queue work: a sleep's wake.
    package let scheduleWake: @MainActor @Sendable (Duration, @escaping @MainActor @Sendable () -> Void) -> Void

    /// The ledger of the app task that runs now, if any, and the task's number there: its sleeps are counted.
    @TaskLocal package static var current: (tasks: AppTasks, task: Int)?

    /// The ledger of a process's tasks, whose sleeps wake through `scheduleWake`: the app's work after a delay, on the
    /// phone's clock (`Application.run(after:_:)`). `send` and `runOnMainQueue` reach the app's network and
    /// main queue from its code anywhere.
    package init(
        defaults: AppDefaults? = nil, container: AppContainer? = nil, phoneDate: (@Sendable () -> Date)? = nil,
        backgroundTransfers: @escaping @MainActor @Sendable () -> BackgroundTransfers?,
        send: @escaping @MainActor @Sendable (NetworkRequest, @escaping @MainActor (NetworkOutcome) -> Bool) -> Bool,
        networkIsReachable: @escaping @MainActor @Sendable () -> Bool = { true },
        runOnMainQueue: @escaping @MainActor @Sendable (@escaping @MainActor () -> Void) -> Void,
        scheduleWake: @escaping @MainActor @Sendable (Duration, @escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        self.defaults = defaults
        self.container = container
        self.phoneDate = phoneDate
        self.backgroundTransfers = backgroundTransfers
        self.send = send
        self.networkIsReachable = networkIsReachable
        self.runOnMainQueue = runOnMainQueue
        self.scheduleWake = scheduleWake
    }

    /// Runs work on the app's main queue, in a turn of its own, once the process runs (not suspended): what its code
    /// running off the main queue sends there with `DispatchQueue.main.async`.
    package let runOnMainQueue: @MainActor @Sendable (@escaping @MainActor () -> Void) -> Void

    /// Sends a request of the app's code over its host's network (``Application/send(_:answered:)``): `false` when
    /// the host has none.
    package let send: @MainActor @Sendable (NetworkRequest, @escaping @MainActor (NetworkOutcome) -> Bool) -> Bool
    /// Whether the phone reaches the network now (``ApplicationHost/isNetworkReachable``).
    package let networkIsReachable: @MainActor @Sendable () -> Bool

    /// The defaults of the app whose tasks these are: what `UserDefaults.standard` is in their code, on any thread.
    package let defaults: AppDefaults?
    /// The directories of the app whose tasks these are: `FileManager`'s search paths in their code, on any thread.
    package let container: AppContainer?
    /// The transfers of the app's background URL sessions, which a session its code makes on any thread reaches, on
    /// the main actor: `nil` once the application is gone.
    package let backgroundTransfers: @MainActor @Sendable () -> BackgroundTransfers?

    // MARK: What is counted

    /// A task of the app's code starts: it is waited for until ``taskFinished(_:)``. Returns its number.
    package func taskStarted() -> Int {
        change { state in
            state.nextTask += 1
            state.unfinished[state.nextTask] = 0
            return state.nextTask
        }
    }

    package func taskFinished(_ task: Int) {
        change { state in
            state.unfinished[task] = nil
            state.longLived.remove(task)
        }
    }

    /// `work`, sent at once to one of Dispatch's own queues by the app's code, counted from now until it returns.
    package func counting(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        change { $0.blocksInFlight += 1 }
        return {
            work()
            self.change { $0.blocksInFlight -= 1 }
        }
    }

    /// A job of the app's work is sent to Swift's global executor: it is waited for until ``jobReturned()``.
    ///
    /// Called as the job is enqueued, inside Swift's runtime: it only counts, and wakes no one.
    package func jobEnqueued() {
        state.withLock { state in
            state.jobsInFlight += 1
            state.progress &+= 1
        }
    }

    package func jobReturned() {
        change { $0.jobsInFlight -= 1 }
    }

    /// Runs `body`, a sleep of the current app task on a clock that is not the phone's, which is not waited for
    /// meanwhile.
    package static func sleeping<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        guard let (tasks, task) = current else { return try await body() }
        tasks.fellAsleep(task)
        defer { tasks.wokeUp(task) }
        return try await body()
    }

    /// A sleep of task `task` begins: it is not waited for until it ends.
    package func fellAsleep(_ task: Int) {
        change { $0.unfinished[task]? += 1 }
    }

    /// A sleep of task `task` is over: it is waited for again once it is in no other sleep.
    private func wokeUp(_ task: Int) {
        change { $0.unfinished[task]? -= 1 }
    }

    /// A sleep of task `task` has ended, by its time or by a cancellation: `resume` resumes the task when the host
    /// next lets the app's tasks run (``resumeWokenTasks()``) — while the app runs, as a phone runs the task only
    /// then — and the host, which watches ``sleepsEndedCount``, stops its clock for it.
    package func sleepEnded(of task: Int, resuming resume: @escaping @Sendable () -> Void) {
        change { state in
            state.wakes.append {
                self.wokeUp(task)
                resume()
            }
        }
        Self.sleepsEnded.add(1, ordering: .relaxed)
    }

    /// Resumes the tasks whose sleeps have ended: the host calls it while the app runs, and lets them go on.
    package func resumeWokenTasks() {
        let wakes = state.withLock { state in
            defer { state.wakes = [] }
            return state.wakes
        }
        for wake in wakes { wake() }
    }

    /// How many sleeps of any app's tasks have ended in this process: a host that sees it change lets the tasks run
    /// (``SimulatedDevice/settle()``) before its clock goes on. (A sleep of another device's app makes it stop for
    /// nothing, which changes nothing.)
    package static var sleepsEndedCount: UInt64 { sleepsEnded.load(ordering: .relaxed) }
    private static let sleepsEnded = Atomic<UInt64>(0)

    /// Changes the state, and wakes those who wait for a change.
    private func change<Result>(_ change: (inout State) -> Result) -> Result {
        let (result, waiters) = state.withLock { state in
            let result = change(&state)
            state.progress &+= 1
            defer { state.waiters = [] }
            return (result, state.waiters.map(\.continuation))
        }
        for waiter in waiters { waiter.resume() }
        return result
    }

    // MARK: Waiting

    /// Whether some work of the app's may still do something without the real clock or a test: a task unfinished,
    /// awake and not long-lived, or a block or a job in flight.
    package var hasWorkAwake: Bool {
        state.withLock { state in
            state.blocksInFlight > 0 || state.jobsInFlight > 0 || !state.wakes.isEmpty
                || state.unfinished.contains { task, sleeps in sleeps == 0 && !state.longLived.contains(task) }
        }
    }

    /// Whether a block the app's code sent to one of Dispatch's own queues, or a job of its tasks' work on Swift's
    /// global executor, has not returned.
    package var hasWorkInFlight: Bool {
        state.withLock { $0.blocksInFlight > 0 || $0.jobsInFlight > 0 }
    }

    /// A number that changes whenever something counted here happens.
    package var progress: UInt64 {
        state.withLock { $0.progress }
    }

    /// The tasks awake were found waiting while nothing ran that could end their wait: they are waited for no more
    /// (their end still counts as a change).
    package func tasksTookNoStep() {
        state.withLock { state in
            for (task, sleeps) in state.unfinished where sleeps == 0 { state.longLived.insert(task) }
        }
    }

    /// Something the tasks found waiting may have waited for came (a notification handed to a task that iterates
    /// over them): they are waited for again, until they are found waiting once more.
    package func waitingTasksMayGoOn() {
        change { $0.longLived = [] }
    }

    /// Waits until something counted here changes after `progress`, or until `deadline` on the real clock; returns
    /// whether something changed.
    package func change(after progress: UInt64, before deadline: ContinuousClock.Instant) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let id = state.withLock { state -> UInt64? in
                guard state.progress == progress else { return nil }
                state.nextWaiter += 1
                state.waiters.append((state.nextWaiter, continuation))
                return state.nextWaiter
            }
            guard let id else { return continuation.resume() }
            let left = ContinuousClock.now.duration(to: deadline).components
            let nanoseconds = max(0, left.seconds) * 1_000_000_000 + max(0, left.attoseconds) / 1_000_000_000
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                let late = self.state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index).continuation
                }
                late?.resume()
            }
        }
        return self.progress != progress
    }
}
