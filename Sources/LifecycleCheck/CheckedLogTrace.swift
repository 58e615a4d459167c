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

    /// The records of one checked line: its event, then its state if the model knows it.
    mutating func add<Sink: TraceSink>(
        _ line: LogRecognizer.Recognized, states possible: Set<LogChecker.State>?, into sink: inout Sink
    ) {
        if let time = line.time {
            let origin = self.origin ?? time
            self.origin = origin
            now = max(now, .milliseconds(Int64(((time - origin) * 1000).rounded())))
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
