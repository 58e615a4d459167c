import HeapModule
import LifecycleCore
import LifecycleTrace

/// A deterministic host of the core: runs a ``Phone`` on a virtual clock and streams its trace.
///
/// Timers the phone asks for go into an event queue ordered by due time, then by the order they were set,
/// so a run gives the same trace every time and an hour of phone use takes microseconds. Time moves only
/// through ``advance(by:)`` and through callbacks that take time: after every action the simulator lets
/// time run until no app is inside a callback (docs/lifecycle.md §10).
///
/// Apps whose code runs in the host get their callbacks from ``hostedCode``, which may call back into the
/// simulator while it runs: the simulator is a class so that it can be re-entered.
public final class Simulator<Sink: TraceSink> {
    // The simulator's own state is `@exclusivity(unchecked)`: it is touched several times an action, and the
    // run-time check of each access to a class's property cost about 100 instructions (8% of `lifecycle run`).
    // This is safe because no access to these properties can overlap another: all of them are in this file, and
    // none spans a call out of the simulator that could come back in. The phone is a value whose methods call
    // nothing outside it; hosted code is called only between accesses (with hosted code, `carryOut` walks its own
    // copy of the actions), so a call back into the simulator from hosted code begins its accesses after the outer
    // ones have ended. Without hosted code, `carryOut` walks the simulator's list in place, and calls only the
    // sink meanwhile, which cannot reach the simulator (see below).
    // `hostedCode` is unchecked too: each access to it only loads or stores the reference, and ends before the
    // hosted code is called (`hostedCode?.post(…)` loads the reference, ends the access, then calls: the compiled
    // code says so), so no access to it can overlap another. Its check was read once an event (34,694 times in the
    // count of `lifecycle run`'s instructions, 2.6 M of them). The sink's `write(_:)` runs inside the sink's access:
    // the sink is checked by a flag of the simulator's own instead, which catches the same overlap (a sink that
    // reaches its simulator while it writes) at a fraction of the cost, once a record.
    @exclusivity(unchecked) public private(set) var phone: Phone
    /// Time since the start.
    @exclusivity(unchecked) public private(set) var now: Duration = .zero {
        didSet { clock.publish(now) }
    }
    /// ``now``, for code on other threads.
    public let clock = SharedClock()
    /// Where the trace goes.
    ///
    /// - Precondition: not used from inside the sink's own `write(_:)` (the simulator traps, as Swift's run-time
    ///   exclusivity check would).
    public var sink: Sink {
        get {
            requireSinkFree()
            return storedSink
        }
        set {
            requireSinkFree()
            storedSink = newValue
        }
        _modify {
            requireSinkFree()
            sinkInUse = true
            defer { sinkInUse = false }
            yield &storedSink
        }
    }
    // Every access to `storedSink` is in `sink`'s accessors or in `record(_:)`, each of which first requires
    // `sinkInUse` to be false and holds it true while outside code (the sink) may run; the simulator is not
    // `Sendable`, so no other thread can reach it. No two accesses can therefore overlap undetected.
    @exclusivity(unchecked) private var storedSink: Sink
    @exclusivity(unchecked) private var sinkInUse = false

    private func requireSinkFree() {
        precondition(!sinkInUse, "Simulator: its trace sink was used from inside the sink's own write(_:)")
    }
    /// Runs the callbacks of apps whose code is hosted. Without it, such an app's callbacks return at once.
    @exclusivity(unchecked) public weak var hostedCode: (any HostedAppCode)?

    @exclusivity(unchecked) private var queue = Heap<ScheduledEvent>()
    /// What each queued event does, in the slot its entry in the queue names: kept beside the heap, so the heap
    /// moves plain values. A slot is free again once its event has run (an array, not a dictionary by sequence
    /// number: hashing cost about 3% of `lifecycle run`).
    @exclusivity(unchecked) private var queuedEvents: [ScheduledEvent.Event?] = []
    @exclusivity(unchecked) private var freeSlots: [Int] = []
    /// Timers set by the actions being carried out, with their due times and sequence numbers, not yet queued:
    /// one that the same actions cancel never enters the queue. Such are the watchdogs armed around callbacks that
    /// return at once — in the benchmark's load scenario, every timer set — and each cost a queue entry, a place
    /// among the live timers, and a trip out of a queue they made longer when it fell due.
    @exclusivity(unchecked) private var timersToQueue: [(timer: PlainTimer, due: Duration, sequence: UInt64)] = []
    /// Timers set and neither fired nor cancelled: a cancelled timer leaves the queue lazily, when it falls due.
    @exclusivity(unchecked) private var live: Set<UInt64> = []
    @exclusivity(unchecked) private var sequence: UInt64 = 0
    /// The phone's apps, by index: what the phone's plain actions name. Kept here, since asking the phone, a
    /// property of a class, copied the whole phone every time.
    @exclusivity(unchecked) private var appIDs: [AppID]
    /// The apps whose code runs in the host, by index on the phone.
    @exclusivity(unchecked) private var hostedApps: Set<Int>
    /// When each app's background budget runs out, while it runs, by index on the phone.
    @exclusivity(unchecked) private var budgetDeadlines: [Int: (timer: UInt64, due: Duration)] = [:]
    /// What the phone asked for last, kept so that its storage serves every event (hosted code that calls back
    /// in the middle of carrying it out gets a fresh copy).
    @exclusivity(unchecked) private var actions = ActionList()

