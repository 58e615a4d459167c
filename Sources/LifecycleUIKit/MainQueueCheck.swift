import Dispatch

/// Whether code runs on the main queue, where the main actor's work runs: the test of Foundation's names that stand
/// for the app's (``NotificationCenter/default``, ``DispatchQueue/main``, ``OperationQueue/main``).
///
/// The main thread is no test of it: under `swift test` on Linux the main queue is served by one of Dispatch's
/// threads (`Thread.isMainThread` is false in a `@MainActor` test), so the queue is marked and asked instead.
package enum MainQueueCheck {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        Dispatch.DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the code calling runs on the main queue.
    package static var isOnMainQueue: Bool { Dispatch.DispatchQueue.getSpecific(key: key) ?? false }
}
