import Foundation
import LifecycleCore
import Testing

@testable import LifecycleTrace

/// The spool that holds a run's trace back, in memory and then in a file, gives back exactly what it was given.
@Suite struct TraceSpoolTests {
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