    public init(phone: Phone, sink: Sink) {
        self.phone = phone
        self.storedSink = sink
        let appIDs = phone.appIDs
        self.appIDs = appIDs
        self.hostedApps = Set(appIDs.indices.filter { phone.configuration(of: appIDs[$0])?.runsHostedCode == true })
    }

    /// Adds an app to the phone, not running (``Phone/declare(_:)``).
    public func declare(_ app: AppConfiguration) {
        phone.declare(app)
        appIDs.append(app.id)
        if app.runsHostedCode, let index = phone.appIndex(of: app.id) { hostedApps.insert(index) }
    }

    /// Performs a user action and lets time run through the work it causes.
    ///
    /// - Parameters:
    ///   - label: the scenario line to record before the action's effects, if any.
    ///   - explanation: what the scenario says about the line, recorded right after it.
    /// - Throws: ``ImpossibleAction`` when the action is impossible now; nothing is recorded then.
    public func perform(
        _ action: UserAction, label: (line: Int, text: String)? = nil, explanation: String? = nil
    ) throws(ImpossibleAction) {
        actions.removeAll()
        do {
            try phone.perform(action, into: &actions)
        } catch {
            throw error.possibleWhen.flatMap(due).map { error.adding(" (it comes in \(($0 - now).secondsText) s)") }
                ?? error
        }
        if let label { record(.action(line: label.line, text: label.text)) }
        if let explanation { record(.explanation(explanation)) }
        carryOutActions()
        settle()
    }

    /// The end of virtual time: 10^15 s, some 31 million years after the start. Time stops there: a wait or
    /// a timer beyond it ends at it (and the trace says so), so no scenario and no hosted code can make the
    /// clock overflow.
    public static var endOfTime: Duration { .seconds(1_000_000_000_000_000) }

    /// The instant `delay` from now (time since the start), at the end of time at the latest; a negative delay is no
    /// delay.
    public func instant(after delay: Duration) -> Duration {
        let room = Self.endOfTime - now
        guard delay < room else {
            if !reachedEndOfTime {
                reachedEndOfTime = true
                record(.note(nil, "the simulator's clock stops at its end, 10^15 s; what falls later happens then"))
            }
            return Self.endOfTime
        }
        return now + max(delay, .zero)
    }

    @exclusivity(unchecked) private var reachedEndOfTime = false

    /// Lets `duration` of virtual time pass, firing the timers that fall due, in order.
    public func advance(by duration: Duration) {
        advance(to: instant(after: duration), pausingWhen: { false })
    }

    /// Lets virtual time pass up to `end` (time since the start) as ``advance(by:)`` does, but stops after the first
    /// event that makes `pause()` true, at that event's time: a host whose apps' code must run before time goes on
    /// (a Swift task waking from `Task.sleep`) calls it again once that code has run. Returns whether it paused.
    @discardableResult
    public func advance(to end: Duration, pausingWhen pause: () -> Bool) -> Bool {
        let end = min(max(end, now), Self.endOfTime)
        while let next = queue.min, next.due <= end {
            fireNext()
            if pause() {
                settle()
                return true
            }
        }
        now = end
        settle()
        return false
    }

    /// Records an `expect` line and returns whether it held.
    public func expect(_ app: AppID, _ expected: AppState, line: Int) -> Bool {
        let actual = phone.state(of: app) ?? .notRunning
        record(.expect(line: line, app: app, expected: expected, actual: actual))
        return actual == expected
    }

    /// Records an event at the current time.
    public func record(_ event: TraceRecord.Event) {
        requireSinkFree()
        sinkInUse = true
        storedSink.write(TraceRecord(time: now, event: event))
        sinkInUse = false
    }

