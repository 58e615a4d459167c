import Foundation
import LifecycleCore
import Testing

@testable import LifecycleSimulator

/// `lifecycle run` reads a file a piece at a time and runs it once, holding its trace back until the whole file
/// has checked: these tests hold it to what reading the whole file first gave.
@Suite struct StreamedRunTests {
    /// A file in the temporary directory with `bytes` in it, open for reading.
    final class TemporaryFile {
        let descriptor: Int32

        init(_ bytes: [UInt8]) throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID()).scenario")
            try Data(bytes).write(to: url)
            descriptor = open(url.path, O_RDONLY)
            unlink(url.path)
            try #require(descriptor >= 0)
        }

        convenience init(_ text: String) throws { try self.init(Array(text.utf8)) }

        deinit { close(descriptor) }
    }

    /// The lines a source gives, read a piece of `chunkSize` bytes at a time.
    static func lines(of source: ScenarioSource, chunkSize: Int) -> (lines: [String], error: String?) {
        var lines: [String] = []
        let error = source.forEachLine(file: "f", chunkSize: chunkSize) { line, number in
            #expect(number == lines.count + 1)
            lines.append(String(line))
            return true
        }
        return (lines, error)
    }

    /// The text trace's first pass over a file reads only lines that may declare an app: the same lines, with the
    /// same numbers, as a full read keeps, from a file in any pieces and from a text.
    @Test func aReadForAppLinesSkipsTheOthersAndKeepsTheNumbers() throws {
        var random = SplitMix64(seed: 8)
        let pieces = ["app notes", "  app a", "tap a", "apple", "", "\r", "\n", "\r\n", "\u{3000}app é", "# app"]
        for _ in 0..<200 {
            let text = random.pieces(of: pieces, atMost: 10).joined()
            let file = try TemporaryFile(text)
            for source in [ScenarioSource.file(descriptor: file.descriptor), .text(text)] {
                var all: [(String, Int)] = []
                _ = source.forEachLine(file: "f", chunkSize: 3) { line, number in
                    all.append((String(line), number))
                    return true
                }
                var wanted: [(String, Int)] = []
                _ = source.forEachLine(file: "f", chunkSize: 3, where: ScenarioParser.mayDeclareApp) { line, number in
                    wanted.append((String(line), number))
                    return true
                }
                let expected = all.filter { ScenarioParser.mayDeclareApp($0.0.utf8) }
                #expect(wanted.map(\.0) == expected.map(\.0), "\(text.debugDescription)")
                #expect(wanted.map(\.1) == expected.map(\.1), "\(text.debugDescription)")
            }
        }
    }

    @Test func aFileSplitsIntoTheLinesItsTextDoes() throws {
        var random = SplitMix64(seed: 5)
        let pieces = ["tap a", "", "\r", "\n", "\r\n", " ", "é", "# ✓ comment", "\r\r\n", "\n\r"]
        for _ in 0..<300 {
            let text = random.pieces(of: pieces, atMost: 12).joined()
            var expected = ScenarioParser.lines(of: text).map(String.init)
            // A text's last line may be empty; a file has no line after its last break.
            if expected.last == "" { expected.removeLast() }
            let file = try TemporaryFile(text)
            for chunkSize in [1, 2, 3, 7, 1 << 20] {
                let read = Self.lines(of: .file(descriptor: file.descriptor), chunkSize: chunkSize)
                #expect(read.error == nil)
                #expect(read.lines == expected, "\(text.debugDescription) in pieces of \(chunkSize)")
            }
        }
    }

    @Test func bytesThatAreNotUTF8AreLocated() throws {
        let file = try TemporaryFile(Array("tap a\nhome ".utf8) + [0xC3, 0x28] + Array(" x\n".utf8))
        for chunkSize in [1, 5, 1 << 20] {
            let read = Self.lines(of: .file(descriptor: file.descriptor), chunkSize: chunkSize)
            #expect(read.lines == ["tap a"])
            #expect(read.error == "f:2:6: error: expected UTF-8 text, found the byte 0xC3")
        }
    }

    /// Runs a source through the batch, as `lifecycle run` does.
    static func run(
        _ source: ScenarioSource, format: TraceFormat = .text, file: String = "s.scenario",
        spoolMemoryLimit: Int = TraceSpool.defaultMemoryLimit
    ) -> (outcome: ScenarioBatch.Outcome, output: String, errors: String) {
        var output = ""
        var errors = ""
        var batch = ScenarioBatch(format: format)
        batch.spoolMemoryLimit = spoolMemoryLimit
        let outcome = batch.run(
            [ScenarioBatch.Input(file: file, source: source)], output: &output, errors: &errors)
        return (outcome, output, errors)
    }

    @Test func aFileRunsAsItsTextDoes() throws {
        let text = LoadScenario(apps: 30, rounds: 200).source
        let file = try TemporaryFile(text)
        for format in [TraceFormat.text, .jsonl] {
            let streamed = Self.run(.file(descriptor: file.descriptor), format: format)
            let whole = Self.run(.text(text), format: format)
            #expect(streamed.outcome == .success)
            #expect(streamed.output == whole.output)
            #expect(streamed.output.utf8.count > 50_000)
        }
    }

    @Test func anAppDeclaredLateWidensTheTextTraceFromItsFirstLine() throws {
        let text = "app a\ntap a\nhome\napp a-rather-long-name\ntap a-rather-long-name\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor))
        #expect(result.outcome == .success, "\(result.errors)")
        let scenario = try ScenarioRunner.load(text, file: "s.scenario")
        var whole = TextTraceWriter(output: "", apps: scenario.apps.map(\.id), colours: false)
        try ScenarioRunner.run(scenario, into: &whole)
        #expect(result.output == whole.output)
        #expect(result.output.contains("       0s   a                  notRunning → inactive\n"))
    }

    @Test func aMistakeOnTheLastLinePrintsNoTrace() throws {
        let text = LoadScenario(apps: 5, rounds: 500).source + "tap nobody\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor))
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("s.scenario:\(text.split(separator: "\n").count):5: error: app 'nobody'"))
    }

    @Test func anImpossibleActionLateInALongFilePrintsNoTrace() throws {
        let text = LoadScenario(apps: 5, rounds: 500).source + "pick app1\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor), format: .jsonl)
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("'pick app1' is impossible here"))
        #expect(result.errors.contains("\n     | pick app1\n") || result.errors.contains("| pick app1"))
    }

    @Test func syntaxMistakesComeBeforeAnEarlierImpossibleAction() throws {
        let text = "app a\npick a\ntap b\nfrobnicate\n"
        let result = Self.run(.text(text))
        #expect(result.outcome == .invalidInput)
        #expect(result.errors.contains("s.scenario:3:5: error: app 'b' is not declared"))
        #expect(result.errors.contains("s.scenario:4:1: error: unknown command 'frobnicate'"))
        #expect(!result.errors.contains("impossible"))
    }

    @Test func aRequirementUnmetByTheProfileStopsTheRunAndIsReported() throws {
        let text = "profile ios12\napp a\ntap a\napp b scenes\ntap b\n"
        let result = Self.run(.text(text))
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("s.scenario:4:7: error: 'scenes' (a scene-based app) needs iOS 13 or later"))
    }

    @Test func failedExpectationsFollowTheirOwnFilesTrace() throws {
        var output = ""
        var errors = ""
        let inputs = [
            ScenarioBatch.Input(file: "one", source: "app a\ntap a\nexpect a background\n", heading: "one"),
            ScenarioBatch.Input(file: "two", source: "app b\ntap b\n", heading: "two"),
        ]
        let outcome = ScenarioBatch(format: .jsonl).run(inputs, output: &output, errors: &errors)
        #expect(outcome == .expectationFailed)
        #expect(errors == "one:3:1: expectation failed: expected a to be background, but it is active\n")
        #expect(output.contains(#""text":"one""#) && output.contains(#""text":"two""#))
    }

    @Test func aLongTraceGoesThroughTheSpoolsFileUnchanged() throws {
        let text = LoadScenario(apps: 50, rounds: 300).source
        let streamed = Self.run(.text(text), format: .jsonl, spoolMemoryLimit: 10_000)
        #expect(streamed.output.utf8.count > 100_000)
        var collected = CollectingTraceSink()
        let scenario = try ScenarioRunner.load(text, file: "s")
        try ScenarioRunner.run(scenario, into: &collected)
        let expected = collected.records.map { JSONLinesTraceWriter<String>.line(for: $0) + "\n" }.joined()
        #expect(streamed.output == expected)
    }

    /// To a file descriptor, a spool in its file is sent by the kernel (`sendfile`): the same bytes, stretch by
    /// stretch, and to a pipe as well as to a file.
    @Test func theSpoolsFileIsSentToADescriptorUnchanged() throws {
        let spool = TraceSpool(memoryLimit: 1_000)
        var written: [UInt8] = []
        var random = SplitMix64(seed: 5)
        while written.count < 300_000 {
            let line = Array("record \(random.next())\n".utf8)
            try spool.append(line)
            written += line
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sent-\(UUID())")
        let output = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(output >= 0)
        defer { unlink(url.path) }
        try spool.copy(from: 0, to: 1_000, into: output)
        try spool.copy(from: 1_000, to: written.count, into: output)
        close(output)
        #expect(Array(try Data(contentsOf: url)) == written)

        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, expected) = (ends[0], Array(written[500...]))
        let reader = Thread {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                received += buffer[..<count]
            }
            close(readEnd)
            #expect(received == expected)
        }
        reader.start()
        try spool.copy(from: 500, to: written.count, into: ends[1])
        close(ends[1])
        while !reader.isFinished { usleep(1_000) }
    }

    @Test func theSpoolGivesBackAnyStretchOfItsBytes() throws {
        let spool = TraceSpool(memoryLimit: 100_000)
        var written: [UInt8] = []
        var random = SplitMix64(seed: 9)
        while written.count < 500_000 {
            let line = Array("line \(random.next())\n".utf8)
            let piece = Array(repeating: line, count: Int.random(in: 1...1000, using: &random)).flatMap { $0 }
            try spool.append(piece)
            written += piece
        }
        #expect(spool.count == written.count)
        for (start, end) in [(0, written.count), (10, 20), (99_995, 100_005)] {
            var text = ""
            try spool.copy(from: start, to: end, into: &text)
            #expect(Array(text.utf8) == Array(written[start..<end]))
        }
    }
}

/// The byte-wise reader of ASCII scenario lines finds the words, columns and comments the character-wise
/// reader finds.
@Suite struct ScenarioTokenTests {
    /// The table by first letter finds every command word, each with its own syntax, and nothing else.
    @Test func everyCommandIsFoundByItsWordAndNoOtherWordIs() throws {
        for (word, syntax) in ScenarioParser.commands {
            let found = try #require(ScenarioParser.syntax(of: word), "\(word)")
            var values = ScenarioParser.ArgumentValues()
            (values.app, values.texts, values.duration, values.count) = ("x", ["y"], .seconds(2), 3)
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
        let pieces = ["tap", "notes", " ", "\t", "#", " # ", "x#y", "é", "\u{3000}", "\u{A0}", "✓", "# é\u{A0}"]
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
