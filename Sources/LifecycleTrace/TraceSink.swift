import LifecycleCore

/// Where a simulator sends its trace, one record at a time, so that a trace of any length is streamed and
/// never kept.
public protocol TraceSink {
    mutating func write(_ record: consuming TraceRecord)

    /// An app's background time starts to run out at `time`, until `deadline`, or stops running (`nil`): what a
    /// timeline draws as a bar running down (docs/lifecycle.md §20). The trace's lines do not show it, and the
    /// sinks that write them ignore it; hosts tell it as they set and cancel the budget's timer.
    mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration)
}

extension TraceSink {
    public mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {}
}

/// A sink that drops every record: for checking a scenario without printing it, and for benchmarks.
public struct DiscardingTraceSink: TraceSink {
    public init() {}
    public mutating func write(_ record: TraceRecord) {}
}

/// A sink that keeps every record: for tests and short scenarios.
public struct CollectingTraceSink: TraceSink {
    public private(set) var records: [TraceRecord] = []
    public init() {}
    public mutating func write(_ record: TraceRecord) { records.append(record) }
}
