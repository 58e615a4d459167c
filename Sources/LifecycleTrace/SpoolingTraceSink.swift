import LifecycleCore

/// A sink that formats records into a ``TraceSpool``, in pieces of a quarter of a megabyte.
package struct SpoolingTraceSink: TraceSink {
    package enum Layout {
        case jsonl
        case text(TextTraceLayout)
        /// Chrome trace events: the layout is shared by the sinks of every scenario of one document.
        case chromeTrace(ChromeTraceLayout)
    }

    package let layout: Layout
    package let spool: TraceSpool
    private var buffer = RawTraceBytes(capacity: Self.pieceSize + 4096)
    /// The first failure to spool, after which nothing more is spooled.
    package private(set) var failure: TraceSpool.Failure?

    static let pieceSize = 1 << 18

    package init(layout: Layout, spool: TraceSpool) {
        self.layout = layout
        self.spool = spool
    }

    package mutating func write(_ record: consuming TraceRecord) {
        switch layout {
        case .jsonl: JSONLinesTraceWriter<String>.append(record, into: &buffer)
        case .text(let text): text.append(record, into: &buffer)
        case .chromeTrace(let chrome): chrome.append(record, into: &buffer)
        }
        if buffer.count >= Self.pieceSize { flush() }
    }

    package mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        guard case .chromeTrace(let chrome) = layout else { return }
        chrome.backgroundTime(of: app, runsOutAt: deadline, at: time, into: &buffer)
    }

    /// Appends what a layout writes itself, outside any record: a Chrome trace's opening, its end.
    package mutating func write(_ body: (inout RawTraceBytes) -> Void) {
        body(&buffer)
        if buffer.count >= Self.pieceSize { flush() }
    }

    /// Appends bytes that are not a record, such as a heading.
    package mutating func write(_ bytes: TraceBuffer) {
        bytes.bytes.withUnsafeBufferPointer { buffer.append($0) }
    }

    /// Hands what is buffered to the spool.
    package mutating func flush() {
        guard failure == nil else { return buffer.removeAll() }
        do {
            try spool.append(buffer.bytes)
        } catch {
            failure = error
        }
        buffer.removeAll()
    }
}
