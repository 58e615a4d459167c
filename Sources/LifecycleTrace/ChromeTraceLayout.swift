import LifecycleCore

/// What a Chrome trace keeps from one record to the next: the timeline being built, whether an event has been
/// written, and the number of the next process, across every scenario of a batch (one JSON document holds them
/// all). A class, so that the spool's sink of each scenario shares it (``SpoolingTraceSink``).
package final class ChromeTraceLayout {
    private var timeline = TimelineBuilder()
    /// What the writer keeps from one record to the next: whether an event was written, what the names of the
    /// scenario's processes add after the app's id (``begin(label:)``), the last place written.
    private let memory = ChromeTraceMemory()

    package init() {}

    /// The document's opening, before the first event.
    package func appendOpening<Bytes: TraceBytes>(into bytes: inout Bytes) {
        bytes.append(ChromeTraceEvents<Bytes>.opening)
    }

    /// A scenario of a batch begins: its time starts again at zero, its processes are numbered after the last
    /// one's, and named with `label` after their app's id when given (the scenario's name).
    package func begin(label: String?) {
        timeline = TimelineBuilder(firstProcess: timeline.processesSoFar)
        memory.processLabel = label
    }

    package func append<Bytes: TraceBytes>(_ record: consuming TraceRecord, into bytes: inout Bytes) {
        withEvents(into: &bytes) { timeline, events in timeline.add(record, into: &events) }
    }

    package func backgroundTime<Bytes: TraceBytes>(
        of app: AppID, runsOutAt deadline: Duration?, at time: Duration, into bytes: inout Bytes
    ) {
        withEvents(into: &bytes) { timeline, events in
            timeline.backgroundTime(of: app, runsOutAt: deadline, at: time, into: &events)
        }
    }

    /// A scenario ends: what is still open ends at its last record's time.
    package func end<Bytes: TraceBytes>(into bytes: inout Bytes) {
        withEvents(into: &bytes) { timeline, events in timeline.finish(into: &events) }
    }

    /// The document's closing, after the last event: the document is then whole, even with no event at all.
    package func appendClosing<Bytes: TraceBytes>(into bytes: inout Bytes) {
        bytes.append(ChromeTraceEvents<Bytes>.closing)
    }

    private func withEvents<Bytes: TraceBytes>(
        into bytes: inout Bytes, _ body: (inout TimelineBuilder, inout ChromeTraceEvents<Bytes>) -> Void
    ) {
        // The bytes move into the events and back, so that a buffer of value type is not copied.
        var events = ChromeTraceEvents(bytes: consume bytes, memory: memory)
        body(&timeline, &events)
        bytes = events.bytes
    }
}
