/// Where a simulator sends its trace, one record at a time, so that a trace of any length is streamed and
/// never kept.
public protocol TraceSink {
    mutating func write(_ record: consuming TraceRecord)
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
