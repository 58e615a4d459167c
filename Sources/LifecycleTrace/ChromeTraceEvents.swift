import LifecycleCore

/// Writes a timeline as Chrome's Trace Event Format, which Perfetto's UI and `chrome://tracing` open
/// (docs/trace-format.md): one event a line, inside `{"traceEvents":[` … `],"displayTimeUnit":"ms"}`.
///
/// - a process (`pid`) per app process, named by its app (`process_name`), in the order they launched;
/// - a thread (`tid`) per lane: 1 the app's state (`app`), 2 and on its scenes (by their ids);
/// - each state a complete event (`"ph":"X"`) on its lane, the lane's states tiling it without overlap;
/// - callbacks, notifications and notes as thread instants (`"ph":"i"`, `"s":"t"`); the scenario's lines as
///   global instants (`"s":"g"`); a kill as a process instant (`"s":"p"`);
/// - background tasks, completion handlers and BGTasks as async events (`"ph":"b"` and `"e"`, with an `id`);
/// - the background time left as a counter (`"ph":"C"`).
///
/// `ts` and `dur` are microseconds of the trace's time.
package struct ChromeTraceEvents<Bytes: TraceBytes>: TimelineOutput {
    package var bytes: Bytes
    /// What the writer keeps from one event to the next.
    package let memory: ChromeTraceMemory

    package init(bytes: Bytes, memory: ChromeTraceMemory = ChromeTraceMemory()) {
        self.bytes = bytes
        self.memory = memory
    }

    /// What comes before the first event.
    package static var opening: StaticString { #"{"traceEvents":["# }
    /// What comes after the last.
    package static var closing: StaticString { "\n],\"displayTimeUnit\":\"ms\"}\n" }

    private mutating func start(_ phase: StaticString) {
        bytes.append(memory.wroteEvent ? ",\n{\"ph\":\"" : "\n{\"ph\":\"")
        memory.wroteEvent = true
        bytes.append(phase)
    }

    /// Where an event is: its process, its lane and its time. The time's digits are made once for the events of
    /// one instant (most of a record's events share it, and making them was a tenth of the writer's work).
    private mutating func at(_ process: Int, _ thread: Int, _ time: Duration) {
        bytes.append(#","pid":"#)
        appendSmall(process)
        bytes.append(#","tid":"#)
        appendSmall(thread)
        bytes.append(#","ts":"#)
        if memory.lastTime != time {
            memory.lastTime = time
            memory.timeDigits.removeAll()
            memory.timeDigits.append(microseconds: time)
        }
        memory.timeDigits.bytes.withUnsafeBufferPointer { bytes.append($0) }
    }

    /// A number, a digit alone without the general path: lanes, and the first processes.
    private mutating func appendSmall(_ number: Int) {
        if number >= 0, number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
        } else {
            bytes.append(decimal: number)
        }
    }

    package mutating func processBegan(_ process: Int, app: AppID, at time: Duration) {
        start(#"M","name":"process_name","pid":"#)
        bytes.append(decimal: process)
        bytes.append(#","args":{"name":""#)
        bytes.append(jsonEscapedApp: app)
        if let processLabel = memory.processLabel {
            bytes.append(" (")
            bytes.append(jsonEscaped: processLabel)
            bytes.append(")")
        }
        bytes.append("\"}}")
        start(#"M","name":"process_sort_index","pid":"#)
        bytes.append(decimal: process)
        bytes.append(#","args":{"sort_index":"#)
        bytes.append(decimal: process)
        bytes.append("}}")
    }

    package mutating func laneBegan(_ lane: TimelineLane, name: String, at time: Duration) {
        start(#"M","name":"thread_name","pid":"#)
        bytes.append(decimal: lane.process)
        bytes.append(#","tid":"#)
        bytes.append(decimal: lane.lane)
        bytes.append(#","args":{"name":""#)
        bytes.append(jsonEscaped: name)
        bytes.append("\"}}")
        start(#"M","name":"thread_sort_index","pid":"#)
        bytes.append(decimal: lane.process)
        bytes.append(#","tid":"#)
        bytes.append(decimal: lane.lane)
        bytes.append(#","args":{"sort_index":"#)
        bytes.append(decimal: lane.lane)
        bytes.append("}}")
    }

    package mutating func state(_ state: String, of lane: TimelineLane, from start: Duration, to end: Duration) {
        self.start(#"X","cat":"state","name":""#)
        bytes.append(contentsOf: state)
        bytes.append("\"")
        at(lane.process, lane.lane, start)
        bytes.append(#","dur":"#)
        bytes.append(microseconds: end - start)
        bytes.append("}")
    }

    package mutating func instant(_ event: TraceRecord.Event, on lane: TimelineLane?, at time: Duration) {
        // States are spans, not instants: a builder never sends a transition here.
        switch event {
        case .transition, .sceneTransition: return
        default: break
        }
        start(lane == nil ? #"i","s":"g","cat":""# : #"i","s":"t","cat":""#)
        var app: AppID?
        switch event {
        case .action(let line, let text):
            bytes.append(#"action","name":""#)
            bytes.append(jsonEscaped: text)
            closeName(lane, time)
            bytes.append(#","args":{"line":"#)
            bytes.append(decimal: line)
            bytes.append("}}")
            return
        case .callback(let callbackApp, let callback, let detail):
            app = callbackApp
            bytes.append(#"callback","name":""#)
            bytes.append(name: callback)
            closeName(lane, time)
            if appendDetail(detail, app: lane == nil ? app : nil) { return }
        case .sceneCallback(let sceneApp, let scene, let callback, let detail):
            app = sceneApp
            bytes.append(#"callback","name":""#)
            bytes.append(name: callback)
            closeName(lane, time)
            if lane == nil {
                bytes.append(#","args":{"scene":""#)
                bytes.append(jsonEscaped: scene.rawValue)
                bytes.append("\"}}")
                return
            }
            if appendDetail(detail, app: nil) { return }
        case .notification(let notificationApp, let notification):
            app = notificationApp
            bytes.append(#"notification","name":""#)
            bytes.append(name: notification)
            closeName(lane, time)
        case .sceneNotification(let sceneApp, _, let notification):
            app = sceneApp
            bytes.append(#"notification","name":""#)
            bytes.append(name: notification)
            closeName(lane, time)
        case .note(let noteApp, let text):
            app = noteApp
            bytes.append(#"note","name":""#)
            bytes.append(jsonEscaped: text)
            closeName(lane, time)
        case .scheduledTask(let taskApp, let identifier, let step):
            app = taskApp
            bytes.append(#"BGTask","name":""#)
            switch step {
            case .launchHandler: bytes.append("launchHandler")
            case .expirationHandler: bytes.append("expirationHandler")
            case .completed: bytes.append("setTaskCompleted")
            }
            closeName(lane, time)
            bytes.append(#","args":{"identifier":""#)
            bytes.append(jsonEscaped: identifier)
            switch step {
            case .launchHandler(let kind):
                bytes.append(#"","class":""#)
                bytes.append(contentsOf: kind.className)
                bytes.append("\"")
            case .completed(let success): bytes.append(success ? #"","success":true"# : #"","success":false"#)
            case .expirationHandler: bytes.append("\"")
            }
            appendApp(lane == nil ? app : nil)
            bytes.append("}}")
            return
        case .expect(let line, let expectApp, let expected, let actual):
            bytes.append(#"expect","name":"expect "#)
            bytes.append(jsonEscapedApp: expectApp)
            bytes.append(" ")
            bytes.append(name: expected)
            closeName(lane, time)
            appendExpectation(line: line, actual: actual.rawValue, holds: expected == actual)
            return
        case .expectScene(let line, let scene, let expected, let actual):
            bytes.append(#"expect","name":"expect "#)
            bytes.append(jsonEscaped: scene.rawValue)
            bytes.append(" ")
            bytes.append(contentsOf: expected?.rawValue ?? SceneState.disconnectedName)
            closeName(lane, time)
            appendExpectation(
                line: line, actual: actual?.rawValue ?? SceneState.disconnectedName, holds: expected == actual)
            return
        case .explanation(let text):
            bytes.append(#"explanation","name":""#)
            bytes.append(jsonEscaped: text)
            closeName(lane, time)
        case .transition, .sceneTransition:
            return
        }
        if lane == nil, let app {
            bytes.append(#","args":{"app":""#)
            bytes.append(jsonEscapedApp: app)
            bytes.append("\"}}")
        } else {
            bytes.append("}")
        }
    }

    /// Closes an instant's name and writes where it is: on its lane, or globally (process 0).
    private mutating func closeName(_ lane: TimelineLane?, _ time: Duration) {
        bytes.append("\"")
        at(lane?.process ?? 0, lane?.lane ?? 0, time)
    }

    /// A callback's launch or connection options or its argument as its `args`, with the app's id when it is on no
    /// lane; whether the event is closed (it had something to write).
    private mutating func appendDetail(_ detail: CallbackDetail?, app: AppID?) -> Bool {
        let entries: [(key: String, value: String)]
        switch detail {
        case .launchOptions(let options): entries = options.entries
        case .connectionOptions(let options): entries = options.entries
        case .argument(let argument):
            bytes.append(#","args":{"argument":"#)
            bytes.append(jsonQuoted: argument)
            appendApp(app)
            bytes.append("}}")
            return true
        case nil: return false
        }
        bytes.append(#","args":{"options":"#)
        bytes.append(jsonObject: entries)
        appendApp(app)
        bytes.append("}}")
        return true
    }

    private mutating func appendApp(_ app: AppID?) {
        guard let app else { return }
        bytes.append(#","app":""#)
        bytes.append(jsonEscapedApp: app)
        bytes.append("\"")
    }

    private mutating func appendExpectation(line: Int, actual: String, holds: Bool) {
        bytes.append(#","args":{"line":"#)
        bytes.append(decimal: line)
        bytes.append(#","actual":""#)
        bytes.append(contentsOf: actual)
        bytes.append(holds ? #"","ok":true}}"# : #"","ok":false}}"#)
    }

    package mutating func processEnded(_ process: Int, reason: TransitionReason?, at time: Duration) {
        guard let reason else { return }
        start(#"i","s":"p","cat":"end","name":""#)
        bytes.append(contentsOf: reason.endOfProcess)
        bytes.append("\"")
        at(process, 1, time)
        bytes.append(#","args":{"reason":""#)
        bytes.append(name: reason)
        bytes.append("\"}}")
    }

    package mutating func workBegan(_ work: BackgroundWork, id: Int, process: Int, at time: Duration) {
        appendWork(#"b","cat":""#, work, id: id, process: process, at: time)
    }

    package mutating func workEnded(_ work: BackgroundWork, id: Int, process: Int, at time: Duration) {
        appendWork(#"e","cat":""#, work, id: id, process: process, at: time)
    }

    private mutating func appendWork(
        _ phase: StaticString, _ work: BackgroundWork, id: Int, process: Int, at time: Duration
    ) {
        start(phase)
        bytes.append(contentsOf: work.category)
        bytes.append(#"","name":""#)
        bytes.append(jsonEscaped: work.name)
        bytes.append(#"","id":"#)
        bytes.append(decimal: id)
        at(process, 1, time)
        bytes.append("}")
    }

    package mutating func backgroundTime(_ remaining: Duration, of process: Int, at time: Duration) {
        start(#"C","name":"background time remaining""#)
        at(process, 1, time)
        bytes.append(#","args":{"seconds":"#)
        bytes.append(seconds: remaining, paddedTo: 0)
        bytes.append("}}")
    }
}

/// What the writer keeps from one event to the next, and from one record to the next (``ChromeTraceLayout``): a
/// class, so that the writer made for each record shares the layout's, with nothing copied.
///
/// Its properties are `@exclusivity(unchecked)`: the run-time check of each access cost about a twentieth of the
/// writer's work. No two accesses can overlap: the memory is reached only by its layout and by the
/// ``ChromeTraceEvents`` the layout makes for one call, whose methods each touch one property at a time and call
/// nothing that could come back to it (only the bytes' appends, which are this module's own).
package final class ChromeTraceMemory {
    /// Whether an event was written: every later one starts with a comma.
    @exclusivity(unchecked) var wroteEvent = false
    /// What the process names add after the app's id (the scenario's name, when a batch has several).
    @exclusivity(unchecked) var processLabel: String?
    /// The time whose microseconds `timeDigits` holds.
    @exclusivity(unchecked) var lastTime: Duration?
    @exclusivity(unchecked) var timeDigits = TraceBuffer(capacity: 32)

    package init(processLabel: String? = nil) {
        self.processLabel = processLabel
    }
}

extension TraceBytes {
    /// A duration in microseconds, with up to three decimals (nanoseconds); exact for any duration of the
    /// simulator's clock, the end of time included.
    package mutating func append(microseconds duration: Duration) {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || attoseconds < 0 {
            // Durations here are never negative; should one be, it is written as zero rather than as nonsense.
            append(UInt8(ascii: "0"))
            return
        }
        let microseconds = UInt(attoseconds / 1_000_000_000_000)
        let nanoseconds = UInt(attoseconds / 1_000_000_000 % 1000)
        if seconds > 0 {
            append(decimal: UInt(seconds))
            var digits = microseconds
            var divisor: UInt = 100_000
            for _ in 0..<6 {
                append(UInt8(ascii: "0") + UInt8(digits / divisor))
                digits %= divisor
                divisor /= 10
            }
        } else {
            append(decimal: microseconds)
        }
        guard nanoseconds != 0 else { return }
        append(UInt8(ascii: "."))
        var fraction = nanoseconds
        var divisor: UInt = 100
        while fraction != 0 {
            append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}
