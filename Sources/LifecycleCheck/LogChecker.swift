import LifecycleCore
import LifecycleText

/// Holds a real log against the model (docs/lifecycle.md §12, §13): after each lifecycle line, the states the
/// app may be in; at the first line the model cannot explain, a violation saying why.
///
/// A log shows only what the app logs, so every step that could happen without a line in this log — silent
/// transitions, and callbacks that never appear anywhere in it — may happen between two lines. What does
/// appear is held to the model strictly. The rules are the core's: the transition tables (``AppLifecycle/edges``
/// and ``SceneLifecycle/edges``) and the states each callback may arrive in (``Callback/deliveryStates``,
/// ``Callback/sceneDeliveryStates``). A log that shows any scene event is a scene-based app's: its foreground
/// is its scene's, the app delegate's foreground methods never reach it, and the three lines of one scene step
/// (the scene-delegate method, its `UIScene` notification, the `UIApplication` one) may come in any order.
public struct LogChecker {
    /// What the app may be: its state, and for a scene-based app its scene's (`nil` when none is connected).
    public struct State: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The states in the order the report names them (made once: `allCases` makes an array each time).
        private static let appStates = AppState.allCases
        private static let sceneStates = SceneState.allCases

        public var app: AppState
        public var scene: SceneState?

        public init(app: AppState, scene: SceneState? = nil) {
            self.app = app
            self.scene = scene
        }

        public var description: String { scene.map { "\(app.rawValue)/\($0.rawValue)" } ?? app.rawValue }

