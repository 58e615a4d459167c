import LifecycleCore
import LifecycleTrace

/// A sink that keeps a trace as a ``Timeline``, to be drawn once it ends.
public struct TimelineRecorder: TraceSink, Sendable {
    private var builder = TimelineBuilder()
    public private(set) var timeline = Timeline()

    public init() {}

    public mutating func write(_ record: TraceRecord) {
        timeline.beginRecord(at: record.time)
        builder.add(record, into: &timeline)
    }

    public mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        builder.backgroundTime(of: app, runsOutAt: deadline, at: time, into: &timeline)
    }

    /// Marks the moment of the last record: the line of a log the model cannot explain (``Timeline/Mark/Kind``).
    public mutating func mark(_ kind: Timeline.Mark.Kind, _ text: String) {
        timeline.marks.append(
            Timeline.Mark(
                moment: Timeline.Moment(time: builder.now, record: timeline.recordTimes.count), text: text,
                kind: kind))
    }

    /// The timeline, with what is still open — the states the apps are left in, their work, their background
    /// time — ended at `end`, or a little after the last record (a fiftieth of the time so far), so that it shows.
    public mutating func finish(at end: Duration? = nil) -> Timeline {
        let now = builder.now
        let end = max(end ?? now + now / 50, now)
        timeline.beginRecord(at: end)
        builder.finish(at: end, into: &timeline)
        timeline.end = max(timeline.end, builder.now)
        return timeline
    }
}
