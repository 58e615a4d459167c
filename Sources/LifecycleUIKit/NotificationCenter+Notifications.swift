import Foundation
import LifecycleKit

extension NotificationCenter {
    /// `notifications(named:object:)`: the notifications of a name (and sender), as an asynchronous sequence that
    /// observes from when its iteration begins until the iterating task ends or is cancelled:
    /// `for await _ in NotificationCenter.default.notifications(named: UIApplication.didBecomeActiveNotification)`.
    ///
    /// Each notification is handed over inside its post; the loop's body runs when the iterating task next runs. In
    /// an app's task under a simulated device that is when the device settles the running app's tasks, after the step
    /// (docs/lifecycle.md §19), not inside the turn as an observer's block runs: work the body begins on
    /// `didEnterBackgroundNotification` comes once the app runs again if nothing held it in the background. Begin
    /// such work in an observer, `onReceive` or the delegate's method.
    public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
        Notifications(center: self, name: name, object: object)
    }

    /// The notifications of one name, as an `AsyncSequence` (Foundation's `NotificationCenter.Notifications`).
    public struct Notifications: AsyncSequence, @unchecked Sendable {
        // Sendable as Foundation's is: it holds the center (Sendable) and the name and sender it observes.
        public typealias Element = Notification

        let center: NotificationCenter
        let name: Notification.Name
        let object: AnyObject?

        public func makeAsyncIterator() -> AsyncStream<Notification>.Iterator {
            let (stream, continuation) = AsyncStream<Notification>.makeStream(bufferingPolicy: .unbounded)
            let handOver = NotificationHandOver(continuation: continuation)
            let observer = center.addObserver(forName: name, object: object, queue: nil) { notification in
                handOver.yield(notification)
            }
            let center = center
            let observation = ObserverToken(observer)
            continuation.onTermination = { _ in center.removeObserver(observation.observer) }
            return stream.makeAsyncIterator()
        }
    }
}

/// Hands a posted notification to the task iterating over them, and tells the app's tasks that the task may go on
/// (it was waiting for what none of the app's work was doing).
///
/// `@unchecked Sendable`: the continuation is safe to use from any thread, and a notification holds what its poster
/// gave, which nobody changes in place.
private final class NotificationHandOver: @unchecked Sendable {
    let continuation: AsyncStream<Notification>.Continuation

    init(continuation: AsyncStream<Notification>.Continuation) {
        self.continuation = continuation
    }

    func yield(_ notification: Notification) {
        AppTasks.ofCodeRunningHere?.waitingTasksMayGoOn()
        nonisolated(unsafe) let notification = notification
        continuation.yield(notification)
    }
}

/// An observer's token, carried to where the observation ends. `@unchecked Sendable`: Foundation's tokens may be
/// removed from any thread.
private final class ObserverToken: @unchecked Sendable {
    let observer: any NSObjectProtocol

    init(_ observer: any NSObjectProtocol) {
        self.observer = observer
    }
}
