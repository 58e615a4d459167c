/// A publisher that the app's code sends values through (Combine's `Subject`).
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends `value` to every subscriber.
    func send(_ value: Output)
    /// Ends the subject: every subscriber gets `completion`, and nothing more is sent.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}
