import LifecycleText

// A line's words and its comment.
extension ScenarioParser {
    /// The words of a line with their 1-based columns, and its comment: `#` at the start of a word begins a
    /// comment, which runs to the end of the line (its text without the `#` and the spaces around it).
    static func tokens(of line: Substring) -> (tokens: [Token], comment: Substring?) {
        var tokens: [Token] = []
        let comment = Self.tokens(of: line, into: &tokens)
        return (tokens, comment)
    }

    /// ``tokens(of:)`` into an array the caller keeps, emptied first: its memory serves every line of a file.
    static func tokens(of line: Substring, into tokens: inout [Token]) -> Substring? {
        // Emptied a token at a time, keeping the memory: `removeAll(keepingCapacity:)` goes through
        // `replaceSubrange`, some 180 instructions a line.
        while tokens.popLast() != nil {}
        if let comment = Self.tokens(ofASCII: line, into: &tokens) { return comment }
        tokens.removeAll(keepingCapacity: true)
        return Self.tokens(ofAnyText: line, into: &tokens)
    }

    /// ``tokens(of:into:)`` for any text, character by character: the reference that the ASCII reader matches.
    static func tokens(ofAnyText line: Substring, into tokens: inout [Token]) -> Substring? {
        let source = line.base
        var column = 0
        var start: (index: Substring.Index, column: Int)?
        var index = line.startIndex
        func append(_ open: (index: Substring.Index, column: Int), to end: Substring.Index) {
            let bytes = source.utf8Offset(of: open.index)..<source.utf8Offset(of: end)
            tokens.append(Token(source: source, bytes: bytes, column: open.column))
        }
        while index < line.endIndex {
            let character = line[index]
            column += 1
            if character.isWhitespace {
                if let open = start {
                    append(open, to: index)
                    start = nil
                }
            } else if start == nil {
                if character == "#" {
                    let comment = line[line.index(after: index)...].drop { $0 == "#" || $0.isWhitespace }
                    return comment.isEmpty ? nil : Self.trimmingTrailingWhitespace(comment)
                }
                start = (index, column)
            }
            index = line.index(after: index)
        }
        if let open = start { append(open, to: line.endIndex) }
        return nil
    }

    /// ``tokens(of:into:)`` for a line of ASCII bytes, where a character is a byte (a line holds no `\r\n`),
    /// read byte by byte where the bytes lie.
    ///
    /// - Returns: the line's comment, if it has one, as ``tokens(of:into:)``; `nil` (its tokens read so far left
    ///   in `tokens`) when the line has a byte beyond ASCII before its comment, which is left to
    ///   ``tokens(ofAnyText:into:)``.
    static func tokens(ofASCII line: Substring, into tokens: inout [Token]) -> Substring?? {
        let source = line.base
        let lineStart = source.utf8Offset(of: line.startIndex)
        let lineEnd = source.utf8Offset(of: line.endIndex)
        var contiguous = source
        // The comment's bytes, and whether they are trimmed already.
        let comment: (bytes: Range<Int>, trimmed: Bool)?? = contiguous.withUTF8 { bytes in
            var start: Int?
            for index in lineStart..<lineEnd {
                let byte = bytes[index]
                if byte.isASCIIWhitespace {
                    if let open = start {
                        tokens.append(Token(source: source, bytes: open..<index, column: open - lineStart + 1))
                        start = nil
                    }
                } else if byte >= 0x80 {
                    return nil
                } else if start == nil {
                    if byte == UInt8(ascii: "#") {
                        // A comment with a byte beyond ASCII may start or end in a space of Unicode's: its ends are
                        // trimmed character by character below, the words before it read here all the same (a
                        // line with a comment in Chinese cost twice one in English when all of it was left to the
                        // character-wise reader).
                        // (A `#` with a mark joined to it, `#\u{301}` or `#️⃣`, is another character, no comment's
                        // start: a byte beyond ASCII right after it leaves the line to the character-wise reader.)
                        if UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]).contains(where: { $0 >= 0x80 }) {
                            guard index + 1 < lineEnd, bytes[index + 1] < 0x80 else { return nil }
                            return .some((index + 1..<lineEnd, false))
                        }
                        var commentStart = index + 1
                        while commentStart < lineEnd,
                            bytes[commentStart] == UInt8(ascii: "#") || bytes[commentStart].isASCIIWhitespace
                        {
                            commentStart += 1
                        }
                        var commentEnd = lineEnd
                        while commentEnd > commentStart, bytes[commentEnd - 1].isASCIIWhitespace { commentEnd -= 1 }
                        return .some(commentStart < commentEnd ? (commentStart..<commentEnd, true) : nil)
                    }
                    start = index
                }
            }
            if let open = start {
                tokens.append(Token(source: source, bytes: open..<lineEnd, column: open - lineStart + 1))
            }
            return .some(nil)
        }
        guard let comment else { return nil }
        guard let (bytes, trimmed) = comment else { return .some(nil) }
        let text = source.utf8Slice(bytes)
        if trimmed { return .some(text) }
        let dropped = text.drop { $0 == "#" || $0.isWhitespace }
        return .some(dropped.isEmpty ? nil : trimmingTrailingWhitespace(dropped))
    }

    private static func trimmingTrailingWhitespace(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[..<end]
    }
}
