import LifecycleKit
import Synchronization

/// Swift's `Task` as an app's code sees it on a phone: a task started by the app's code on the main actor starts on
/// the app's main queue — after the work already there, before the phone does anything else with the app, never while
/// the app is suspended — and runs until it first waits (docs/lifecycle.md §19).
///
/// Code that imports LifecycleUIKit names this type where it writes `Task`: `Task { … }`, `Task { @MainActor in … }`,
/// `Task.detached`, `Task<Void, Never>`, `task.cancel()`, `await task.value`, `Task.sleep(for:)`, `Task.isCancelled`
/// read as in iOS code. Under a simulated device (`SimulatedDevice`, the explorer) a task the app's code starts in a
/// turn starts at the end of the turn, with `Task.immediate`, so that what it does on the main actor before its first
/// suspension — ending a background task, calling a completion handler — happens in virtual time, before the next
/// step. What it does after awaiting work elsewhere (another actor, a database's queue) comes back on the real main
/// actor when the test awaits: the task is counted among the app's (`AppTasks`), and `SimulatedDevice.settle()`,
/// which the explorer awaits after every step, waits until it has finished, sleeps, or waits for what none of the
/// app's work will bring. `Task.sleep` sleeps on the phone's clock: the task wakes when that much virtual time has
/// passed (`SimulatedDevice.waitAndSettle(_:)` lets it run then). Everywhere else — a test's own code, a real
/// process — it is Swift's `Task`.
public struct Task<Success: Sendable, Failure: Error>: Sendable, Hashable {
    /// Swift's task, once started.
    private let start: TaskStart<Success, Failure>

    private init(_ start: TaskStart<Success, Failure>) {
        self.start = start
    }

    /// A task of Swift's, as this type.
    public init(_ task: _Concurrency.Task<Success, Failure>) {
        self.init(TaskStart(task))
    }

    /// Starts `task` at once, or, when the app's code starts it on the main queue under a host that runs the app's
    /// main queue, as the app's main-queue work, counted among the app's tasks until it finishes.
    private init(
        starting task: @escaping @MainActor (AppTasks, Int) -> _Concurrency.Task<Success, Failure>,
        otherwise: @escaping () -> _Concurrency.Task<Success, Failure>
    ) {
        guard MainQueueCheck.isOnMainQueue,
            let application = MainActor.assumeIsolated({ Application.simulatedCodeRunning })
        else {
            self.init(otherwise())
            return
        }
        let start = TaskStart<Success, Failure>()
        nonisolated(unsafe) let otherwise = otherwise
        MainActor.assumeIsolated {
            let tasks = application.tasks
            let number = tasks.taskStarted()
            application.enqueueMainQueueWork {
                start.started(
                    immediately: { task(tasks, number) },
                    cancelled: {
                        tasks.taskFinished(number)
                        return otherwise()
                    })
            }
        }
        self.init(start)
    }

    /// The task's result, once it finishes.
    public var result: Result<Success, Failure> {
        get async { await start.task.result }
    }

    /// Cancels the task (a task not started yet starts cancelled).
    public func cancel() {
        start.cancel()
    }

    /// Whether the task was cancelled.
    public var isCancelled: Bool { start.isCancelled }

    public static func == (lhs: Task, rhs: Task) -> Bool {
        lhs.start === rhs.start
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(start))
    }
}

extension Task where Failure == Never {
    /// `Task { … }`: a task isolated as the code that starts it, the app's when its code starts it.
    @discardableResult
    public init(
        name: String? = nil, priority: TaskPriority? = nil,
        @_inheritActorContext @_implicitSelfCapture operation: sending @escaping @isolated(any) () async -> Success
    ) {
        nonisolated(unsafe) let operation = operation
        self.init(
            starting: { tasks, number in
                _Concurrency.Task.immediate(name: name, priority: priority) { @MainActor in
                    defer { tasks.taskFinished(number) }
                    return await AppTasks.$current.withValue((tasks, number)) { await operation() }
                }
            },
            otherwise: { _Concurrency.Task(name: name, priority: priority, operation: operation) })
    }

