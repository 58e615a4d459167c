import Testing

/// Holds a text to its golden copy line by line: the first line that differs is recorded with both versions (a
/// whole trace in one message would hide it), then the line counts are compared.
public func expectSameLines(
    _ actual: String, as golden: String, in name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
    for (number, (actualLine, expectedLine)) in zip(actualLines, goldenLines).enumerated()
    where actualLine != expectedLine {
        Issue.record(
            "\(name) line \(number + 1) differs:\n  expected \(expectedLine)\n  actual   \(actualLine)",
            sourceLocation: sourceLocation)
        break
    }
    #expect(actualLines.count == goldenLines.count, "\(name)", sourceLocation: sourceLocation)
}
