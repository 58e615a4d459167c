import CLifecycleShims
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

    /// Makes `Date()` (and Dispatch's wall time) in an app's code under a simulated device the phone's date, on
    /// whichever thread the code runs: its turns on the main queue, its Swift tasks, the blocks it sends to Dispatch's
    /// queues (docs/lifecycle.md §19). A test's own code, and a real process, keep the real date. On Linux; elsewhere
    /// the date stays the real one.
    package static func readDatesOnThePhonesClock() {
        lifecycle_clock_read_dates_with { now in
            // Every read of the real-time clock in the process comes here: the main actor is asked only in an app's
            // turn (the run loop reads the date between an explorer's sessions, and a test's own code reads it).
            let tasks =
                AppTasks.current?.tasks ?? AppTasks.blockOwner
                ?? (Application.isRunningSomeTurn ? AppTasks.ofCodeRunningHere : nil)
            guard let date = tasks?.phoneDate?() else { return 0 }
            let nanoseconds = Int((date.timeIntervalSince1970 * 1_000_000_000).rounded())
            let (seconds, fraction) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            now.pointee.tv_sec = fraction < 0 ? seconds - 1 : seconds
            now.pointee.tv_nsec = fraction < 0 ? fraction + 1_000_000_000 : fraction
            return 1
        }
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
