import LifecycleCore

/// Where a ``TimelineBuilder`` puts the pieces of a timeline as it learns them: a writer of Chrome's trace events,
/// or a picture.
public protocol TimelineOutput {
    /// A process begins: the app launched.
    mutating func processBegan(_ process: Int, app: AppID, at time: Duration)
    /// A lane of a process is used for the first time: the app's state (named `app`), or a scene (its id).
    mutating func laneBegan(_ lane: TimelineLane, name: String, at time: Duration)
    /// A lane was in a state from `start` to `end`: told when the state ends. A lane's states never overlap.
    mutating func state(_ state: String, of lane: TimelineLane, from start: Duration, to end: Duration)
    /// A callback, a notification or a note on its lane; the scenario's lines, and records of an app that does not
    /// run, on none (`nil`).
    mutating func instant(_ event: TraceRecord.Event, on lane: TimelineLane?, at time: Duration)
    /// A process ended: killed or terminated for `reason`, or at the end of the trace (`nil`).
    mutating func processEnded(_ process: Int, reason: TransitionReason?, at time: Duration)
    /// Work that holds the app in the background begins; `id` is the timeline's own, unique.
    mutating func workBegan(_ work: BackgroundWork, id: Int, process: Int, at time: Duration)
    /// That work ends: done, expired, or with its process.
    mutating func workEnded(_ work: BackgroundWork, id: Int, process: Int, at time: Duration)
    /// The background time the process has left at `time`; zero once it stops running.
    mutating func backgroundTime(_ remaining: Duration, of process: Int, at time: Duration)
}
