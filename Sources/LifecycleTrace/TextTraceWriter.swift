import LifecycleCore

/// Writes a trace for a person: aligned columns of time, app and event; action lines standing out; states
/// coloured when writing to a terminal.
///
/// ```
///      0s ▶ tap notes                                         line 3
///      0s   notes   notRunning → inactive
///      0s   notes   application:willFinishLaunchingWithOptions:
///      0s   notes     ↳ UIApplicationDidFinishLaunchingNotification
/// ```
///
/// Each record is written to `output` as it comes, for hosts that show a trace live; ``TraceSpool`` takes the
/// same bytes in large pieces. ``TextTraceLayout`` is the layout itself.
public struct TextTraceWriter<Output: TextOutputStream>: TraceSink {
    public var output: Output
    public let layout: TextTraceLayout
    private var buffer = TraceBuffer(capacity: 256)

    /// Whether to use ANSI colours (only when writing to a terminal).
    public var colours: Bool { layout.colours }

    /// - Parameters:
    ///   - apps: the apps that can appear, to size the app column.
    ///   - colours: whether to colour the output with ANSI escapes.
    public init(output: Output, apps: [AppID], colours: Bool) {
        self.output = output
        self.layout = TextTraceLayout(longestAppID: apps.map(\.rawValue.count).max() ?? 0, colours: colours)
    }

    public mutating func write(_ record: TraceRecord) {
        buffer.removeAll()
        layout.append(record, to: &buffer)
        output.write(buffer.text)
    }
}
