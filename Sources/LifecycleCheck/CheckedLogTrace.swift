import LifecycleCore
import LifecycleTrace

/// A checked log as a trace, for a timeline (`lifecycle check --timeline`): each lifecycle line a callback or
/// notification of its process, and the state the model says the process is in after it, when only one is
/// possible, as a transition.
///
/// A process is the log's own (`MyApp[1234]`), an app of its own. Lines keep the log's times, counted from the first
/// line that has one; a line without a time comes at the time of the line before. A process starts at its first
/// line; where the model allows several states after it (a launch may be in the foreground or the background), it
/// is drawn in the first of them until a line tells which.
struct CheckedLogTrace {
    /// The state each process was last drawn in, and its scene's.
    private var states: [String: LogChecker.State] = [:]
    private var origin: Double?
    private var now: Duration = .zero
    /// The latest time a line is drawn at, in milliseconds since the first line with a time.
    private static let latest = 1e12

    /// The records of one checked line: its event, then its state if the model knows it.
    mutating func add<Sink: TraceSink>(
        _ line: LogRecognizer.Recognized, states possible: Set<LogChecker.State>?, into sink: inout Sink
    ) {
        if let time = line.time, time.isFinite {
            let origin = self.origin ?? time
            self.origin = origin
            // A log's times go backwards (a clock set back) or leap: the trace's time never goes back, and stops at
            // a billion seconds after the first line's (more than 30 years), what a millisecond count holds.
            let milliseconds = min(max((time - origin) * 1000, 0), Self.latest).rounded()
            now = max(now, .milliseconds(Int64(milliseconds)))
        }
        let process = line.process ?? "app"
        // NSLog's `App[pid:tid]` is kept up to the pid: closed again to name the process.
        let app = AppID(process.contains("[") && !process.hasSuffix("]") ? process + "]" : process)
        let scene = line.scene.map { SceneID(rawValue: $0) }
        let event: TraceRecord.Event
        switch line.event {
        case .callback(let callback):
            if let scene, callback.isSceneCallback {
                event = .sceneCallback(app, scene, callback, nil)
            } else {
                event = .callback(app, callback, nil)
            }
        case .notification(let notification):
            if let scene, notification.isSceneNotification {
                event = .sceneNotification(app, scene, notification)
            } else {
                event = .notification(app, notification)
            }
        case .sceneState, .scenePhase, .scheduledTask:
            event = .note(app, line.event.description + (line.taskIdentifier.map { " " + $0 } ?? ""))
        }
        // A process's first line starts it: in the state the model knows, or in none it can tell.
        let before = states[process] ?? LogChecker.State(app: .notRunning)
        let known = possible.flatMap { $0.count == 1 ? $0.first : nil }
        let starting = before.app == .notRunning ? possible?.min() : nil
        guard let after = known ?? starting else {
            sink.write(TraceRecord(time: now, event: event))
            return
        }
        if before.app == .notRunning, after.app != .notRunning {
            sink.write(TraceRecord(time: now, event: .transition(app, from: .notRunning, to: after.app, reason: nil)))
        }
        sink.write(TraceRecord(time: now, event: event))
        if before.app != .notRunning, before.app != after.app {
            sink.write(TraceRecord(time: now, event: .transition(app, from: before.app, to: after.app, reason: nil)))
        }
        if let scene, let from = before.scene ?? (after.scene != nil ? .unattached : nil), let to = after.scene,
            from != to
        {
            sink.write(TraceRecord(time: now, event: .sceneTransition(app, scene, from: from, to: to)))
        }
        states[process] = after
    }
}
