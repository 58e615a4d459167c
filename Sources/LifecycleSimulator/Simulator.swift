import HeapModule
import LifecycleCore

/// A deterministic host of the core: runs a ``Phone`` on a virtual clock and streams its trace.
///
/// Timers the phone asks for go into an event queue ordered by due time, then by the order they were set,
/// so a run gives the same trace every time and an hour of phone use takes microseconds. Time moves only
/// through ``advance(by:)`` and through callbacks that take time: after every action the simulator lets
/// time run until no app is inside a callback (SPEC.md §10).
public struct Simulator<Sink: TraceSink> {
    public private(set) var phone: Phone
    /// Time since the start.
    public private(set) var now: Duration = .zero
    public var sink: Sink

    private var queue = Heap<ScheduledTimer>()
    /// Timers set and neither fired nor cancelled: a cancelled timer leaves the queue lazily, when it falls due.
    private var live: Set<UInt64> = []
    private var sequence: UInt64 = 0

    public init(phone: Phone, sink: Sink) {
        self.phone = phone
        self.sink = sink
    }

    /// Performs a user action and lets time run through the work it causes.
    ///
    /// - Parameter label: the scenario line to record before the action's effects, if any.
    /// - Throws: ``ImpossibleAction`` when the action is impossible now; nothing is recorded then.
    public mutating func perform(_ action: UserAction, label: (line: Int, text: String)? = nil)
        throws(ImpossibleAction)
    {
        let actions = try phone.perform(action)
        if let label { record(.action(line: label.line, text: label.text)) }
        carryOut(actions)
        settle()
    }

    /// Lets `duration` of virtual time pass, firing the timers that fall due, in order.
    public mutating func advance(by duration: Duration) {
        let end = now + duration
        while let next = queue.min, next.due <= end {
            fireNext()
        }
        now = end
        settle()
    }

    /// Records an `expect` line and returns whether it held.
    public mutating func expect(_ app: AppID, _ expected: AppState, line: Int) -> Bool {
        let actual = phone.state(of: app) ?? .notRunning
        record(.expect(line: line, app: app, expected: expected, actual: actual))
        return actual == expected
    }

    /// Records an event at the current time.
    public mutating func record(_ event: TraceRecord.Event) {
        sink.write(TraceRecord(time: now, event: event))
    }

    /// How many timers are waiting, cancelled ones included until they fall due.
    public var pendingTimers: Int { queue.count }

    // MARK: Carrying out the core's actions

    /// Fires the timers already due, then runs timers while some app is inside a callback: time moves
    /// through the work apps are declared to take.
    private mutating func settle() {
        while let next = queue.min, next.due <= now || phone.isBusy {
            fireNext()
        }
    }

    private mutating func fireNext() {
        let next = queue.removeMin()
        guard live.remove(next.timer.id) != nil else { return }
        now = next.due
        carryOut(phone.timerFired(next.timer))
    }

    private mutating func carryOut(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .transition(let app, let from, let to, let reason):
                record(.transition(app, from: from, to: to, reason: reason))
            case .callback(let app, let callback, let detail):
                record(.callback(app, callback, detail))
            case .notification(let app, let notification):
                record(.notification(app, notification))
            case .note(let app, let text):
                record(.note(app, text))
            case .scheduleTimer(let timer, let delay):
                sequence += 1
                queue.insert(ScheduledTimer(due: now + delay, sequence: sequence, timer: timer))
                live.insert(timer.id)
            case .cancelTimer(let timer):
                live.remove(timer.id)
            }
        }
    }
}

/// A timer in the simulator's queue, ordered by due time, then by the order it was set.
struct ScheduledTimer: Comparable {
    let due: Duration
    let sequence: UInt64
    let timer: SystemTimer

    static func < (lhs: ScheduledTimer, rhs: ScheduledTimer) -> Bool {
        (lhs.due, lhs.sequence) < (rhs.due, rhs.sequence)
    }

    static func == (lhs: ScheduledTimer, rhs: ScheduledTimer) -> Bool {
        lhs.sequence == rhs.sequence
    }
}
