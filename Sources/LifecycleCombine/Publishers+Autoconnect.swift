import Foundation

extension Publishers {
    /// A connectable publisher that connects itself while it has subscribers (Combine's `Publishers.Autoconnect`).
    ///
    /// `@unchecked Sendable`: its state (the subscribers counted, the connection) is read and written under `lock`;
    /// the upstream publisher's connection and values go on outside it.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher it connects: `timer.upstream.connect().cancel()` stops a timer, as in Combine.
        public let upstream: Upstream
        private let lock = NSLock()
        private var subscribers = 0
        private var connection: (any Cancellable)?

        public init(upstream: Upstream) { self.upstream = upstream }

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let subscription = upstream.attach(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            let isFirst = lock.withLock {
                subscribers += 1
                return subscribers == 1
            }
            if isFirst {
                let made = upstream.connect()
                lock.withLock { connection = made }
            }
            return AnyCancellable { [self] in
                subscription.cancel()
                let last: (any Cancellable)? = lock.withLock {
                    subscribers -= 1
                    guard subscribers == 0 else { return nil }
                    defer { connection = nil }
                    return connection
                }
                last?.cancel()
            }
        }
    }
}
