/// A timer the phone has set, as plain values: its app is an index on the phone, so it is copied and compared
/// without reference counting.
///
/// What an ``ActionList`` carries, and what a host that keeps one hands back to ``Phone/timerFired(_:into:)``.
/// ``Phone/systemTimer(_:)`` makes the ``SystemTimer`` a reader sees, which names its app.
public struct PlainTimer: Sendable, Hashable, BitwiseCopyable {
    /// Unique within a phone.
    public let id: UInt64
    public let purpose: SystemTimer.Purpose
    /// The index of the app on its phone (``Phone/appID(at:)``); `nil` for a timer of the whole device.
    public let app: Int?
    /// What a watchdog guards; `nil` for other timers.
    public let subject: SystemTimer.Subject?

    public init(id: UInt64, purpose: SystemTimer.Purpose, app: Int?, subject: SystemTimer.Subject? = nil) {
        self.id = id
        self.purpose = purpose
        self.app = app
        self.subject = subject
    }
}
