import LifecycleCore
import Testing

@testable import LifecycleScenario

/// The byte-wise reader of ASCII scenario lines finds the words, columns and comments the character-wise
/// reader finds.
@Suite struct ScenarioTokenTests {
    /// The table by first letter finds every command word, each with its own syntax, and nothing else.
    @Test func everyCommandIsFoundByItsWordAndNoOtherWordIs() throws {
        for (word, syntax) in ScenarioParser.commands {
            let found = try #require(ScenarioParser.syntax(of: word), "\(word)")
            var values = ScenarioParser.ArgumentValues()
            (values.app, values.text, values.duration, values.count) = ("x", "y", .seconds(2), 3)
            #expect(found.arguments == syntax.arguments && found.make(values) == syntax.make(values), "\(word)")
        }
        for word in ["", "ta", "tapp", "Tap", "t", "home ", "é", "memory-", "wait2", "profile", "app"] {
            #expect(ScenarioParser.syntax(of: word) == nil, "\(word)")
        }
    }

    @Test func asciiLinesSplitAsTheCharacterWiseReaderSplitsThem() {
        var random = SplitMix64(seed: 3)
        let pieces = ["tap", "notes", " ", "\t", "\u{0B}", "\u{0C}", "\r", "#", "##", " # ", "x#y", "-", "é"]
        for _ in 0..<20_000 {
            let line = random.pieces(of: pieces, atMost: 8).joined()
            guard line.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            var (ascii, reference): ([Token], [Token]) = ([], [])
            let asciiComment = ScenarioParser.tokens(ofASCII: line[...], into: &ascii)
            let referenceComment = ScenarioParser.tokens(ofAnyText: line[...], into: &reference)
            #expect(ascii == reference, "\(line.debugDescription)")
            #expect(asciiComment == referenceComment, "\(line.debugDescription)")
        }
    }

    /// Any line, ASCII or not, splits as the character-wise reader splits it: the byte-wise reader hands a line to
    /// it at its first byte beyond ASCII, in a word, a space or a comment. Lines are also taken as pieces of a
    /// larger text, as a whole scenario's lines are, where a token's offsets are the text's.
    @Test func everyLineSplitsAsTheCharacterWiseReaderSplitsIt() {
        let pieces = [
            "tap", "notes", " ", "\t", "#", " # ", "x#y", "é", "\u{3000}", "\u{A0}", "✓", "# é\u{A0}", "\u{301}",
            "#️⃣", "# 打开备忘录", "\u{3000}#",
        ]
        let failing = SplitMix64.linesFailing(seed: 9, pieces: pieces, atMost: 8) { line in
            [line[...], ScenarioParser.lines(of: "home\n" + line + "\ntap x")[1]].allSatisfy { piece in
                var (read, reference): ([Token], [Token]) = ([], [])
                let comment = ScenarioParser.tokens(of: piece, into: &read)
                let referenceComment = ScenarioParser.tokens(ofAnyText: piece, into: &reference)
                return read.map(\.text) == reference.map(\.text) && read.map(\.column) == reference.map(\.column)
                    && comment == referenceComment
            }
        }
        #expect(failing.isEmpty)
    }

    /// An action's text in the trace is its words joined by single spaces, whatever separated them on the line.
    @Test func actionTextIsTheWordsJoinedBySingleSpaces() {
        let pieces = ["tap", "notes", " ", " ", "  ", "\t", "\u{0B}", "\r", "é", "\u{3000}", "\u{A0}", "# note", "x"]
        let failing = SplitMix64.linesFailing(seed: 4, pieces: pieces, atMost: 8) { line in
            let tokens = ScenarioParser.tokens(of: line[...]).tokens
            return ScenarioParser.actionText(tokens) == tokens.map(\.text).joined(separator: " ")
        }
        #expect(failing.isEmpty)
    }

    /// The text trace sizes its app column from `app` lines, found by their first byte before any tokenizing:
    /// that finds what the tokens find, Unicode's spaces before the word included.
    @Test func declaredAppIDsAreFoundAsTheTokensFindThem() {
        let pieces = ["app", "apple", "a", "tap", "notes", " ", "\t", "\u{0B}", "\u{A0}", "\u{3000}", "é", "#", "x"]
        let failing = SplitMix64.linesFailing(seed: 5, pieces: pieces, atMost: 6) { line in
            let tokens = ScenarioParser.tokens(of: line[...]).tokens
            let expected = tokens.count >= 2 && tokens[0].text == "app" ? tokens[1].text.count : 0
            return ScenarioParser.longestDeclaredAppID(in: line[...]) == expected
        }
        #expect(failing.isEmpty)
    }

    /// Lines are read as `String(validating:as:)` reads them, ASCII taken as it is on a path of its own.
    @Test func linesAreUTF8AsTheStandardLibraryJudgesIt() {
        var random = SplitMix64(seed: 6)
        let pieces: [[UInt8]] = [
            Array("tap notes".utf8), [0x20], [0x7F], [0x00], Array("é".utf8), Array("✓".utf8), Array("🙂".utf8),
            [0xC3], [0xFF], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
        ]
        var mismatches: [[UInt8]] = []
        for _ in 0..<20_000 {
            let bytes = random.pieces(of: pieces, atMost: 6).flatMap { $0 }
            let (read, reference) = bytes.withUnsafeBufferPointer {
                (ScenarioSource.string(validatingUTF8: $0), String(validating: $0, as: UTF8.self))
            }
            if read != reference || read.map({ Array($0.utf8) != bytes }) == true { mismatches.append(bytes) }
        }
        #expect(mismatches.count == 0, "the first: \(mismatches.prefix(3))")
    }

    /// An app id is judged as its characters are, from a `Substring` or from its bytes.
    @Test func appIDsAreJudgedAsCharactersAre() {
        for byte in UInt8(0)..<0x80 {
            let text = "a\(Character(Unicode.Scalar(byte)))b"[...]
            let reference =
                text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
            #expect(AppID.isValid(text) == reference, "byte \(byte)")
            #expect(Array(text.utf8).withUnsafeBufferPointer(AppID.isValid(utf8:)) == reference, "byte \(byte)")
        }
        // Mixed with characters beyond ASCII, combining marks included, and empty.
        let pieces = ["a", "Z", "9", ".", "_", "-", " ", "=", "#", "é", "\u{301}", "✓", "٣", "日", "\u{200B}", "🙂"]
        let failing = SplitMix64.linesFailing(seed: 7, pieces: pieces, atMost: 5) { text in
            let reference =
                !text.isEmpty
                && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
            return AppID.isValid(text[...]) == reference
                && Array(text.utf8).withUnsafeBufferPointer(AppID.isValid(utf8:)) == reference
        }
        #expect(failing.count == 0, "the first: \(failing.prefix(3))")
    }
}

extension SplitMix64 {
    /// The texts, among 20,000 of up to `most` of `pieces` drawn from `seed`, for which `holds` is false.
    static func linesFailing(seed: UInt64, pieces: [String], atMost most: Int, _ holds: (String) -> Bool) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<20_000).compactMap { _ in
            let line = random.pieces(of: pieces, atMost: most).joined()
            return holds(line) ? nil : line.debugDescription
        }
    }

    /// Up to `most` of `pieces`, picked at random and in a row: the readers' seeded test inputs.
    mutating func pieces<Piece>(of pieces: [Piece], atMost most: Int) -> [Piece] {
        (0..<Int.random(in: 0...most, using: &self)).map { _ in pieces.randomElement(using: &self)! }
    }
}
