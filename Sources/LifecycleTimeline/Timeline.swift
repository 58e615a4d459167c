import LifecycleCore
import LifecycleTrace

/// A trace as lanes over time, kept whole to be drawn (``TimelineDrawing``): a row for each app, a row for each
/// of its scenes, a row of its background work and time; the scenario's lines along the top.
///
/// An app keeps its rows across its processes: a relaunch goes on in the same rows, after the mark of the kill
/// that ended the process before.
///
/// Everything is placed at a ``Moment``: its time, and the number of the record it came with, so that a picture
/// can open out what happens at one instant — in virtual time, a launch's callbacks all come at once — and show
/// it in order.
public struct Timeline: TimelineOutput, Sendable {
    /// When something happened: the trace's time, and the number of the record (from 1) that told it.
    public struct Moment: Sendable, Hashable, Comparable {
        public var time: Duration
        public var record: Int

        public static func < (left: Moment, right: Moment) -> Bool {
            (left.time, left.record) < (right.time, right.record)
        }
    }

    /// A row of the picture.
    public struct Row: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// The app's state.
            case app
            /// A scene's state.
            case scene(SceneID)
            /// The work that holds the app in the background, and its background time.
            case background
        }

        public var app: AppID
        public var kind: Kind
        /// The states, in order, not overlapping.
        public var spans: [Span] = []
        /// Callbacks, notifications and notes, in order.
        public var ticks: [Tick] = []
        /// The row's name: the app's id, a scene's id, or `background`.
        public var name: String {
            switch kind {
            case .app: app.rawValue
            case .scene(let scene): scene.rawValue
            case .background: "background"
            }
        }
    }

    /// A state from one moment to another.
    public struct Span: Sendable, Hashable {
        public var state: String
        public var start: Moment
        public var end: Moment
    }

    /// Something that happened at an instant on a row.
    public struct Tick: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            case callback, notification, note, task
        }

        public var moment: Moment
        public var name: String
        public var kind: Kind
    }

    /// A piece of background work, or a run of the background time (its bar running down from `deadline`).
    public struct Work: Sendable, Hashable {
        public var name: String
        /// `background task`, `completion handler`, `BGTask`, or `background time`.
        public var category: String
        public var start: Moment
        public var end: Moment
        /// For the background time: when it would have run out.
        public var deadline: Duration?
    }

    /// Something drawn across the picture or along its top: a scenario's line, an expectation that failed, a
    /// process's end, the line a check cannot explain.
    public struct Mark: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable {
            /// A line of the scenario (an action or a wait): along the top.
            case action
            /// An `expect` line that did not hold: along the top, in red.
            case failedExpectation
            /// A process killed or ended (the text says how): on its app's row.
            case end
            /// The line of a log the model cannot explain: across every row, in red.
            case violation
        }

        public var moment: Moment
        public var text: String
        public var kind: Kind
        /// The app whose row it is on, for an end.
        public var app: AppID?
    }

    /// The rows, an app's followed by its scenes' and its background row, apps in the order they first ran.
    public private(set) var rows: [Row] = []
    public private(set) var work: [AppID: [Work]] = [:]
    public var marks: [Mark] = []
    /// Where time ends: the last record's time, until ``TimelineRecorder`` closes it.
    public var end: Duration = .zero
    /// The time of each record, by its number less one: where a picture puts the ticks of its time axis.
    public private(set) var recordTimes: [Duration] = []

    /// A record begins: what the builder tells next comes with it.
    mutating func beginRecord(at time: Duration) {
        recordTimes.append(max(time, recordTimes.last ?? .zero))
    }

    /// The moment of what is told now, at `time`.
    private func moment(_ time: Duration) -> Moment { Moment(time: time, record: recordTimes.count) }
    /// Where each lane's current state began.
    private var stateStarts: [TimelineLane: Moment] = [:]

    /// The app of each process, and the row of each lane.
    private var apps: [Int: AppID] = [:]
    private var laneRows: [TimelineLane: Int] = [:]
    /// The background time running for a process: its start and deadline.
    private var budgets: [Int: (start: Moment, deadline: Duration)] = [:]
    private var openWork: [Int: Work] = [:]

    public init() {}

    /// The row of an app's kind, made where it belongs if it is new.
    private mutating func row(_ app: AppID, _ kind: Row.Kind) -> Int {
        if let index = rows.firstIndex(where: { $0.app == app && $0.kind == kind }) { return index }
        // After the app's last row, or at the end for a new app; a background row after its scenes.
        var position = rows.lastIndex { $0.app == app }.map { $0 + 1 } ?? rows.count
        if case .scene = kind, position > 0, rows[position - 1].app == app, rows[position - 1].kind == .background {
            position -= 1
        }
        rows.insert(Row(app: app, kind: kind), at: position)
        laneRows = laneRows.mapValues { $0 >= position ? $0 + 1 : $0 }
        return position
    }

    private mutating func noteTime(_ time: Duration) { end = max(end, time) }

    public mutating func processBegan(_ process: Int, app: AppID, at time: Duration) {
        apps[process] = app
        noteTime(time)
    }

    public mutating func laneBegan(_ lane: TimelineLane, name: String, at time: Duration) {
        guard let app = apps[lane.process] else { return }
        laneRows[lane] = row(app, lane.lane == 1 ? .app : .scene(SceneID(rawValue: name)))
        stateStarts[lane] = moment(time)
        noteTime(time)
    }

    public mutating func state(_ state: String, of lane: TimelineLane, from start: Duration, to end: Duration) {
        guard let row = laneRows[lane] else { return }
        // A state that began at the time the last one ended began with it; one after a gap (a scene that
        // connects again), with the record that tells it.
        let previous = stateStarts[lane]
        let began = previous.flatMap { $0.time == start ? $0 : nil } ?? moment(start)
        let ended = moment(end)
        rows[row].spans.append(Span(state: state, start: began, end: ended))
        stateStarts[lane] = ended
        noteTime(end)
    }

    public mutating func instant(_ event: TraceRecord.Event, on lane: TimelineLane?, at time: Duration) {
        noteTime(time)
        guard let lane, let row = laneRows[lane] else {
            switch event {
            case .action(_, let text): marks.append(Mark(moment: moment(time), text: text, kind: .action))
            case .expect(let line, let app, let expected, let actual) where expected != actual:
                marks.append(
                    Mark(
                        moment: moment(time), text: "line \(line): expected \(app) \(expected), it is \(actual)",
                        kind: .failedExpectation))
            case .expectScene(let line, let scene, let expected, let actual) where expected != actual:
                let name = { (state: SceneState?) in state?.rawValue ?? SceneState.disconnectedName }
                marks.append(
                    Mark(
                        moment: moment(time),
                        text: "line \(line): expected \(scene) \(name(expected)), it is \(name(actual))",
                        kind: .failedExpectation))
            default: break
            }
            return
        }
        let tick: Tick
        switch event {
        case .callback(_, let callback, _), .sceneCallback(_, _, let callback, _):
            tick = Tick(moment: moment(time), name: callback.selector, kind: .callback)
        case .notification(_, let notification), .sceneNotification(_, _, let notification):
            tick = Tick(moment: moment(time), name: notification.rawValue, kind: .notification)
        case .note(_, let text): tick = Tick(moment: moment(time), name: text, kind: .note)
        case .scheduledTask(_, let identifier, let step):
            let what =
                switch step {
                case .launchHandler(let kind): "launchHandler (\(kind.className))"
                case .expirationHandler: "expirationHandler"
                case .completed(let success): "setTaskCompleted(success: \(success))"
                }
            tick = Tick(moment: moment(time), name: "\(identifier): \(what)", kind: .task)
        default: return
        }
        rows[row].ticks.append(tick)
    }

    public mutating func processEnded(_ process: Int, reason: TransitionReason?, at time: Duration) {
        noteTime(time)
        // Nothing more comes of an ended process: what was kept for its lanes goes, so that what is kept grows with
        // the processes running, not with every process there was.
        let app = apps.removeValue(forKey: process)
        laneRows = laneRows.filter { $0.key.process != process }
        stateStarts = stateStarts.filter { $0.key.process != process }
        guard let reason, let app else { return }
        marks.append(Mark(moment: moment(time), text: reason.endOfProcess, kind: .end, app: app))
    }

    public mutating func workBegan(_ work: BackgroundWork, id: Int, process: Int, at time: Duration) {
        noteTime(time)
        openWork[id] = Work(name: work.name, category: work.category, start: moment(time), end: moment(time))
    }

    public mutating func workEnded(_ work: BackgroundWork, id: Int, process: Int, at time: Duration) {
        noteTime(time)
        guard var open = openWork.removeValue(forKey: id), let app = apps[process] else { return }
        open.end = moment(time)
        add(open, of: app)
    }

    public mutating func backgroundTime(_ remaining: Duration, of process: Int, at time: Duration) {
        noteTime(time)
        guard let app = apps[process] else { return }
        if remaining > .zero {
            if budgets[process] == nil { budgets[process] = (moment(time), time + remaining) }
            return
        }
        guard let budget = budgets.removeValue(forKey: process) else { return }
        add(
            Work(
                name: "background time", category: "background time", start: budget.start, end: moment(time),
                deadline: budget.deadline), of: app)
    }

    private mutating func add(_ work: Work, of app: AppID) {
        _ = row(app, .background)
        self.work[app, default: []].append(work)
    }
}
