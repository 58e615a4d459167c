/// A mistake in a scenario file: where it is, and what was found instead of what was expected.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COL: error: MESSAGE`, the form compilers use, so editors can jump to it.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Every mistake found in one scenario file.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [ScenarioError]

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
