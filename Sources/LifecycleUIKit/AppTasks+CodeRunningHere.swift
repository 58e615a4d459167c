import LifecycleKit

extension AppTasks {
    /// The tasks of the app whose code runs here under a host that simulates its processes: in one of its tasks, in a
    /// block its code sent to one of Dispatch's queues, or on the main queue in its turn (docs/lifecycle.md §19). `nil`
    /// in a test's own code and in a real process.
    package static var ofCodeRunningHere: AppTasks? {
        if let current { return current.tasks }
        if let blockOwner { return blockOwner }
        guard MainQueueCheck.isOnMainQueue else { return nil }
        return MainActor.assumeIsolated { Application.simulatedCodeRunning?.tasks }
    }
}
