import Foundation

/// Where a publisher's values are sent (Combine's `Scheduler`, by its `schedule(_:)`): the app's main queue as
/// `DispatchQueue.main`, `RunLoop.main` or `OperationQueue.main`, another queue, or at once.
public protocol Scheduler {
    /// Runs `action` on this scheduler, after what is already there.
    func schedule(_ action: @escaping () -> Void)
    /// Runs `action` on this scheduler once `delay` has passed: for the main queue and the main run loop, on the
    /// phone's clock (`debounce`).
    func schedule(after delay: Duration, _ action: @escaping () -> Void)
}

extension Scheduler {
    /// A scheduler with no clock of its own waits on the main queue's, the phone's clock in the app's code, then runs
    /// the action on itself.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        LifecycleUIKit.DispatchQueue.main.schedule(after: delay) { schedule(action) }
    }
}

extension MainDispatchQueue: Scheduler {
    /// `receive(on: DispatchQueue.main)`: the app's main-queue work.
    public func schedule(_ action: @escaping () -> Void) {
        let action = UncheckedHandler<Void>(receive: action)
        async { action.receive(()) }
    }

    /// The app's main-queue work after `delay` on the phone's clock (`asyncAfter`).
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        let action = UncheckedHandler<Void>(receive: action)
        asyncAfter(deadline: .now() + delay.inSeconds) { action.receive(()) }
    }
}

extension LifecycleUIKit.DispatchQueue: Scheduler {
    public func schedule(_ action: @escaping () -> Void) {
        let action = UncheckedHandler<Void>(receive: action)
        async { action.receive(()) }
    }
}

extension Foundation.OperationQueue: Scheduler {
    /// `receive(on: OperationQueue.main)`: the app's main-queue work, as LifecycleUIKit's `OperationQueue.main` adds
    /// it.
    public func schedule(_ action: @escaping () -> Void) {
        let action = UncheckedHandler<Void>(receive: action)
        addOperation { action.receive(()) }
    }
}

extension RunLoop: Scheduler {
    /// `receive(on: RunLoop.main)`: on a phone the main run loop turns the main queue too, so this is the app's
    /// main-queue work, as `DispatchQueue.main` is. Another run loop performs it on its next turn.
    public func schedule(_ action: @escaping () -> Void) {
        let action = UncheckedHandler<Void>(receive: action)
        if self === RunLoop.main {
            LifecycleUIKit.DispatchQueue.main.async { action.receive(()) }
        } else {
            perform { action.receive(()) }
        }
    }
}

/// A scheduler that runs each action at once (Combine's `ImmediateScheduler`).
public struct ImmediateScheduler: Scheduler, Sendable {
    public static let shared = ImmediateScheduler()

    public func schedule(_ action: @escaping () -> Void) { action() }
}
