import Dispatch
import Foundation
import LifecycleKit

/// Dispatch's `DispatchQueue` as an app's code sees it on a phone: ``main`` is the main queue of the app whose code
/// runs, which runs its work after the current callback and its notifications, before the phone does anything else
/// with the app, and never while the app is suspended (docs/lifecycle.md §19). Every other queue is Dispatch's own.
///
/// Code that imports LifecycleUIKit (as iOS code imports UIKit) names this class where it writes `DispatchQueue`:
/// `DispatchQueue.main.async { … }`, `DispatchQueue.main.asyncAfter(deadline: .now() + 20) { … }` and
/// `DispatchQueue.global().async { … }` read as on iOS. Under a simulated device the main queue's work runs in
/// virtual time (a delay is measured from the real time at the call, then counted on the phone's clock); in a real
/// process it goes to the process's main queue. Where a Dispatch API asks for Dispatch's own queue
/// (`DispatchGroup.notify(queue:)`, `DispatchSource`), ``dispatchQueue`` gives it; Dispatch runs such work in real
/// time, outside what a simulated device controls.
public final class DispatchQueue: @unchecked Sendable {
    // Sendable as Dispatch's queue is: it only holds one.

    public typealias Attributes = Dispatch.DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency

    /// Dispatch's queue that this one is.
    public let dispatchQueue: Dispatch.DispatchQueue

    /// A queue of Dispatch's, as this type.
    public init(_ queue: Dispatch.DispatchQueue) {
        self.dispatchQueue = queue
    }

    /// `DispatchQueue.main`: the main queue of the app whose code runs.
    public static var main: MainDispatchQueue { MainDispatchQueue.shared }

    /// `DispatchQueue.global(qos:)`.
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        DispatchQueue(Dispatch.DispatchQueue.global(qos: qos))
    }

    /// `DispatchQueue.concurrentPerform(iterations:execute:)`.
    public static func concurrentPerform(iterations: Int, execute work: @Sendable (Int) -> Void) {
        Dispatch.DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
    }

    public var label: String { dispatchQueue.label }

    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        // An app's work under a simulated device is waited for between steps (docs/lifecycle.md §19).
        let work = AppTasks.ofCodeRunningHere?.countingBlock(work) ?? work
        dispatchQueue.async(group: group, qos: qos, flags: flags, execute: work)
    }

    public func async(execute workItem: DispatchWorkItem) {
        dispatchQueue.async(execute: workItem)
    }

    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        dispatchQueue.asyncAfter(deadline: deadline, qos: qos, flags: flags, execute: work)
    }

    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        dispatchQueue.asyncAfter(deadline: deadline, execute: workItem)
    }

    public func asyncAfter(
        wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        dispatchQueue.asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags, execute: work)
    }

    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        try dispatchQueue.sync(execute: work)
    }

    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        try dispatchQueue.sync(flags: flags, execute: work)
    }

    public func sync(execute workItem: DispatchWorkItem) {
        dispatchQueue.sync(execute: workItem)
    }

    public func suspend() { dispatchQueue.suspend() }
    public func resume() { dispatchQueue.resume() }
    public func activate() { dispatchQueue.activate() }

    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {
        dispatchQueue.setSpecific(key: key, value: value)
    }

    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? {
        dispatchQueue.getSpecific(key: key)
    }

    public static func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? {
        Dispatch.DispatchQueue.getSpecific(key: key)
    }
}

/// `DispatchQueue.main` as an app's code sees it: work enqueued from the app's code on the main thread is the app's,
/// (on the main queue, where the main actor runs) and its host runs it as a phone would (``Application/enqueueMainQueueWork(_:)``); work enqueued from another
/// thread, or from no app's code, goes to the process's main queue.
public final class MainDispatchQueue: Sendable {
    static let shared = MainDispatchQueue()

    /// Dispatch's main queue.
    public var dispatchQueue: Dispatch.DispatchQueue { .main }
    public var label: String { Dispatch.DispatchQueue.main.label }

    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @MainActor @Sendable () -> Void
    ) {
        group?.enter()
        enqueue(after: nil) {
            work()
            group?.leave()
        }
    }

    public func async(execute workItem: DispatchWorkItem) {
        let item = WorkItem(item: workItem)
        enqueue(after: nil) { item.item.perform() }
    }

    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @MainActor @Sendable () -> Void
    ) {
        enqueue(after: Self.delay(until: deadline), work)
    }

    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        let item = WorkItem(item: workItem)
        enqueue(after: Self.delay(until: deadline)) { item.item.perform() }
    }

    public func asyncAfter(
        wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @MainActor @Sendable () -> Void
    ) {
        let now = DispatchWallTime.now()
        let nanoseconds =
            wallDeadline.rawValue > now.rawValue ? Int64(clamping: wallDeadline.rawValue - now.rawValue) : 0
        enqueue(after: .nanoseconds(nanoseconds), work)
    }

    /// `DispatchQueue.main.sync`: from the main thread, as on iOS, a deadlock, which Dispatch reports.
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        try Dispatch.DispatchQueue.main.sync(execute: work)
    }

    /// The time from now (real) to a deadline, which a simulated device counts on the phone's clock.
    private static func delay(until deadline: DispatchTime) -> Duration {
        let now = DispatchTime.now().uptimeNanoseconds
        let due = deadline.uptimeNanoseconds
        return .nanoseconds(due > now ? Int64(clamping: due - now) : 0)
    }

    private func enqueue(after delay: Duration?, _ work: @escaping @MainActor @Sendable () -> Void) {
        guard MainQueueCheck.isOnMainQueue, let application = MainActor.assumeIsolated({ Application.current }) else {
            if let tasks = AppTasks.ofCodeRunningHere {
                // The app's code off the main queue (a completion handler, a block on a global queue) under a host
                // that simulates it: to its main queue, by way of the real one, which the host waits for.
                tasks.hopToTheMainQueue {
                    if let delay, delay > .zero {
                        tasks.scheduleWake(delay, work)
                    } else {
                        tasks.runOnMainQueue(work)
                    }
                }
                return
            }
            Dispatch.DispatchQueue.main.asyncAfter(deadline: .now() + (delay ?? .zero).inSeconds) {
                MainActor.assumeIsolated { work() }
            }
            return
        }
        MainActor.assumeIsolated {
            if let delay, delay > .zero {
                application.run(after: delay, work)
            } else {
                application.enqueueMainQueueWork(work)
            }
        }
    }
}

/// A work item carried to the main queue. Safe to send: Dispatch's work items may be performed and cancelled from any
/// thread (their state is atomic), which is what Dispatch's own queues do with them.
private struct WorkItem: @unchecked Sendable {
    let item: DispatchWorkItem
}
