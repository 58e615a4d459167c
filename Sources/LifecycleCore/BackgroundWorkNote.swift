/// A note the phone writes when an app's background work begins or ends: a background task begun or ended, all
/// of them ended by the expiration handler, a completion handler called. Its words are kept here only, both to
/// write the note and to read it back, so that a timeline drawing that work from a trace (docs/lifecycle.md §20)
/// and the trace itself cannot drift apart (as ``FaultNote``'s are).
public enum BackgroundWorkNote: Hashable, Sendable {
    /// A scripted app begins a background task it ends after `work`.
    case scriptedTaskBegan(work: Duration)
    /// An app whose code runs in the host begins a background task, named or not.
    case taskBegan(name: String?, identifier: BackgroundTaskIdentifier)
    /// The app ends a background task: by its identifier when its code runs in the host, else the one whose work
    /// is done.
    case taskEnded(identifier: BackgroundTaskIdentifier?)
    /// A scripted app's expiration handler ends every background task it began.
    case expirationHandlerEndsTasks
    /// The app calls the completion handler of a delegate method (a background event's, a notification's).
    case completionHandlerCalled(selector: String)

    /// The note's text, as the trace shows it.
    public var text: String {
        switch self {
        case .scriptedTaskBegan(let work): Self.begin + ": " + work.secondsText + Self.ofWork
        case .taskBegan(let name, let identifier):
            Self.begin + (name.map { " '\($0)'" } ?? "") + Self.arrow + identifier.description
        case .taskEnded(let identifier): Self.end + (identifier.map { "(\($0))" } ?? "")
        case .expirationHandlerEndsTasks: Self.expirationEnds
        case .completionHandlerCalled(let selector): Self.handlerOf + selector + Self.called
        }
    }

    /// The work a note's text tells of, or `nil` for every other note. A test of the first byte keeps the notes
    /// that are not about background work cheap to pass by.
    public init?(text: String) {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "b") || first == UInt8(ascii: "e")
                || first == UInt8(ascii: "c")
        else { return nil }
        if let rest = text.dropping(prefix: Self.begin) {
            if let work = rest.dropping(prefix: ": ")?.dropping(suffix: Self.ofWork),
                let milliseconds = Self.milliseconds(work)
            {
                self = .scriptedTaskBegan(work: .milliseconds(milliseconds))
            } else if let arrow = rest.ranges(of: Self.arrow).last,
                let number = UInt64(rest[arrow.upperBound...])
            {
                let name = rest[..<arrow.lowerBound]
                let quoted = name.count >= 3 && name.hasPrefix(" '") && name.hasSuffix("'")
                guard name.isEmpty || quoted else { return nil }
                self = .taskBegan(
                    name: quoted ? String(name.dropFirst(2).dropLast()) : nil,
                    identifier: BackgroundTaskIdentifier(rawValue: number))
            } else {
                return nil
            }
        } else if let rest = text.dropping(prefix: Self.end) {
            if rest.isEmpty {
                self = .taskEnded(identifier: nil)
            } else if rest.hasPrefix("("), rest.hasSuffix(")"), let number = UInt64(rest.dropFirst().dropLast()) {
                self = .taskEnded(identifier: BackgroundTaskIdentifier(rawValue: number))
            } else {
                return nil
            }
        } else if text == Self.expirationEnds {
            self = .expirationHandlerEndsTasks
        } else if let selector = text.dropping(prefix: Self.handlerOf)?.dropping(suffix: Self.called) {
            self = .completionHandlerCalled(selector: selector)
        } else {
            return nil
        }
    }

    /// Seconds as ``Swift/Duration/secondsText`` writes them (`20`, `1.5`, `0.025`), in milliseconds: read in whole
    /// numbers, as the core reads no floating point (a `Double`'s rounding needs the C library, which the core
    /// does not link).
    private static func milliseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0, whole < Int64.max / 1000 else { return nil }
        guard parts.count == 2 else { return whole * 1000 }
        let fraction = parts[1]
        guard (1...3).contains(fraction.count), fraction.allSatisfy(\.isASCII), let digits = Int64(fraction) else {
            return nil
        }
        return whole * 1000 + digits * [100, 10, 1][fraction.count - 1]
    }

    private static let begin = "beginBackgroundTask"
    private static let ofWork = " s of work"
    private static let arrow = " → "
    private static let end = "endBackgroundTask"
    private static let expirationEnds = "expiration handler runs (5 s remain) and ends the background task"
    private static let handlerOf = "completion handler of "
    private static let called = " called"
}