    /// How many events are waiting, cancelled timers included until they fall due (but not one cancelled by the
    /// same actions that set it: that one never waited).
    public var pendingEvents: Int { queue.count }

    /// The background time an app has left, or `nil` when no budget runs for it.
    public func backgroundTimeRemaining(of app: AppID) -> Duration? {
        phone.appIndex(of: app).flatMap { budgetDeadlines[$0] }.map { $0.due - now }
    }

    /// The timers the phone has set that have neither fired nor been cancelled, with when each falls due, the
    /// soonest first: what a page shows counting down.
    public var pendingTimers: [(timer: SystemTimer, due: Duration)] {
        queue.unordered.compactMap { event -> (timer: PlainTimer, due: Duration, sequence: UInt64)? in
            guard case .timer(let timer) = queuedEvents[event.slot], live.contains(timer.id) else { return nil }
            return (timer, event.due, event.sequence)
        }
        .sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
        .map { (phone.systemTimer($0.timer), $0.due) }
    }

    // MARK: Calls from hosted app code

    /// The app's code begins a background task; ``BackgroundTaskIdentifier/invalid`` if it cannot.
    public func beginBackgroundTask(in app: AppID, name: String? = nil) -> BackgroundTaskIdentifier {
        carryingOut { phone, list in phone.beginBackgroundTask(in: app, name: name, into: &list) }
    }

