/// What the first reading of a log learns of its lifecycle lines, before any is checked: which events each app
/// logs, and which scenes are not connected when they are first named.
///
/// A struct with methods rather than variables that the reading's closure shares with a local function: those
/// were kept in boxes whose every access was checked for exclusivity at run time, a sixth of `lifecycle check`.
struct LogSurvey {
    /// Every event the log names.
    private(set) var logged = EventSet()
    /// What each app logs, by a trace's app or the name NSLog gives a process: each app has its own chart (an
    /// app-delegate app and a scene-based one may share a log).
    private(set) var loggedByTraceApp: [String: EventSet] = [:]
    private(set) var loggedByAppName: [String: EventSet] = [:]
    /// The scenes whose first line of a connection or a disconnection connects them: a scene named before it
    /// connects was not connected then.
    private(set) var scenesConnectingFirst: Set<String> = []
    /// The number of lifecycle lines.
    private(set) var recognized = 0
    /// The scenes whose first line of a connection or a disconnection has been seen.
    private var scenesConnectedOrDisconnected: Set<String> = []
    /// The events of the run of lines about one process (or processes of one app, one after another) being read:
    /// gathered before they are added to its app's.
    private var run: (process: String, isTraceRecord: Bool, events: EventSet, appNameLength: Int?)?

    /// Takes in a lifecycle line, in the log's order.
    mutating func add(_ line: LogRecognizer.Recognized) {
        recognized += 1
        logged.insert(line.event)
        if let process = line.process {
            if run?.process != process || run?.isTraceRecord != line.isTraceRecord {
                let appNameLength = line.isTraceRecord ? nil : LogChecker.appNameLength(of: process)
                if let ended = run, let length = appNameLength, !ended.isTraceRecord, ended.appNameLength == length,
                    LogChecker.samePrefix(of: ended.process, and: process, length: length)
                {
                    // The next process of the same app (NSLog's name, another pid): its events are the app's too.
                    run?.process = process
                } else {
                    endRun()
                    run = (process, line.isTraceRecord, EventSet(), appNameLength)
                }
            }
            run?.events.insert(line.event)
        }
        if let scene = line.scene, LogChecker.connectionLines.contains(line.event),
            scenesConnectedOrDisconnected.insert(scene).inserted, line.event != .callback(.sceneDidDisconnect),
            line.event != .notification(.sceneDidDisconnect)
        {
            scenesConnectingFirst.insert(scene)
        }
    }

    /// Adds the events of the run of lines being read to its app's: at the end of the log.
    mutating func endRun() {
        guard let ended = run else { return }
        if ended.isTraceRecord {
            loggedByTraceApp[ended.process, default: EventSet()].formUnion(ended.events)
        } else if let length = ended.appNameLength {
            let app = LogChecker.prefix(of: ended.process, length: length)
            loggedByAppName[String(app), default: EventSet()].formUnion(ended.events)
        }
        run = nil
    }
}