    /// `Task.detached { … }`: Swift's, at once; the app's code's is counted among its tasks.
    @discardableResult
    public static func detached(
        name: String? = nil, priority: TaskPriority? = nil,
        operation: sending @escaping @isolated(any) () async -> Success
    ) -> Task {
        guard let tasks = AppTasks.ofCodeRunningHere else {
            return Task(_Concurrency.Task.detached(name: name, priority: priority, operation: operation))
        }
        let number = tasks.taskStarted()
        nonisolated(unsafe) let operation = operation
        return Task(
            _Concurrency.Task.detached(name: name, priority: priority) {
                defer { tasks.taskFinished(number) }
                return await AppTasks.$current.withValue((tasks, number)) { await operation() }
            })
    }

    /// `Task.immediate { … }`: runs at once until it first waits, as on iOS 26.
    @discardableResult
    public static func immediate(
        name: String? = nil, priority: TaskPriority? = nil,
        @_inheritActorContext(always) @_implicitSelfCapture operation:
            sending @escaping @isolated(any) () async -> Success
    ) -> Task {
        Task(_Concurrency.Task.immediate(name: name, priority: priority, operation: operation))
    }

    /// The task's value, once it finishes.
    public var value: Success {
        get async { await start.task.value }
    }
}

extension Task where Failure == any Error {
    /// `Task { … }` whose work throws: a task isolated as the code that starts it, the app's when its code starts it.
    @discardableResult
    public init(
        name: String? = nil, priority: TaskPriority? = nil,
        @_inheritActorContext @_implicitSelfCapture operation:
            sending @escaping @isolated(any) () async throws -> Success
    ) {
        nonisolated(unsafe) let operation = operation
        self.init(
            starting: { tasks, number in
                _Concurrency.Task.immediate(name: name, priority: priority) { @MainActor in
                    defer { tasks.taskFinished(number) }
                    return try await AppTasks.$current.withValue((tasks, number)) { try await operation() }
                }
            },
            otherwise: { _Concurrency.Task(name: name, priority: priority, operation: operation) })
    }

    /// `Task.detached { … }` whose work throws: Swift's, at once; the app's code's is counted among its tasks.
    @discardableResult
    public static func detached(
        name: String? = nil, priority: TaskPriority? = nil,
        operation: sending @escaping @isolated(any) () async throws -> Success
    ) -> Task {
        guard let tasks = AppTasks.ofCodeRunningHere else {
            return Task(_Concurrency.Task.detached(name: name, priority: priority, operation: operation))
        }
        let number = tasks.taskStarted()
        nonisolated(unsafe) let operation = operation
        return Task(
            _Concurrency.Task.detached(name: name, priority: priority) {
                defer { tasks.taskFinished(number) }
                return try await AppTasks.$current.withValue((tasks, number)) { try await operation() }
            })
    }

    /// `Task.immediate { … }` whose work throws: runs at once until it first waits, as on iOS 26.
    @discardableResult
    public static func immediate(
        name: String? = nil, priority: TaskPriority? = nil,
        @_inheritActorContext(always) @_implicitSelfCapture operation:
            sending @escaping @isolated(any) () async throws -> Success
    ) -> Task {
        Task(_Concurrency.Task.immediate(name: name, priority: priority, operation: operation))
    }

    /// The task's value, once it finishes, or what it threw.
    public var value: Success {
        get async throws { try await start.task.value }
    }
}

extension Task where Success == Never, Failure == Never {
    /// Whether the current task is cancelled.
    public static var isCancelled: Bool { _Concurrency.Task<Never, Never>.isCancelled }

    /// The current task's priority.
    public static var currentPriority: TaskPriority { _Concurrency.Task<Never, Never>.currentPriority }

    /// The current task's base priority, if it runs in a task.
    public static var basePriority: TaskPriority? { _Concurrency.Task<Never, Never>.basePriority }

    /// The current task's name, if it was given one.
    public static var name: String? { _Concurrency.Task<Never, Never>.name }

    /// Throws `CancellationError` if the current task is cancelled.
    public static func checkCancellation() throws {
        try _Concurrency.Task<Never, Never>.checkCancellation()
    }

    /// Lets other work run before the current task goes on.
    public static func yield() async {
        await _Concurrency.Task<Never, Never>.yield()
    }

    /// Suspends the current task for `duration` nanoseconds: on the phone's clock in a task of an app's code under a
    /// simulated device (docs/lifecycle.md §19), else on the real clock.
    nonisolated(nonsending) public static func sleep(nanoseconds duration: UInt64) async throws {
        try await sleep(for: .nanoseconds(Int64(clamping: duration)))
    }

