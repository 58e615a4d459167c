/// A timer the phone has set, as an app's record keeps it: plain values, copied without reference counting.
/// Internal to ``Phone``.
///
/// The ``PlainTimer`` a host gets also gives the app and what a watchdog guards; the phone makes it again from
/// the handle when it cancels the timer.
struct TimerHandle: Sendable, Hashable {
    let id: UInt64
    let purpose: SystemTimer.Purpose

    init(_ timer: PlainTimer) {
        id = timer.id
        purpose = timer.purpose
    }

    /// Whether a timer handed back by the host is this one (identifiers are unique within a phone).
    func matches(_ timer: PlainTimer) -> Bool {
        timer.id == id && timer.purpose == purpose
    }
}