    /// The app's code ends a background task.
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) {
        carryingOut { phone, list in phone.endBackgroundTask(identifier, in: app, into: &list) }
    }

    /// The app's code calls the completion handler of a background event.
    public func completionHandlerCalled(for callback: Callback, in app: AppID) {
        carryingOut { phone, list in phone.completionHandlerCalled(for: callback, in: app, into: &list) }
    }

    /// The app's code sets the delegate of `UNUserNotificationCenter`.
    public func setNotificationDelegate(in app: AppID) {
        carryingOut { phone, list in phone.setNotificationDelegate(in: app, into: &list) }
    }

    /// The app's code adds a notification request, delivered after `delay` in virtual time.
    public func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID) {
        carryingOut { phone, list in
            phone.addNotificationRequest(identifier, after: delay, repeats: repeats, in: app, into: &list)
        }
    }

    /// The app's code removes its waiting notification requests with these identifiers, or all (`nil`).
    public func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) {
        carryingOut { phone, list in phone.removePendingNotificationRequests(identifiers, in: app, into: &list) }
    }

    /// The app's code submits a request to `BGTaskScheduler`: the error `submit(_:)` throws, or `nil`.
    public func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError? {
        carryingOut { phone, list in phone.submitTaskRequest(request, in: app, into: &list) }
    }

    /// The app's code calls `setTaskCompleted(success:)` on a scheduled task.
    public func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) {
        carryingOut { phone, list in phone.completeScheduledTask(identifier, success: success, in: app, into: &list) }
    }

    /// The app's code cancels its pending request with an identifier, or all of them (`nil`).
    public func cancelTaskRequests(_ identifier: String?, in app: AppID) {
        carryingOut { phone, list in phone.cancelTaskRequests(identifier, in: app, into: &list) }
    }

    /// Runs `work` after `delay` of virtual time: how hosted code does work that takes time (an upload, a
    /// download) without a real clock.
    public func after(_ delay: Duration, perform work: @escaping () -> Void) {
        enqueue(.work(work), after: delay)
    }

    // MARK: Carrying out the core's actions

    /// Fires the events already due, then runs events while some app is inside a callback: time moves
    /// through the work apps are declared to take.
    private func settle() {
        while let next = queue.min, next.due <= now || phone.isBusy {
            fireNext()
        }
    }

    private func fireNext() {
        let next = queue.removeMin()
        guard let event = queuedEvents[next.slot] else { return }
        queuedEvents[next.slot] = nil
        freeSlots.append(next.slot)
        switch event {
        case .timer(let timer):
            guard live.remove(timer.id) != nil else { return }
            now = next.due
            forgetBudget(of: timer)
            actions.removeAll()
            phone.timerFired(timer, into: &actions)
            carryOutActions()
        case .callbackReturns(let app, let answer):
            now = next.due
            returned(from: app, answer: answer)
        case .work(let work):
            now = next.due
            work()
        }
    }

    private func enqueue(_ event: ScheduledEvent.Event, after delay: Duration) {
        let due = instant(after: delay)
        sequence += 1
        enqueue(event, at: due, sequence: sequence)
    }

    private func enqueue(_ event: ScheduledEvent.Event, at due: Duration, sequence: UInt64) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            queuedEvents[slot] = event
        } else {
            slot = queuedEvents.count
            queuedEvents.append(event)
        }
        queue.insert(ScheduledEvent(due: due, sequence: sequence, slot: slot))
    }

    /// Carries out what the phone appended to the simulator's own list. Hosted code may call back into the
    /// simulator while the actions are carried out, and that call fills the same list: then they are walked in a
    /// copy. Without hosted code nothing can, and the list is walked in place (the copy had retained and released
    /// each of the list's five arrays on every event, 4% of `lifecycle run`).
    private func carryOutActions() {
        if hostedCode == nil {
            carryOut(&actions, hosted: false)
        } else {
            var copy = actions
            carryOut(&copy, hosted: true)
        }
    }

    /// Carries out a list of actions; `inout` only so that it is not copied. `hosted` says whether hosted code is
    /// there, as the caller found it (reading the weak reference once an event).
    private func carryOut(_ actions: inout ActionList, hosted: Bool) {
        // Most runs host no app code: then no callback needs looking up.
        let hosts = !hostedApps.isEmpty
        // Timers wait to be queued until all the actions are carried out, unless code outside the simulator may
        // run in between and look at the queue (hosted code).
        let defersTimers = !hosted
        for entry in actions.entries {
            switch entry {
            case .transition(let app, let from, let to, let reason):
                record(.transition(appIDs[app], from: from, to: to, reason: reason))
            case .callback(let app, let callback, let detail):
                record(.callback(appIDs[app], callback, actions.detail(detail)))
                if hosts, hostedApps.contains(app) { runHosted(callback, scene: nil, actions.detail(detail), of: app) }
            case .notification(let app, let notification):
                record(.notification(appIDs[app], notification))
                if hosts, hostedApps.contains(app) {
                    hostedCode?.post(notification, scene: nil, of: appIDs[app])
                }
            case .sceneTransition(let app, let scene, let from, let to):
                record(.sceneTransition(appIDs[app], actions.scene(scene), from: from, to: to))
            case .sceneCallback(let app, let scene, let callback, let detail):
                record(.sceneCallback(appIDs[app], actions.scene(scene), callback, actions.detail(detail)))
                if hosts, hostedApps.contains(app) {
                    runHosted(callback, scene: actions.scene(scene), actions.detail(detail), of: app)
                }
            case .sceneNotification(let app, let scene, let notification):
                record(.sceneNotification(appIDs[app], actions.scene(scene), notification))
                if hosts, hostedApps.contains(app) {
                    hostedCode?.post(notification, scene: actions.scene(scene), of: appIDs[app])
                }
            case .note(let app, let note):
                record(.note(app.map { appIDs[$0] }, actions.text(note)))
            case .runExpirationHandlers(let index, let tasks):
                // The handlers, then the phone told which tasks they left open, then the main queue's work they
                // deferred: a task that work ends was not ended by its handler (docs/lifecycle.md §19).
                let app = appIDs[index]
                guard let handled = hostedCode?.runExpirationHandlers(of: actions.tasks(tasks), in: app),
                    !handled.isEmpty
                else { break }
                carryingOut { phone, list in phone.expirationHandlersReturned(of: handled, in: app, into: &list) }
                hostedCode?.endTurn(of: app)
            case .scheduledTask(let app, let task, let step):
                let task = phone.permittedTask(task, of: app)
                record(.scheduledTask(appIDs[app], identifier: task.identifier, step))
                if hosts, hostedApps.contains(app) {
                    hostedCode?.runScheduledTask(step, identifier: task.identifier, of: appIDs[app])
                }
            case .storeRestorationArchive(let app):
                if hosts, hostedApps.contains(app) { hostedCode?.storeRestorationArchive(of: appIDs[app]) }
            case .deleteRestorationArchive(let app):
                if hosts, hostedApps.contains(app) { hostedCode?.deleteRestorationArchive(of: appIDs[app]) }
            case .scheduleTimer(let timer, let delay):
                let due = instant(after: delay)
                sequence += 1
                if defersTimers {
                    timersToQueue.append((timer, due, sequence))
                } else {
                    queueTimer(timer, at: due, sequence: sequence)
                }
                if timer.purpose == .budgetExhausted, let app = timer.app {
                    budgetDeadlines[app] = (timer.id, due)
                    tellBackgroundTime(of: app, runsOutAt: due)
                }
            case .cancelTimer(let timer):
                if let position = timersToQueue.lastIndex(where: { $0.timer.id == timer.id }) {
                    timersToQueue.remove(at: position)
                } else {
                    live.remove(timer.id)
                }
                forgetBudget(of: timer)
            }
        }
        for (timer, due, sequence) in timersToQueue {
            queueTimer(timer, at: due, sequence: sequence)
        }
        timersToQueue.removeAll(keepingCapacity: true)
    }

    /// When a live timer of the phone falls due, if it is queued: looked for through the queue, for an error's sake.
    private func due(_ timer: PlainTimer) -> Duration? {
        guard live.contains(timer.id) else { return nil }
        return queue.unordered.first { entry in
            if case .timer(let queued)? = queuedEvents[entry.slot], queued.id == timer.id { true } else { false }
        }?.due
    }

    /// Queues a timer of the phone, live until it fires or is cancelled.
    private func queueTimer(_ timer: PlainTimer, at due: Duration, sequence: UInt64) {
        enqueue(.timer(timer), at: due, sequence: sequence)
        live.insert(timer.id)
    }

    private func forgetBudget(of timer: PlainTimer) {
        // Removed, then put back in the rare case it is another timer's: one lookup where testing first took two.
        guard timer.purpose == .budgetExhausted, let app = timer.app,
            let deadline = budgetDeadlines.removeValue(forKey: app)
        else { return }
        if deadline.timer != timer.id {
            budgetDeadlines[app] = deadline
        } else {
            tellBackgroundTime(of: app, runsOutAt: nil)
        }
    }

    /// Tells the sink when an app's background time runs out, or that it stopped running (`nil`).
    private func tellBackgroundTime(of app: Int, runsOutAt deadline: Duration?) {
        requireSinkFree()
        sinkInUse = true
        storedSink.backgroundTime(of: appIDs[app], runsOutAt: deadline, at: now)
        sinkInUse = false
    }

    /// Runs a hosted app's callback; it returns after the virtual time its configuration declares.
    private func runHosted(_ callback: Callback, scene: SceneID?, _ detail: CallbackDetail?, of index: Int) {
        let app = appIDs[index]
        let answer = hostedCode?.run(callback, scene: scene, detail: detail, of: app)
        if let delay = phone.configuration(of: app)?.behavior.delay(of: callback) {
            enqueue(.callbackReturns(app, answer: answer), after: delay)
        } else {
            returned(from: app, answer: answer)
        }
    }

    /// A hosted app's callback returns: its notifications are posted, then the work its code put on the main queue
    /// runs, and only then does the phone go on with the app (docs/lifecycle.md §19).
    private func returned(from app: AppID, answer: Bool?) {
        carryingOut { phone, list in phone.callbackReturned(from: app, answer: answer, into: &list) }
        hostedCode?.endTurn(of: app)
        carryingOut { phone, list in phone.turnEnded(of: app, into: &list) }
    }

    /// Runs one of the phone's `into:` methods on a list of its own, then carries out what it appended: these are
    /// calls from hosted code, which may come while the simulator's own list is being carried out.
    private func carryingOut<Result>(_ event: (inout Phone, inout ActionList) -> Result) -> Result {
        var list = ActionList()
        let result = event(&phone, &list)
        carryOut(&list, hosted: hostedCode != nil)
        return result
    }
}

