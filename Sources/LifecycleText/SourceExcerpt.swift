/// A line of an input shown under a message about it, with a caret under the column concerned:
///
/// ```
/// tour.scenario:9:1: error: 'swipe notes' is impossible here: the app switcher is not open
///     9 | swipe notes
///       | ^
/// ```
///
/// A long line is shown as a window around the column, cut with `…`, so an error about a line of a
/// megabyte prints a line of a hundred characters.
public enum SourceExcerpt {
    /// How many characters of a line are shown at most.
    static let width = 100

    /// The excerpt's lines (without a final line break): the source line, then the caret under `column`
    /// (1-based, in characters) when one is given.
    public static func render(_ text: some StringProtocol, line number: Int, column: Int? = nil) -> String {
        let characters = Array(text.prefix((column ?? 0) + width))
        var start = 0
        if let column, column - 1 > width - 20 { start = column - 1 - (width - 20) }
        let end = min(characters.count, start + width)
        var shown = String(characters[start..<end])
        var caretOffset = (column ?? 1) - 1 - start
        if start > 0 {
            shown = "…" + shown
            caretOffset += 1
        }
        if !text.dropFirst(end).isEmpty { shown += "…" }
        let gutter = "    \(number) | "
        var result = gutter + shown
        if column != nil {
            // Tabs stay tabs under the line, so the caret lines up however wide the reader's tabs are.
            let visible = Array(shown)
            let pad = visible.prefix(caretOffset).map { $0 == "\t" ? "\t" : " " }.joined()
            result += "\n" + String(repeating: " ", count: gutter.count - 2) + "| " + pad + "^"
        }
        return result
    }
}
