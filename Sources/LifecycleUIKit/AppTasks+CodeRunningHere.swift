import Dispatch
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

extension AppTasks {
    /// Runs `body` on the main queue: at once if this is it; otherwise as a block of the app's that a host simulating
    /// it waits for (the app's code off the main queue reaching the main actor).
    func onTheMainQueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        if MainQueueCheck.isOnMainQueue {
            MainActor.assumeIsolated(body)
        } else {
            hopToTheMainQueue(body)
        }
    }

    /// Runs `body` on the main queue in a turn of its own, as a block of the app's that a host simulating it waits for.
    func hopToTheMainQueue(_ body: @escaping @MainActor @Sendable () -> Void) {
        Dispatch.DispatchQueue.main.async(execute: counting { MainActor.assumeIsolated(body) })
    }
}
