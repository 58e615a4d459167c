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

    /// The lines of `bytes` when `\n`, `\r\n` and a lone `\r` each end a line: a scenario's lines.
    static func referenceWithAnyBreak(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A:
                lines.append(line)
                line = []
            case 0x0D:
                lines.append(line)
                line = []
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            default:
                line.append(bytes[index])
            }
            index += 1
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// With any line break, from a file or from memory, a few bytes or a megabyte a read: `\r\n` split across two
    /// reads is one break, and a lone `\r` ends a line.
    @Test(arguments: [4, 5, 6])
    func anyBreakSplitsAsTheReferenceDoes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let pieces: [[UInt8]] = [
            Array("tap notes".utf8), [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], Array("é".utf8),
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID())")
            try Data(bytes).write(to: url)
            let descriptor = open(url.path, O_RDONLY)
            unlink(url.path)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            for readSize in [1, 2, 3, 7, 1 << 20] {
                for reader in [
                    LineReader(bytes: bytes, breaks: .any, readSize: readSize),
                    LineReader(descriptor: descriptor, breaks: .any, readSize: readSize),
                ] {
                    var lines: [[UInt8]] = []
                    while let line = reader.nextLine() { lines.append(Array(line)) }
                    #expect(lines == Self.referenceWithAnyBreak(bytes), "\(bytes) in reads of \(readSize)")
                    #expect(reader.readError == nil)
                }
            }
        }
    }

    @Test func aFileThatCannotBeReadEndsWithItsError() throws {
        let directory = open(FileManager.default.temporaryDirectory.path, O_RDONLY | O_DIRECTORY)
        try #require(directory >= 0)
        defer { close(directory) }
        let reader = LineReader(descriptor: directory, breaks: .any)
        #expect(reader.nextLine() == nil)
        #expect(reader.readError == EISDIR)
    }
}
