import Foundation
import LifecycleCore

extension Application {
    /// Puts work of the app's code on its main queue (`DispatchQueue.main.async` in LifecycleUIKit), as a phone runs
    /// it: after the callback being delivered and the notifications that follow it, in the order enqueued, before
    /// the phone does anything else with the app (docs/lifecycle.md §19).
    ///
    /// Work the app's code enqueues in a turn (a delegate's method, an observer of the notifications that follow) waits
    /// for the end of the turn, which every host marks with ``runMainQueueWork()``: in a real process too, so that
    /// the work runs before the system goes on with the app (before a step's next delegate method, before the process
    /// is stopped as suspended), as on a phone, where each of UIKit's calls is a turn of the run loop. Work enqueued
    /// out of any turn (from a task, from the app's own Dispatch source) goes to the real main queue of a real
    /// process; a simulated device keeps all of it until the end of the turn, in virtual time.
    public func enqueueMainQueueWork(_ work: @escaping @MainActor () -> Void) {
        if host.simulatesProcesses || Self.running === self {
            mainQueueWork.append(work)
        } else {
            host.run(after: .zero) { [self] in runningCode(work) }
        }
    }

    /// Whether work waits on the app's main queue.
    package var hasMainQueueWork: Bool { !mainQueueWork.isEmpty }

    /// Runs the work on the app's main queue, in order, the work it enqueues meanwhile included: the host calls it at
    /// the end of each turn of the app's code. Nothing runs while the process is suspended: the work waits.
    ///
    /// A main queue that never empties (work that enqueues itself again each time) is the app's code hanging: after
    /// ``mainQueueLimit`` blocks in one turn the app crashes, as the watchdog would end it on a phone.
    public func runMainQueueWork() {
        guard !mainQueueWork.isEmpty else { return }
        switch host.state(of: bundleIdentifier) {
        case .suspended: return
        case .notRunning:
            // The process ended in the turn (its code crashed, the watchdog): its work is gone with it.
            mainQueueWork = []
            return
        case .active, .inactive, .background: break
        }
        var ran = 0
        while !mainQueueWork.isEmpty {
            guard ran < Self.mainQueueLimit else {
                mainQueueWork = []
                crash("the main queue never empties: \(Self.mainQueueLimit) blocks ran in one turn of the run loop")
                return
            }
            let work = mainQueueWork.removeFirst()
            runningCode(work)
            ran += 1
        }
    }

    /// How many blocks of the main queue one turn runs before the app's code is taken to hang.
    public static let mainQueueLimit = 10_000
}
