/// A line of an input shown under a message about it, with a caret under the column concerned:
///
/// ```
/// tour.scenario:9:1: error: 'swipe notes' is impossible here: the app switcher is not open
///     9 | swipe notes
///       | ^
/// ```
///
/// A long line is shown as a window around the column, cut with `…`, so an error about a line of a
/// megabyte prints a line of a hundred characters. A control character of the input (an escape, a bell) is shown
/// as its code, `\u{1B}`, never sent to the reader's terminal, where it would act.
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
        // Each character as it is shown, so that the caret lines up under escaped ones too.
        let pieces = shown.map(Self.shown)
        var result = gutter + pieces.joined()
        if column != nil {
            // Tabs stay tabs under the line, so the caret lines up however wide the reader's tabs are.
            let pad = pieces.prefix(caretOffset).map { $0 == "\t" ? "\t" : String(repeating: " ", count: $0.count) }
            result += "\n" + String(repeating: " ", count: gutter.count - 2) + "| " + pad.joined() + "^"
        }
        return result
    }

    /// A text of the input as a message shows it: its control characters as their codes (``render(_:line:column:)``).
    public static func escaped(_ text: some StringProtocol) -> String {
        text.map(Self.shown).joined()
    }

    /// A character as it is shown: a control character other than a tab (C0, DEL, C1) as `\u{…}` with its code.
    private static func shown(_ character: Character) -> String {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
            scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value)
        else { return String(character) }
        return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
