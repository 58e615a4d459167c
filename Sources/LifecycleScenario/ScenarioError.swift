import LifecycleText

/// A mistake in a scenario file: where it is, and what was found instead of what was expected.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The line of the file the mistake is on, shown under the message by ``diagnostic``.
    public var sourceLine: String?

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `FILE:LINE:COL: error: MESSAGE`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }

    /// The description, then the line it is about with a caret under the column, as a person reads it.
    public var diagnostic: String {
        guard let sourceLine else { return description }
        return description + "\n" + SourceExcerpt.render(sourceLine, line: line, column: column)
    }
}

/// Every mistake found in one scenario file.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    /// How many mistakes of one file are reported before reading stops. Compilers stop the same way: the first
    /// mistakes are the ones to fix, the later ones are often their echo, and the time to the first one must not
    /// grow with the file.
    public static let reportedLimit = 20

    public var errors: [ScenarioError]
    /// The lines after the last one read, not checked once ``reportedLimit`` mistakes were found.
    public var uncheckedLines = 0

    public init(errors: [ScenarioError], uncheckedLines: Int = 0) {
        self.errors = errors
        self.uncheckedLines = uncheckedLines
    }

    /// Whether ``reportedLimit`` mistakes have been found: reading stops there.
    public var isFull: Bool { errors.count >= Self.reportedLimit }

    /// Adds a mistake; returns whether reading may go on (``isFull`` is not yet true).
    @discardableResult
    public mutating func record(_ error: ScenarioError) -> Bool {
        if !isFull { errors.append(error) }
        return !isFull
    }

    public var description: String { lines(\.description) }

    /// Every mistake with its source line and caret (``ScenarioError/diagnostic``).
    public var diagnostic: String { lines(\.diagnostic) }

    private func lines(_ render: (ScenarioError) -> String) -> String {
        var lines = errors.map(render)
        if isFull, let file = errors.first?.file {
            let unchecked =
                uncheckedLines == 0
                ? "" : "; \(uncheckedLines) more line\(uncheckedLines == 1 ? " was" : "s were") not checked"
            lines.append("\(file): stopped after \(errors.count) errors\(unchecked)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A word of the input as a message quotes it: `'word'`, cut with `…` after 40 characters so that a message
/// about a huge word stays short, its control characters shown as their codes (``SourceExcerpt/escaped(_:)``).
func quoted(_ text: some StringProtocol) -> String {
    let limit = 40
    let head = text.prefix(limit + 1)
    let shown = SourceExcerpt.escaped(head.prefix(limit))
    return head.count > limit ? "'\(shown)…'" : "'\(shown)'"
}
