import Foundation
import LifecycleCore
import Testing

@testable import LifecycleText

/// The reader of log files gives the lines a plain split gives: at `\n`, without the `\r` before it, invalid
/// UTF-8 repaired, NUL bytes kept, lines of 70,000 bytes (longer than its buffer) whole.
@Suite struct LineReaderTests {
    /// The lines of `bytes` as the reader must give them.
    static func reference(_ bytes: [UInt8]) -> [String] {
        var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces.map { line in
            var line = line
            while line.last == UInt8(ascii: "\r") { line.removeLast() }
            return String(decoding: line, as: UTF8.self)
        }
    }

    static func read(_ bytes: [UInt8]) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID())")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let lines = try #require(LineReader(descriptor: descriptor)).map(String.init)
        // The bytes `lifecycle check` reads are those of the same lines.
        var bytes: [String] = []
        try #require(LineReader(descriptor: descriptor)).forEachLine { line in
            bytes.append(String(decoding: line, as: UTF8.self))
            return true
        }
        #expect(bytes == lines)
        return lines
    }

    @Test(arguments: [1, 2, 3])
    func linesAreThoseOfAPlainSplit(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [
            Array("2016-02-29 10:00:00.123 Demo[1:2] applicationDidBecomeActive:".utf8), [0x0A], [0x0D], [0x0D, 0x0A],
            [0x00], Array("é".utf8), [0xC3], [0xFF], [0xE2, 0x82], Array(repeating: UInt8(ascii: "x"), count: 70_000),
        ]
        var bytes: [UInt8] = []
        while bytes.count < 400_000 { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
        #expect(try Self.read(bytes) == Self.reference(bytes))
        #expect(try Self.read(bytes + [0x0A]) == Self.reference(bytes + [0x0A]))
    }

    @Test func anEmptyFileHasNoLinesAndALoneBreakHasOne() throws {
        #expect(try Self.read([]) == [])
        #expect(try Self.read([0x0A]) == [""])
        #expect(try Self.read(Array("a\r\n\nb".utf8)) == ["a", "", "b"])
    }

    @Test func aPipeIsRefused() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(LineReader(descriptor: ends[0]) == nil)
    }
}
