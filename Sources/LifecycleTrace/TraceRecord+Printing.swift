import LifecycleCore

extension TraceRecord: CustomStringConvertible {
    /// The record as one line of a `jsonl` trace (docs/trace-format.md): what a test shows when it prints a record
    /// or a list of them.
    public var description: String { JSONLinesTraceWriter<String>.line(for: self) }
}

extension Sequence where Element == TraceRecord {
    /// The records as `lifecycle run` prints them: text for people, without colours, its app column as wide as
    /// the longest of `apps`; JSON Lines, a record a line; or Chrome trace events (without the background time
    /// left, which records do not hold).
    public func printed(as format: TraceFormat = .text, apps: [AppID] = []) -> String {
        switch format {
        case .text:
            var writer = TextTraceWriter(output: "", apps: apps, colours: false)
            for record in self { writer.write(record) }
            return writer.output
        case .jsonl:
            var writer = JSONLinesTraceWriter(output: "")
            for record in self { writer.write(record) }
            return writer.output
        case .chromeTrace:
            var writer = ChromeTraceWriter(output: "")
            for record in self { writer.write(record) }
            writer.finish()
            return writer.output
        }
    }
}
