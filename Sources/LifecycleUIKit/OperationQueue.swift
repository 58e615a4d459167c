import Foundation
import LifecycleKit

/// Foundation's `OperationQueue` as an app's code sees it: ``main`` is the app's main queue (docs/lifecycle.md §19).
///
/// Code that imports LifecycleUIKit names this class where it writes `OperationQueue`; every queue but ``main`` is
/// Foundation's own. It matters most to `NotificationCenter.default.addObserver(forName:object:queue: .main)`: iOS
/// posts UIKit's notifications on the main thread, where the main queue is the current one, so such an observer runs
/// at once, inside the post. Foundation's main queue would wait for a main queue that the test holding the main
/// actor never lets go of: the test process would hang.
open class OperationQueue: Foundation.OperationQueue, @unchecked Sendable {
    // Sendable as Foundation's queue is: it adds no state of its own.

    /// `OperationQueue.main`: the main queue of the app whose code runs.
    open override class var main: OperationQueue { MainOperationQueue.shared }

    /// `OperationQueue.current`: ``main`` on the main queue.
    open override class var current: Foundation.OperationQueue? {
        MainQueueCheck.isOnMainQueue ? MainOperationQueue.shared : Foundation.OperationQueue.current
    }
}

/// The app's main queue as an `OperationQueue`: an operation added on the main queue is the app's main-queue work
/// (``MainDispatchQueue``), and waiting for it there runs it at once, as the main queue would if it were not the one
/// waiting. From another thread, the app's main queue under a simulated device, Foundation's otherwise.
final class MainOperationQueue: OperationQueue, @unchecked Sendable {
    // Sendable: its one state, the blocks added and not run, is touched only on the main actor.
    static let shared = MainOperationQueue()

    /// The blocks added on the main queue and not run yet, in order.
    @MainActor private var waiting: [(number: Int, block: @Sendable () -> Void)] = []
    @MainActor private var added = 0

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard MainQueueCheck.isOnMainQueue else {
            // The app's code off the main queue under a simulated device reaches its own main queue, as with Dispatch.
            if AppTasks.ofCodeRunningHere != nil {
                MainDispatchQueue.shared.async { block() }
            } else {
                Foundation.OperationQueue.main.addOperation(block)
            }
            return
        }
        MainActor.assumeIsolated {
            added += 1
            let number = added
            waiting.append((number, block))
            DispatchQueue.main.async { self.run(number) }
        }
    }

    override func addOperation(_ operation: Operation) {
        addOperation { operation.start() }
    }

    override func waitUntilAllOperationsAreFinished() {
        guard MainQueueCheck.isOnMainQueue else {
            Foundation.OperationQueue.main.waitUntilAllOperationsAreFinished()
            return
        }
        MainActor.assumeIsolated {
            while let first = waiting.first { run(first.number) }
        }
    }

    /// Runs a block added earlier, unless a wait ran it already.
    @MainActor private func run(_ number: Int) {
        guard let position = waiting.firstIndex(where: { $0.number == number }) else { return }
        let block = waiting.remove(at: position).block
        block()
    }
}
