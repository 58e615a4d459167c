import LifecycleCore
import LifecycleTimeline
import LifecycleTrace

/// Where a playground's simulator sends its trace: every record, for the page's trace, and the timeline the
/// records and the background time make, for the page's picture of it.
struct PlaygroundTraceSink: TraceSink {
    private(set) var records: [TraceRecord] = []
    private(set) var timeline = TimelineRecorder()

    mutating func write(_ record: TraceRecord) {
        records.append(record)
        timeline.write(record)
    }

    mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        timeline.backgroundTime(of: app, runsOutAt: deadline, at: time)
    }
}
