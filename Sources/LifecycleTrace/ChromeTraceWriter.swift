import LifecycleCore

/// Writes a trace as Chrome trace events (``ChromeTraceEvents``) to a text stream as it comes: for hosts that
/// show a trace live, such as the supervisor. The document is whole once ``finish()`` has written its end.
public struct ChromeTraceWriter<Output: TextOutputStream>: TraceSink {
    public var output: Output
    private let layout = ChromeTraceLayout()
    private var buffer = TraceBuffer(capacity: 512)

    /// Writes the document's opening at once.
    public init(output: Output) {
        self.output = output
        layout.appendOpening(into: &buffer)
        flush()
    }

    public mutating func write(_ record: TraceRecord) {
        layout.append(record, into: &buffer)
        flush()
    }

    public mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        layout.backgroundTime(of: app, runsOutAt: deadline, at: time, into: &buffer)
        flush()
    }

    /// Ends what is still open at the last record's time, and writes the document's end.
    public mutating func finish() {
        layout.end(into: &buffer)
        layout.appendClosing(into: &buffer)
        flush()
    }

    private mutating func flush() {
        guard buffer.count > 0 else { return }
        output.write(buffer.text)
        buffer.removeAll()
    }
}