    /// Suspends the current task for `duration`: on the phone's clock in a task of an app's code under a simulated
    /// device, where it wakes as the app's main-queue work once that time has passed there — not while the app is
    /// suspended, never once its process has ended (docs/lifecycle.md §19) — else on the real clock.
    nonisolated(nonsending) public static func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return try checkCancellation() }
        if try await AppTasks.sleepOnThePhonesClock(for: duration) { return }
        try await _Concurrency.Task<Never, Never>.sleep(for: duration)
    }

    /// Suspends the current task for a duration of a clock's: of the continuous or the suspending clock, as
    /// ``sleep(for:)`` does; of another clock, on that clock.
    nonisolated(nonsending) public static func sleep<C: Clock>(
        for duration: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        if clock is ContinuousClock || clock is SuspendingClock, let duration = duration as? Duration {
            return try await sleep(for: duration)
        }
        try await AppTasks.sleeping {
            try await _Concurrency.Task<Never, Never>.sleep(for: duration, tolerance: tolerance, clock: clock)
        }
    }

    /// Suspends the current task until a clock's deadline: of the continuous or the suspending clock, as
    /// ``sleep(for:)`` does for the time from now to the deadline; of another clock, on that clock.
    nonisolated(nonsending) public static func sleep<C: Clock>(
        until deadline: C.Instant, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        if clock is ContinuousClock || clock is SuspendingClock,
            let left = clock.now.duration(to: deadline) as? Duration
        {
            return try await sleep(for: left)
        }
        try await AppTasks.sleeping {
            try await _Concurrency.Task<Never, Never>.sleep(until: deadline, tolerance: tolerance, clock: clock)
        }
    }
}

/// Swift's task behind a ``Task``, which an app's main queue may start later: those who await it before it starts
/// wait for the start.
private final class TaskStart<Success: Sendable, Failure: Error>: Sendable {
    private enum State {
        /// Not started: who waits for the start, and whether it was cancelled meanwhile.
        case waiting([CheckedContinuation<_Concurrency.Task<Success, Failure>, Never>], cancelled: Bool)
        case started(_Concurrency.Task<Success, Failure>)
    }

    private let state: Mutex<State>

    init() {
        state = Mutex(.waiting([], cancelled: false))
    }

    init(_ task: _Concurrency.Task<Success, Failure>) {
        state = Mutex(.started(task))
    }

    /// Starts the task, and hands it to those waiting: at once, until it first waits; or, cancelled before its
    /// start, as a task that starts later, cancelled from the start.
    @MainActor func started(
        immediately: () -> _Concurrency.Task<Success, Failure>, cancelled: () -> _Concurrency.Task<Success, Failure>
    ) {
        let wasCancelled = state.withLock { state in
            if case .waiting(_, cancelled: true) = state { true } else { false }
        }
        let task = wasCancelled ? cancelled() : immediately()
        if wasCancelled { task.cancel() }
        let waiting = state.withLock { state -> [CheckedContinuation<_Concurrency.Task<Success, Failure>, Never>] in
            guard case .waiting(let waiting, _) = state else { return [] }
            state = .started(task)
            return waiting
        }
        for continuation in waiting { continuation.resume(returning: task) }
    }

    /// Swift's task, once started.
    var task: _Concurrency.Task<Success, Failure> {
        get async {
            if case .started(let task) = state.withLock({ $0 }) { return task }
            return await withCheckedContinuation { continuation in
                let started: _Concurrency.Task<Success, Failure>? = state.withLock { state in
                    switch state {
                    case .started(let task): return task
                    case .waiting(var waiting, let cancelled):
                        waiting.append(continuation)
                        state = .waiting(waiting, cancelled: cancelled)
                        return nil
                    }
                }
                if let started { continuation.resume(returning: started) }
            }
        }
    }

    func cancel() {
        let task: _Concurrency.Task<Success, Failure>? = state.withLock { state in
            switch state {
            case .started(let task): return task
            case .waiting(let waiting, _):
                state = .waiting(waiting, cancelled: true)
                return nil
            }
        }
        task?.cancel()
    }

    var isCancelled: Bool {
        state.withLock { state in
            switch state {
            case .started(let task): task.isCancelled
            case .waiting(_, let cancelled): cancelled
            }
        }
    }
}
