/// A publisher that sends nothing until it is connected (Combine's `ConnectablePublisher`): a timer's.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts sending; the returned value stops it. Connecting a publisher already connected gives its connection.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// A publisher that connects this one when a first subscriber attaches and stops it when the last one goes:
    /// `Timer.publish(every: 1, on: .main, in: .common).autoconnect()`.
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

/// Combine's namespace of publishers that operators and connections make.
public enum Publishers {}
