import LifecycleCore

/// A sink that formats records into a ``TraceSpool``, in pieces of a quarter of a megabyte.
package struct SpoolingTraceSink: TraceSink {
    package enum Layout {
        case jsonl
        case text(TextTraceLayout)
        /// Chrome trace events: the layout is shared by the sinks of every scenario of one document.
        case chromeTrace(ChromeTraceLayout)
    }

    /// The layout as each record switches over it: a payload for the text's layout only, the Chrome layout kept
    /// beside it (switching over `Layout` itself, whose class payload makes it a multi-payload enum, cost jsonl and
    /// text 0.4% more instructions).
    private let writing: Writing
    private let chrome: ChromeTraceLayout?
    package let spool: TraceSpool
    private var buffer = RawTraceBytes(capacity: Self.pieceSize + 4096)
    /// The first failure to spool, after which nothing more is spooled.
    package private(set) var failure: TraceSpool.Failure?

    static let pieceSize = 1 << 18

    private enum Writing {
        case jsonl
        case text(TextTraceLayout)
        case chromeTrace
    }

    package init(layout: Layout, spool: TraceSpool) {
        self.spool = spool
        switch layout {
        case .jsonl: (writing, chrome) = (.jsonl, nil)
        case .text(let text): (writing, chrome) = (.text(text), nil)
        case .chromeTrace(let layout): (writing, chrome) = (.chromeTrace, layout)
        }
    }

    package mutating func write(_ record: consuming TraceRecord) {
        switch writing {
        case .jsonl: JSONLinesTraceWriter<String>.append(record, into: &buffer)
        case .text(let text): text.append(record, into: &buffer)
        case .chromeTrace: writeChromeTrace(record)
        }
        if buffer.count >= Self.pieceSize { flush() }
    }

    /// A record as Chrome trace events: out of line, so that the writing of jsonl and text stays as small as it was
    /// (inlined, the Chrome writer made every jsonl record take 1% more instructions).
    @inline(never)
    private mutating func writeChromeTrace(_ record: consuming TraceRecord) {
        chrome?.append(record, into: &buffer)
    }

    package mutating func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        chrome?.backgroundTime(of: app, runsOutAt: deadline, at: time, into: &buffer)
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