        public static func < (lhs: State, rhs: State) -> Bool {
            let order = { (state: State) in
                (
                    appStates.firstIndex(of: state.app)!,
                    state.scene.map { sceneStates.firstIndex(of: $0)! + 1 } ?? 0
                )
            }
            return order(lhs) < order(rhs)
        }
    }

    /// What a lifecycle line did to the possible states.
    public enum Verdict: Sendable, Hashable {
        /// The line fits: the states the app may be in after it.
        case consistent(Set<State>)
        /// The line cannot happen: the states the app may have been in, and what could have come there.
        case violation(possible: Set<State>, allowed: [LoggedEvent])
        /// The line is a documented quirk of some iOS versions; the states the app may be in after it.
        case quirk(LogQuirk, Set<State>)

        /// Whether the line cannot happen.
        var isViolation: Bool {
            if case .violation = self { true } else { false }
        }
    }

    /// An edge of the checker's chart: a step of the model, with the callback that shows it in a log.
    struct Edge: Hashable {
        enum Kind { case launch, foregroundKill, other }
        var from: State
        var to: State
        var callback: Callback?
        var kind: Kind
    }

    /// What the log shows of one app: the events it logs anywhere, and so its chart.
    struct Model {
        /// Which model this is among a checker's: part of the key of what the checker remembers.
        let number: Int
        /// The events that appear somewhere in the log; the others may have happened unlogged.
        let logged: Set<LoggedEvent>
        /// Whether the app is scene-based: its log shows a scene event.
        let isSceneBased: Bool
        let edges: [Edge]

        init(number: Int, logged: Set<LoggedEvent>) {
            self.number = number
            self.logged = logged
            self.isSceneBased = logged.contains { $0.isSceneEvent }
            self.edges = Self.edges(sceneBased: isSceneBased)
        }
    }

    /// The key of what ``Model/apply(_:to:last:)`` gave for these arguments: a log repeats the same few steps, so
    /// each is worked out once. Sets of states go by their number in ``stateSets`` and events by their ordinal, so
    /// the key is one integer: the model's number in the high 32 bits; the number of the set of states before
    /// (fewer than 2^16: there are a dozen states), the event's ordinal, and the last event's ordinal plus one (0
    /// for none) in the low ones.
    @inline(__always)
    private static func stepKey(model: Int, event: LoggedEvent, before: Int, last: LoggedEvent?) -> UInt64 {
        UInt64(model) << 32 | UInt64(before << 16 | event.ordinal << 8 | (last.map { $0.ordinal + 1 } ?? 0))
    }

    /// The key of the other lines of an event's step, by model and event.
    private static func stepLinesKey(model: Int, event: LoggedEvent) -> UInt64 {
        UInt64(model) << 8 | UInt64(event.ordinal)
    }

    /// The number of the set of states after a step (``stepKey(model:event:before:last:)``).
    private var applied = IntegerTable<Int>()
    /// The other lines of an event's step (``stepLinesKey(model:event:)``).
    private var otherStepLines = IntegerTable<EventSet>()
    /// Every set of states met so far, by number; and the number of each.
    var stateSets: [Set<State>] = [Self.notRunningOnly]
    private var stateSetNumbers: [Set<State>: Int] = [Self.notRunningOnly: Self.notRunningOnlyNumber]
    /// The set of a process that has not started or has ended, numbered first: processes come and go often.
    private static let notRunningOnly: Set<State> = [State(app: .notRunning)]
    private static let notRunningOnlyNumber = 0

    /// The number of the set of states that the last verdict gave (``stateSets``), if a line has been checked:
    /// a report can name each set once.
    var lastStateSetNumber: Int? { current.states }

    /// The number of a set of states in ``stateSets``.
    mutating func number(of states: Set<State>) -> Int {
        if let number = stateSetNumbers[states] { return number }
        stateSets.append(states)
        stateSetNumbers[states] = stateSets.count - 1
        return stateSets.count - 1
    }

    /// What the checker knows of one process.
    struct Process {
        /// The number of the set of states it may be in; `nil` before its first line (any state of its model).
        var states: Int?
        var lastEvent: LoggedEvent?
        var lastTime: Double?
        /// The lines of the scene step in progress that may still come, in any order (docs/lifecycle.md §13).
        var openStep = EventSet()
        /// Whether the scene's last step became active within moments of resigning (``LogQuirk``'s flicker).
        var reactivatedAtOnce = false
        /// The scene the fields above are about, once a line names it: the process's first scene. A log that
        /// names no scene has only these fields.
        var mainScene: String?
        /// The process's other scenes (docs/lifecycle.md §16), each with a chart of its own, by the scene's name.
        var otherScenes: [String: SceneTrack] = [:]
        /// A scene about to connect that no line has named yet: the app was asked for its configuration.
        var connectingScene: SceneTrack?
        /// Whether the process may have started before the log did (the log's first), in any state.
        var startedInAnyState = true
        /// The launch lines the process has shown: a process launches once (a relaunch is a new process, with a
        /// new pid).
        var launchLinesSeen = EventSet()
        /// Whether the process is one pid's (NSLog's `App[1234`, the unified log's), not a trace's app, which
        /// launches again under the same name.
        var isNamedByPid = false

        /// Whether a line past the process's launch has fitted: its last line is no launch line.
        var isPastItsLaunch: Bool { lastEvent.map { !LogQuirk.launchLines.contains($0) } ?? false }

        /// Exchanges the main scene's fields with another scene's, to check a line on that scene's chart.
        mutating func exchange(_ track: inout SceneTrack) {
            swap(&states, &track.states)
            swap(&lastEvent, &track.lastEvent)
            swap(&openStep, &track.openStep)
            swap(&reactivatedAtOnce, &track.reactivatedAtOnce)
        }
    }

    /// What the checker knows of one more scene of a process: its own chart's states, in which the app's state is
    /// the one this scene would give it (the app's is the most active of its scenes', docs/lifecycle.md §16).
    struct SceneTrack {
        var states: Int?
        var lastEvent: LoggedEvent?
        var openStep = EventSet()
        var reactivatedAtOnce = false
    }

    /// The model of lines that do not say which app they are about (a log of one app).
    private let shared: Model
    /// The models of the apps of a trace, which says which app each line is about.
    private let modelsByApp: [String: Model]
    /// The models of the apps NSLog names (`Demo` of `Demo[1234`): each app is scene-based or not by its own
    /// lines, as iOS decides per app.
    private let modelsByAppName: [Substring: Model]
    /// The scenes not connected before their first line of a connection (``init(logged:loggedByApp:loggedByAppName:scenesConnectingFirst:profile:)``).
    let scenesConnectingFirst: Set<String>
    /// The quirks that may explain a line: those of the profile, or all of them.
    public let quirks: [LogQuirk]
    /// The processes met so far, but the current one, which is kept at hand in ``current``.
    var processes: [String: Process] = [:]
    /// Of the records put away in ``processes``, the one of each app that NSLog names (`App[pid`): a new process
    /// of an app means that the one before has ended, silently, so its record goes.
    private var recordedProcessOfApp: [Substring: String] = [:]
    private var currentProcess = ""
    /// The length of the app's name in ``currentProcess`` when NSLog names it (`Demo` of `Demo[1234`): the next
    /// process is most often the same app's, which these bytes tell without a lookup.
    private var currentAppNameLength: Int?
    var current = Process()
    /// The model of the current process.
    var model: Model
    private var seenProcesses = 0

    /// - Parameters:
    ///   - logged: every event that appears in the whole log (a first pass over it finds them).
    ///   - loggedByApp: for a trace of several apps, the events each app's lines show.
    ///   - loggedByAppName: for a log whose lines name their process (`Demo[1234:5678]`), the events the lines
    ///     of each app show, by the app's name.
    ///   - scenesConnectingFirst: the scenes whose first line of a connection or disconnection (the first pass
    ///     finds them) is their connection: before it, no such scene is connected.
    ///   - profile: the iOS versions the log comes from, if known; only their quirks explain lines.
    public init(
        logged: Set<LoggedEvent>, loggedByApp: [String: Set<LoggedEvent>] = [:],
        loggedByAppName: [String: Set<LoggedEvent>] = [:], scenesConnectingFirst: Set<String> = [],
        profile: Profile? = nil
    ) {
        self.scenesConnectingFirst = scenesConnectingFirst
        self.shared = Model(number: 0, logged: logged)
        var models: [String: Model] = [:]
        for (app, logged) in loggedByApp.sorted(by: { $0.key < $1.key }) {
            models[app] = Model(number: models.count + 1, logged: logged)
        }
        self.modelsByApp = models
        var modelsByName: [Substring: Model] = [:]
        for (app, logged) in loggedByAppName.sorted(by: { $0.key < $1.key }) {
            modelsByName[app[...]] = Model(number: models.count + modelsByName.count + 1, logged: logged)
        }
        self.modelsByAppName = modelsByName
        self.model = models[""] ?? shared
        self.quirks = LogQuirk.known.filter { quirk in profile.map(quirk.profiles.contains) ?? true }
    }

    /// Every state the checker knows for a log.
    static func allStates(sceneBased isSceneBased: Bool) -> Set<State> {
        guard isSceneBased else { return Set(AppState.allCases.map { State(app: $0) }) }
        var states: Set<State> = [
            State(app: .notRunning), State(app: .background), State(app: .suspended),
            State(app: .suspended, scene: .background),
        ]
        for scene in SceneState.allCases { states.insert(State(app: scene.appState, scene: scene)) }
        return states
    }

    /// Checks the next lifecycle line of the log.
    ///
    /// A process whose lines name several scenes (docs/lifecycle.md §16) has a chart per scene: a scene's line is
    /// held to its scene's, and a line of the app's fits if one scene's chart allows it.
    public mutating func check(_ line: LogRecognizer.Recognized) -> Verdict {
        if let process = line.process, process != currentProcess { switchProcess(to: process) }
        if LogQuirk.launchLines.contains(line.event) {
            if current.isNamedByPid, !line.isTraceRecord,
                current.isPastItsLaunch || current.launchLinesSeen.contains(line.event)
            {
                return relaunchInTheSameProcess(line)
            }
            current.launchLinesSeen.insert(line.event)
            // A process whose launch the log shows connects every scene of it in the log.
            current.startedInAnyState = false
        }
        if let scene = line.scene {
            if current.mainScene == nil {
                current.mainScene = scene
                if isConnectingLater(scene, line) { startUnconnected() }
            }
            if scene != current.mainScene { return checkOnOtherScene(line, scene) }
        } else if current.mainScene != nil {
            if LogQuirk.launchLines.contains(line.event) {
                // A launch is a new process: no scene of the one before is connected any more.
                for scene in current.otherScenes.keys {
                    current.otherScenes[scene] = SceneTrack(states: number(of: Self.connectableOnly))
                }
                current.connectingScene = nil
            }
            return checkAmongScenes(line)
        }
        return checkOnMainScene(line)
    }

    /// The verdict on a launch line in a process that has launched already: the model would let the app end
    /// silently and launch again, but not in the same process: a new process has a new pid.
    private mutating func relaunchInTheSameProcess(_ line: LogRecognizer.Recognized) -> Verdict {
        let before = stateSets[current.states ?? number(of: Self.allStates(sceneBased: model.isSceneBased))]
        let allowed = allowedEvents(after: before, last: current.lastEvent).filter {
            !LogQuirk.launchLines.contains($0)
        }
        // The process is running: it logs.
        return .violation(possible: model.closure(before).filter { $0.app != .notRunning }, allowed: allowed)
    }

    /// The events of the log the current model allows after `before`.
    func allowedEvents(after before: Set<State>, last: LoggedEvent?) -> [LoggedEvent] {
        model.logged.sorted { $0.description < $1.description }.filter {
            !model.apply($0, to: before, last: last).isEmpty
        }
    }

    /// Checks a line on the chart of the process's first scene (or of the app, for a log that names no scene).
    mutating func checkOnMainScene(_ line: LogRecognizer.Recognized) -> Verdict {
        let beforeNumber = current.states ?? number(of: Self.allStates(sceneBased: model.isSceneBased))
        let before = stateSets[beforeNumber]
        let last = current.lastEvent
        if current.openStep.remove(line.event) {
            // Another line of the step just taken (a callback's notification, a scene's): the pause before the
            // next line counts from here.
            current.lastEvent = line.event
            current.lastTime = line.time
            return .consistent(before)
        }
        let step = Self.stepKey(model: model.number, event: line.event, before: beforeNumber, last: last)
        let afterNumber: Int
        if let known = applied[step] {
            afterNumber = known
        } else {
            afterNumber = number(of: model.apply(line.event, to: before, last: last))
            applied[step] = afterNumber
        }
        let after = stateSets[afterNumber]
        if after.isEmpty, let quirk = quirks.first(where: { $0.explains(line.event, after: last) }) {
            // The repeated line changes nothing: the app is where it was.
            let states = before
            current.states = beforeNumber
            current.lastEvent = line.event
            current.lastTime = line.time
            current.openStep = EventSet()
            return .quirk(quirk, states)
        }
        if after.isEmpty {
            return .violation(possible: model.closure(before), allowed: allowedEvents(after: before, last: last))
        }
        current.states = afterNumber
        current.lastEvent = line.event
        let lines = Self.stepLinesKey(model: model.number, event: line.event)
        if let others = otherStepLines[lines] {
            current.openStep = others
        } else {
            let others = EventSet(model.stepLines(of: line.event).subtracting([line.event]).intersection(model.logged))
            otherStepLines[lines] = others
            current.openStep = others
        }
        var pause: Double?
        if let time = line.time, let previousTime = current.lastTime { pause = time - previousTime }
        // Most lines are none of the quirks' last lines: one test of a bit set, not a call.
        let quirk =
            LogQuirk.fittingQuirkLines.contains(line.event)
            ? Self.fittingQuirk(
                LogQuirk.FittingLine(
                    event: line.event, last: last, pause: pause, isSceneBased: model.isSceneBased,
                    reactivatedAtOnce: current.reactivatedAtOnce),
                among: quirks) : nil
        current.lastTime = line.time
        if model.isSceneBased {
            current.reactivatedAtOnce = LogQuirk.isReactivationAtOnce(line.event, after: last, pause: pause)
        }
        if let quirk { return .quirk(quirk, after) }
        return .consistent(after)
    }

    /// How many processes the checker remembers besides the current one.
    var rememberedProcesses: Int { processes.count }

    /// Puts the current process's record away and takes out another's: a process met for the first time may
    /// be in any state if it is the log's first (a log may start in the middle of a session), and must start
    /// with a launch otherwise.
    private mutating func switchProcess(to process: String) {
        // The record of lines before the first that names a process is kept only if there were such lines; and
        // a process that has ended (not running, no step open) is forgotten: if its pid comes back, a new
        // process starts there, not running, as it would from the record. So memory does not grow with the
        // number of processes that have come and gone. Nor with the processes that never logged their end: a new
        // process of the same app (NSLog's name, another pid) means that the one before ended.
        let isTraceApp = !modelsByApp.isEmpty && modelsByApp[process] != nil
        let appNameLength = isTraceApp ? nil : Self.appNameLength(of: process)
        // Most often the new process is the next one of the current process's app: nothing to look up then.
        var supersedesCurrent = false
        if let appNameLength, appNameLength == currentAppNameLength {
            supersedesCurrent = Self.samePrefix(of: process, and: currentProcess, length: appNameLength)
        }
        let ended =
            (current.states == Self.notRunningOnlyNumber && current.openStep.isEmpty
                && (modelsByApp.isEmpty || modelsByApp[currentProcess] == nil)) || supersedesCurrent
        if current.states != nil, !ended {
            processes[currentProcess] = current
            if let currentAppNameLength {
                recordedProcessOfApp[Self.prefix(of: currentProcess, length: currentAppNameLength)] = currentProcess
            }
        }
        if !supersedesCurrent {
            // The same app's next process has the same model, and nothing recorded.
            let app = appNameLength.map { Self.prefix(of: process, length: $0) }
            if let app, let recorded = recordedProcessOfApp.removeValue(forKey: app), recorded != process {
                processes[recorded] = nil
            }
            model = (modelsByApp.isEmpty ? nil : modelsByApp[process]) ?? app.flatMap { modelsByAppName[$0] } ?? shared
        }
        currentProcess = process
        currentAppNameLength = appNameLength
        if !processes.isEmpty, let known = processes.removeValue(forKey: process) {
            current = known
        } else {
            let start =
                seenProcesses == 0 || isTraceApp
                ? number(of: Self.allStates(sceneBased: model.isSceneBased)) : Self.notRunningOnlyNumber
            current = Process(states: start)
            current.startedInAnyState = start != Self.notRunningOnlyNumber
            current.isNamedByPid = appNameLength != nil
            seenProcesses += 1
        }
    }

    /// The length in bytes of the app's name in a process that NSLog names (`Demo` of `Demo[1234`, up to its last
    /// `[`); `nil` for a trace's app.
    static func appNameLength(of process: String) -> Int? {
        var process = process
        return process.withUTF8 { bytes in bytes.lastIndex(of: UInt8(ascii: "[")) }
    }

    /// The first `length` bytes of a process's name, which end before an ASCII `[`.
    static func prefix(of process: String, length: Int) -> Substring {
        process[..<process.utf8.index(process.utf8.startIndex, offsetBy: length)]
    }

    /// Whether two processes' names begin with the same `length` bytes.
    static func samePrefix(of first: String, and second: String, length: Int) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { first in
            second.withUTF8 { second in
                first.count >= length && second.count >= length
                    && UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: first[..<length])).hasSameBytes(
                        as: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: second[..<length])))
            }
        }
    }

    /// The quirk that a line fitting the model is all the same, by the lines before it and the pauses: the
    /// prewarm of iOS 15.0 to 15.3 (docs/lifecycle.md §15), the swipe of iOS 13 on an iPhone, the scene's flicker
    /// around Notification Center on iOS 15 (§12).
    ///
    /// Static, given what it reads: a method of the checker called from a mutating one copied the whole checker
    /// (336 bytes, with `memcpy`) for every line.
    private static func fittingQuirk(_ fitting: LogQuirk.FittingLine, among quirks: [LogQuirk]) -> LogQuirk? {
        quirks.first { $0.marks(fitting) }
    }

}
