import Foundation
import LifecycleKit
import LifecycleUIKit

/// A publisher's values as an asynchronous sequence (Combine's `AsyncPublisher`, `publisher.values`):
/// `for await _ in model.objectWillChange.values { … }`.
///
/// As in Combine, the loop asks for one value at a time: a value sent while the loop's body runs, or before the loop
/// first asks, is dropped, unless the publisher is a ``Publishers/Buffer``, which keeps up to its size of them. The
/// subscription starts when the iteration does and ends with the publisher's end, or when the iterating task is
/// cancelled. Each value is handed over inside its send; the body runs when the iterating task next runs (in an
/// app's task under a simulated device, when the device settles the app's tasks, docs/lifecycle.md §19).
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    let publisher: P

    public init(_ publisher: P) { self.publisher = publisher }

    public func makeAsyncIterator() -> Iterator {
        let buffer = publisher as? any BufferingPublisher
        let inbox = Inbox<Element>(capacity: buffer?.size ?? 0, dropsOldest: buffer?.dropsOldest ?? false)
        let subscription = publisher.attach(
            receiveCompletion: { _ in inbox.finish() }, receiveValue: { inbox.receive($0) })
        inbox.keep(subscription)
        return Iterator(inbox: inbox)
    }

    /// Waits for the publisher's next value; `nil` once it has ended or the task is cancelled.
    public struct Iterator: AsyncIteratorProtocol {
        let inbox: Inbox<Element>

        public mutating func next() async -> Element? {
            await inbox.next()
        }

        /// The next value, waited for in the caller's isolation (what a `for await` loop calls).
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await inbox.next()
        }
    }
}

extension Publisher where Failure == Never {
    /// The values as an asynchronous sequence, one asked for at a time (``AsyncPublisher``).
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

/// A publisher that keeps values for a subscriber that asks one at a time.
protocol BufferingPublisher {
    var size: Int { get }
    var dropsOldest: Bool { get }
}

extension Publishers.Buffer: BufferingPublisher {
    var dropsOldest: Bool {
        if case .dropOldest = whenFull { true } else { false }
    }
}

/// What an ``AsyncPublisher``'s iteration has received and not yet returned, and the one waiting for it.
///
/// `@unchecked Sendable`: its state is read and written under `lock`; a value is handed from the thread that sends
/// it to the task that waits, once, as Combine hands it to its subscriber.
final class Inbox<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private let dropsOldest: Bool
    private var kept: [Element] = []
    /// A value on its way to the task that waits for it. `@unchecked Sendable`: it is handed over once, and the
    /// sender keeps no hold on it, as Combine hands a value to its subscriber.
    struct Handed: @unchecked Sendable {
        let value: Element
    }

    private var waiting: CheckedContinuation<Handed?, Never>?
    private var ended = false
    private var subscription: AnyCancellable?

    init(capacity: Int, dropsOldest: Bool) {
        self.capacity = capacity
        self.dropsOldest = dropsOldest
    }

    func keep(_ subscription: AnyCancellable) {
        let cancelled = lock.withLock {
            self.subscription = subscription
            return ended
        }
        if cancelled { subscription.cancel() }
    }

    func receive(_ value: Element) {
        // The iterating task may have been found waiting, for what none of the app's work was doing: it goes on.
        AppTasks.ofCodeRunningHere?.waitingTasksMayGoOn()
        let continuation: CheckedContinuation<Handed?, Never>? = lock.withLock {
            if let waiting {
                self.waiting = nil
                return waiting
            }
            if kept.count < capacity {
                kept.append(value)
            } else if dropsOldest, capacity > 0 {
                kept.removeFirst()
                kept.append(value)
            }
            return nil
        }
        continuation?.resume(returning: Handed(value: value))
    }

    func finish() {
        let continuation: CheckedContinuation<Handed?, Never>? = lock.withLock {
            ended = true
            defer { waiting = nil }
            return waiting
        }
        continuation?.resume(returning: nil)
    }

    func next() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Handed?, Never>) in
                let answer: Handed?? = lock.withLock {
                    if !kept.isEmpty { return .some(Handed(value: kept.removeFirst())) }
                    if ended || Task.isCancelled { return .some(nil) }
                    waiting = continuation
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }?.value
        } onCancel: {
            let subscription = lock.withLock { self.subscription }
            subscription?.cancel()
            finish()
        }
    }
}
