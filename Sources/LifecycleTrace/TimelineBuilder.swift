import LifecycleCore

/// Turns a trace, record by record, into lanes over time (docs/lifecycle.md §20): for every app process, a lane of
/// its state and a lane for each of its scenes, each state a span from its start to its end; callbacks,
/// notifications and notes as instants on their lanes; the work that holds an app in the background as spans
/// that may overlap; the background time left; and the scenario's own lines as instants of no lane.
///
/// The builder keeps only what is open now — the processes running, their lanes' current states, their work —
/// so a trace of any length streams through it in the memory of a short one. Each piece goes to a
/// ``TimelineOutput`` as soon as it is known: a state when it ends, an instant when it happens.
public struct TimelineBuilder: Sendable {
    /// The processes running, by app; a slot of `processes` each, and the slots of processes that have ended,
    /// for the next to take.
    private var slots: [AppID: Int] = [:]
    private var processes: [RunningProcess] = []
    private var freeSlots: [Int] = []
    /// The last app asked about and its slot: the records of one event are nearly always about one app.
    private var lastApp: (app: AppID, slot: Int)?
    /// The number of the next process, and of the next piece of background work.
    private var nextProcess: Int
    private var nextWork = 1
    /// When the last record happened: where ``finish(into:)`` ends what is still open.
    public private(set) var now: Duration = .zero

    /// How many samples of the background time left a budget gets, from its start to its deadline.
    static let budgetSamples = 10

    /// - Parameter firstProcess: the number of the first process: a timeline that goes on from another one (the
    ///   next scenario of a batch) starts after its last, so that every process has a number of its own.
    public init(firstProcess: Int = 1) {
        self.nextProcess = firstProcess
    }

    /// The number the next process will have.
    public var processesSoFar: Int { nextProcess }

    /// Takes one record of the trace.
    public mutating func add<Output: TimelineOutput>(_ record: TraceRecord, into output: inout Output) {
        now = record.time
        let time = record.time
        switch record.event {
        case .transition(let app, let from, let to, let reason):
            transition(app, from: from, to: to, reason: reason, at: time, into: &output)
        case .callback(let app, let callback, _):
            guard let slot = slot(of: app) else { return output.instant(record.event, on: nil, at: time) }
            output.instant(record.event, on: processes[slot].appLane, at: time)
            if Self.holdsTheApp(callback) {
                begin(.completionHandler(callback), in: slot, at: time, into: &output)
            }
        case .notification(let app, _):
            output.instant(record.event, on: slot(of: app).map { processes[$0].appLane }, at: time)
        case .note(let app, let text):
            guard let app, let slot = slot(of: app) else { return output.instant(record.event, on: nil, at: time) }
            output.instant(record.event, on: processes[slot].appLane, at: time)
            if let work = BackgroundWorkNote(text: text) { backgroundWork(work, in: slot, at: time, into: &output) }
        case .sceneTransition(let app, let scene, let from, let to):
            guard let slot = slot(of: app) else { return }
            sceneTransition(scene, from: from, to: to, in: slot, at: time, into: &output)
        case .sceneCallback(let app, let scene, let callback, _):
            guard let slot = slot(of: app) else { return output.instant(record.event, on: nil, at: time) }
            let lane = sceneLane(scene, in: slot, at: time, into: &output)
            output.instant(record.event, on: lane, at: time)
            if callback == .sceneDidDisconnect { sceneGone(scene, in: slot, at: time, into: &output) }
        case .sceneNotification(let app, let scene, _):
            guard let slot = slot(of: app) else { return output.instant(record.event, on: nil, at: time) }
            output.instant(record.event, on: sceneLane(scene, in: slot, at: time, into: &output), at: time)
        case .scheduledTask(let app, let identifier, let step):
            guard let slot = slot(of: app) else { return output.instant(record.event, on: nil, at: time) }
            output.instant(record.event, on: processes[slot].appLane, at: time)
            switch step {
            case .launchHandler(let kind):
                begin(.scheduledTask(identifier: identifier, kind), in: slot, at: time, into: &output)
            case .completed:
                end(in: slot, at: time, into: &output) {
                    if case .scheduledTask(identifier, _) = $0.work { true } else { false }
                }
            case .expirationHandler:
                break
            }
        case .action, .expect, .expectScene, .explanation:
            output.instant(record.event, on: nil, at: time)
        }
    }

    /// The host says when an app's background time runs out, or that it stopped running (``TraceSink``).
    public mutating func backgroundTime<Output: TimelineOutput>(
        of app: AppID, runsOutAt deadline: Duration?, at time: Duration, into output: inout Output
    ) {
        now = max(now, time)
        guard let slot = slot(of: app) else { return }
        stopBudget(in: slot, at: time, into: &output)
        guard let deadline else { return }
        processes[slot].budget = (time, deadline)
        output.backgroundTime(max(deadline - time, .zero), of: processes[slot].number, at: time)
    }

