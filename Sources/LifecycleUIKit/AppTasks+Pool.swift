import CLifecycleShims
import LifecycleKit

extension AppTasks {
    /// Counts each job an app's work sends to Swift's global executor for the app's tasks, from now on, so that
    /// ``SimulatedDevice/settle()`` knows whether the work a task awaits is still running (docs/architecture.md).
    ///
    /// A job is the app's when the code that enqueues it runs in one of the app's tasks (a nonisolated `async`
    /// function it calls, an actor it calls that was idle, a child task), or in a block the app's code sent to one of
    /// Dispatch's queues (a continuation it resumes). Other jobs — the tests' own — run as the runtime runs them.
    package static func countPoolJobs() {
        lifecycle_pool_count_jobs(
            {
                guard let tasks = AppTasks.current?.tasks ?? AppTasks.blockOwner else { return nil }
                tasks.jobEnqueued()
                return Unmanaged.passRetained(tasks).toOpaque()
            },
            { owner in Unmanaged<AppTasks>.fromOpaque(owner).takeRetainedValue().jobReturned() })
    }

    /// The app whose Dispatch block the current thread runs, if any.
    static var blockOwner: AppTasks? {
        lifecycle_pool_thread_owner().map { Unmanaged<AppTasks>.fromOpaque($0).takeUnretainedValue() }
    }

    /// `work`, a block the app's code sends to one of Dispatch's own queues: counted until it returns, and the jobs
    /// it enqueues (a continuation it resumes) counted as the app's.
    func countingBlock(_ work: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        counting { [self] in
            let outer = lifecycle_pool_thread_owner()
            lifecycle_pool_set_thread_owner(Unmanaged.passUnretained(self).toOpaque())
            defer { lifecycle_pool_set_thread_owner(outer) }
            work()
        }
    }
}