/// An event in the simulator's queue, ordered by due time, then by the order it was set; what it does is kept
/// beside the queue, in a slot.
struct ScheduledEvent: Comparable {
    enum Event {
        /// A timer of the core.
        case timer(PlainTimer)
        /// A hosted app's callback returns, after the virtual time it takes.
        case callbackReturns(AppID, answer: Bool?)
        /// Work hosted code scheduled in virtual time.
        case work(() -> Void)
    }

    /// When it falls due, in attoseconds: the heap compares two `Int128`s inline, where comparing two `Duration`s
    /// calls into the standard library (twice a comparison, nine comparisons a heap operation in the benchmark).
    private let dueAttoseconds: Int128
    let sequence: UInt64
    /// Where what it does is kept.
    let slot: Int

    init(due: Duration, sequence: UInt64, slot: Int) {
        self.dueAttoseconds = due.attoseconds
        self.sequence = sequence
        self.slot = slot
    }

    var due: Duration { Duration(attoseconds: dueAttoseconds) }

    static func < (lhs: ScheduledEvent, rhs: ScheduledEvent) -> Bool {
        (lhs.dueAttoseconds, lhs.sequence) < (rhs.dueAttoseconds, rhs.sequence)
    }

    static func == (lhs: ScheduledEvent, rhs: ScheduledEvent) -> Bool {
        lhs.sequence == rhs.sequence
    }
}