    /// Ends what is still open at the time of the last record, or later: every state, every piece of work, every
    /// budget. A picture ends its states a little after the last record, so that the states apps are left in show.
    public mutating func finish<Output: TimelineOutput>(at end: Duration? = nil, into output: inout Output) {
        now = max(now, end ?? now)
        for slot in processes.indices where processes[slot].isRunning {
            let process = processes[slot]
            output.state(process.state.rawValue, of: process.appLane, from: process.since, to: now)
            close(slot, at: now, reason: nil, into: &output)
        }
        slots.removeAll()
        processes.removeAll()
        freeSlots.removeAll()
        lastApp = nil
    }

    // MARK: Processes and their lanes

    /// The slot of an app's running process, if it runs.
    private mutating func slot(of app: AppID) -> Int? {
        if let lastApp, lastApp.app == app { return lastApp.slot }
        guard let slot = slots[app] else { return nil }
        lastApp = (app, slot)
        return slot
    }

    private mutating func transition<Output: TimelineOutput>(
        _ app: AppID, from: AppState, to: AppState, reason: TransitionReason?, at time: Duration,
        into output: inout Output
    ) {
        guard let slot = slot(of: app) else {
            // A launch: a new process, its first state starting now.
            guard to != .notRunning else { return }
            let number = nextProcess
            nextProcess += 1
            let process = RunningProcess(number: number, state: to, since: time)
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                processes[slot] = process
            } else {
                slot = processes.count
                processes.append(process)
            }
            slots[app] = slot
            lastApp = (app, slot)
            output.processBegan(number, app: app, at: time)
            output.laneBegan(process.appLane, name: RunningProcess.appLaneName, at: time)
            return
        }
        output.state(processes[slot].state.rawValue, of: processes[slot].appLane, from: processes[slot].since, to: time)
        guard to != .notRunning else {
            close(slot, at: time, reason: reason, into: &output)
            slots[app] = nil
            freeSlots.append(slot)
            lastApp = nil
            return
        }
        processes[slot].state = to
        processes[slot].since = time
    }

    /// Ends a process whose app's last state is written: its scenes' states, its work, its budget; then the
    /// process itself.
    private mutating func close<Output: TimelineOutput>(
        _ slot: Int, at time: Duration, reason: TransitionReason?, into output: inout Output
    ) {
        for scene in processes[slot].scenes.indices {
            if let state = processes[slot].scenes[scene].state {
                output.state(
                    state.rawValue, of: processes[slot].lane(scene), from: processes[slot].scenes[scene].since, to: time
                )
            }
        }
        end(in: slot, at: time, into: &output) { _ in true }
        stopBudget(in: slot, at: time, into: &output)
        output.processEnded(processes[slot].number, reason: reason, at: time)
        processes[slot].isRunning = false
    }

    /// The lane of a scene, made when the scene first appears: then it is `unattached`, until its first transition.
    private mutating func sceneLane<Output: TimelineOutput>(
        _ scene: SceneID, in slot: Int, at time: Duration, into output: inout Output
    ) -> TimelineLane {
        let index = sceneIndex(scene, in: slot, at: time, into: &output)
        if processes[slot].scenes[index].state == nil {
            processes[slot].scenes[index].state = .unattached
            processes[slot].scenes[index].since = time
        }
        return processes[slot].lane(index)
    }

    private mutating func sceneIndex<Output: TimelineOutput>(
        _ scene: SceneID, in slot: Int, at time: Duration, into output: inout Output
    ) -> Int {
        if let index = processes[slot].scenes.firstIndex(where: { $0.id == scene }) { return index }
        processes[slot].scenes.append(SceneLane(id: scene, state: nil, since: time))
        let index = processes[slot].scenes.count - 1
        output.laneBegan(processes[slot].lane(index), name: scene.rawValue, at: time)
        return index
    }

    private mutating func sceneTransition<Output: TimelineOutput>(
        _ scene: SceneID, from: SceneState, to: SceneState, in slot: Int, at time: Duration,
        into output: inout Output
    ) {
        let index = sceneIndex(scene, in: slot, at: time, into: &output)
        let lane = processes[slot].lane(index)
        let current = processes[slot].scenes[index]
        // A scene whose first record is a transition starts in its new state.
        if let state = current.state { output.state(state.rawValue, of: lane, from: current.since, to: time) }
        processes[slot].scenes[index].state = to
        processes[slot].scenes[index].since = time
    }

    /// A scene disconnected: its lane is empty until it connects again.
    private mutating func sceneGone<Output: TimelineOutput>(
        _ scene: SceneID, in slot: Int, at time: Duration, into output: inout Output
    ) {
        guard let index = processes[slot].scenes.firstIndex(where: { $0.id == scene }),
            let state = processes[slot].scenes[index].state
        else { return }
        output.state(
            state.rawValue, of: processes[slot].lane(index), from: processes[slot].scenes[index].since, to: time)
        processes[slot].scenes[index].state = nil
    }

    // MARK: Background work and time

    /// Whether a callback's completion handler holds the app until it is called: a background event's, and a
    /// notification response's (docs/lifecycle.md §4, §18).
    static func holdsTheApp(_ callback: Callback) -> Bool {
        callbacksHoldingTheApp.contains(callback)
    }

    /// The core's background events' callbacks, and the notification response's: made once.
    private static let callbacksHoldingTheApp = Set(
        BackgroundEvent.allCases.map(\.callback) + [.notificationDidReceive])

    private mutating func backgroundWork<Output: TimelineOutput>(
        _ note: BackgroundWorkNote, in slot: Int, at time: Duration, into output: inout Output
    ) {
        switch note {
        case .scriptedTaskBegan(let work):
            begin(.backgroundTask(name: nil), in: slot, at: time, due: time + work, into: &output)
        case .taskBegan(let name, let identifier):
            begin(.backgroundTask(name: name), in: slot, at: time, identifier: identifier, into: &output)
        case .taskEnded(let identifier?):
            end(in: slot, at: time, first: true, into: &output) { $0.identifier == identifier }
        case .taskEnded(nil):
            // A scripted task ends when its work is done: the one due now, else the oldest.
            let scripted = processes[slot].work.filter { $0.work.isBackgroundTask && $0.identifier == nil }
            guard let chosen = scripted.first(where: { $0.due == time }) ?? scripted.first else { return }
            end(in: slot, at: time, first: true, into: &output) { $0.number == chosen.number }
        case .expirationHandlerEndsTasks:
            end(in: slot, at: time, into: &output) { $0.work.isBackgroundTask }
        case .completionHandlerCalled(let selector):
            end(in: slot, at: time, first: true, into: &output) {
                if case .completionHandler(let callback) = $0.work { callback.selector == selector } else { false }
            }
        }
    }

    private mutating func begin<Output: TimelineOutput>(
        _ work: BackgroundWork, in slot: Int, at time: Duration, due: Duration? = nil,
        identifier: BackgroundTaskIdentifier? = nil, into output: inout Output
    ) {
        let number = nextWork
        nextWork += 1
        processes[slot].work.append(
            OpenWork(number: number, work: work, due: due, identifier: identifier))
        output.workBegan(work, id: number, process: processes[slot].number, at: time)
    }

    /// Ends the open work that matches, oldest first (only the first that matches, if `first`).
    private mutating func end<Output: TimelineOutput>(
        in slot: Int, at time: Duration, first: Bool = false, into output: inout Output,
        where matches: (OpenWork) -> Bool
    ) {
        var index = 0
        while index < processes[slot].work.count {
            let open = processes[slot].work[index]
            guard matches(open) else {
                index += 1
                continue
            }
            processes[slot].work.remove(at: index)
            output.workEnded(open.work, id: open.number, process: processes[slot].number, at: time)
            if first { return }
        }
    }

    /// Samples the background time left from the budget's start to now, then says it stopped (zero).
    private mutating func stopBudget<Output: TimelineOutput>(in slot: Int, at time: Duration, into output: inout Output)
    {
        guard let budget = processes[slot].budget else { return }
        processes[slot].budget = nil
        let step = (budget.deadline - budget.start) / Self.budgetSamples
        if step > .zero {
            var sample = budget.start + step
            while sample < time {
                output.backgroundTime(budget.deadline - sample, of: processes[slot].number, at: sample)
                sample += step
            }
        }
        output.backgroundTime(.zero, of: processes[slot].number, at: time)
    }
}

/// A process the builder follows.
private struct RunningProcess {
    static let appLaneName = "app"

    let number: Int
    var state: AppState
    var since: Duration
    var isRunning = true
    var scenes: [SceneLane] = []
    var work: [OpenWork] = []
    var budget: (start: Duration, deadline: Duration)?

    init(number: Int, state: AppState, since: Duration) {
        self.number = number
        self.state = state
        self.since = since
    }

    var appLane: TimelineLane { TimelineLane(process: number, lane: 1) }

    func lane(_ scene: Int) -> TimelineLane { TimelineLane(process: number, lane: scene + 2) }
}

/// A scene's lane: its current state since when, or `nil` while it is not connected.
private struct SceneLane {
    let id: SceneID
    var state: SceneState?
    var since: Duration
}

/// Background work begun and not ended.
private struct OpenWork {
    let number: Int
    let work: BackgroundWork
    /// When a scripted task's work is done.
    let due: Duration?
    /// A hosted app's background task's identifier.
    let identifier: BackgroundTaskIdentifier?
}
