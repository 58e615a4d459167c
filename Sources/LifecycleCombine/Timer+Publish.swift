import Foundation
import LifecycleKit

extension Foundation.Timer {
    /// A publisher of the date every `interval` seconds once it is connected (Combine's `Timer.publish`): most often
    /// `Timer.publish(every: 1, on: .main, in: .common).autoconnect()` and a view's `onReceive`.
    ///
    /// On the main run loop it ticks as the app's main-queue work, on the phone's clock (virtual under a simulated
    /// device) and with the phone's date: never while the app is suspended, and once when it runs again, however many
    /// ticks it missed, as a repeating timer of a run loop does. On another run loop it is Foundation's timer there.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode)
    }

    /// The publisher of ``publish(every:tolerance:on:in:)`` (Combine's `Timer.TimerPublisher`).
    ///
    /// `@unchecked Sendable`: its state (the connection) is read and written under `lock`; the ticks send outside it.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        private let subscribers = SubscriberList<Date, Never>()
        private let lock = NSLock()
        private var connection: TimerConnection?

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
        }

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Date) -> Void
        ) -> AnyCancellable {
            subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        public func connect() -> any Cancellable {
            let (made, isNew): (TimerConnection, Bool) = lock.withLock {
                if let connection { return (connection, false) }
                let made = TimerConnection { [weak self] in self?.lock.withLock { self?.connection = nil } }
                connection = made
                return (made, true)
            }
            guard isNew else { return made }
            if runLoop === RunLoop.main {
                tick(after: interval, while: made)
            } else {
                let timer = Foundation.Timer(timeInterval: interval, repeats: true) { [subscribers] _ in
                    subscribers.send(Date())
                }
                runLoop.add(timer, forMode: mode)
                made.onCancel { timer.invalidate() }
            }
            return made
        }

        /// Sends the phone's date after `delay`, as the app's main-queue work, and goes on until `connection` is
        /// cancelled.
        private func tick(after delay: TimeInterval, while connection: TimerConnection) {
            LifecycleUIKit.DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [self] in
                guard !connection.isCancelled else { return }
                subscribers.send(Application.current?.currentDate ?? Date())
                tick(after: interval, while: connection)
            }
        }
    }
}

/// A timer's connection: cancelling it stops the timer. Letting it go does not, as in Combine.
///
/// `@unchecked Sendable`: its state (whether it is cancelled, what cancelling does) is read and written under `lock`.
final class TimerConnection: Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var cancelling: [() -> Void]

    init(_ cancel: @escaping () -> Void) { cancelling = [cancel] }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Adds what cancelling does.
    func onCancel(_ action: @escaping () -> Void) { lock.withLock { cancelling.append(action) } }

    func cancel() {
        let actions: [() -> Void] = lock.withLock {
            guard !cancelled else { return [] }
            cancelled = true
            return cancelling
        }
        for action in actions { action() }
    }
}
