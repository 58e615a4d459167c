import Foundation
import LifecycleCore
import TestSupport
import Testing

@testable import LifecycleScenario

/// A scenario file is read a piece at a time: its lines, their numbers and its errors are those of its text.
@Suite struct ScenarioSourceTests {
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
}
