/// How a trace is printed.
public enum TraceFormat: String, CaseIterable, Sendable {
    /// Aligned columns for a person.
    case text
    /// One JSON object a line, for programs (docs/lifecycle.md §11).
    case jsonl
    /// Chrome's Trace Event Format, for Perfetto's UI and `chrome://tracing`: lanes over time
    /// (docs/trace-format.md).
    case chromeTrace = "chrome-trace"
}
