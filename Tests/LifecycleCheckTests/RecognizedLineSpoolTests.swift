import LifecycleCore
import Testing

@testable import LifecycleCheck
@testable import LifecycleTrace

/// What `lifecycle check` keeps between its passes comes back as it went in, from memory or from the temporary
/// file, records cut across the file's pieces included, and runs of lines of one process (whose name is kept once),
/// with the scene a line names or the task.
@Suite struct RecognizedLineSpoolTests {
    static func lines(_ count: Int) -> [LogRecognizer.Recognized] {
        var random = SplitMix64(seed: 11)
        let events = LoggedEvent.byOrdinal.compactMap { $0 }
        var process: String?
        return (0..<count).map { index in
            process =
                switch random.next() % 6 {
                case 0: nil
                case 1: String(1_000 + index)
                case 2: "com.example.app-" + String(repeating: "x", count: Int(random.next() % 60))
                default: process  // the process of the line before
                }
            let scene: String? =
                switch random.next() % 4 {
                case 0: "notes#\(random.next() % 100)"
                case 1: "0x7f8a" + String(random.next() % 0xFFFF, radix: 16)
                default: nil
                }
            var line = LogRecognizer.Recognized(
                event: events[Int(random.next() % UInt64(events.count))], process: process,
                time: random.next() % 2 == 0 ? Double(index) / 1000 : nil, isTraceRecord: random.next() % 5 == 0,
                scene: scene)
            // A scheduled task's line names its task, never a scene.
            if case .scheduledTask = line.event {
                (line.scene, line.taskIdentifier) = (nil, "com.example.task\(index)")
            }
            return line
        }
    }

    @Test(arguments: [TraceSpool.defaultMemoryLimit, 100])
    func everyLineComesBackInOrder(memoryLimit: Int) throws {
        let lines = Self.lines(60_000)  // some 3 MB of records: several pieces of the file
        let spool = RecognizedLineSpool(memoryLimit: memoryLimit)
        for (index, line) in lines.enumerated() { try spool.append(line, number: 2 * index + 1) }
        var back: [(LogRecognizer.Recognized, Int)] = []
        try spool.forEach { line, number in
            back.append((line, number))
            return true
        }
        #expect(back.count == lines.count)
        for (index, (line, number)) in back.enumerated() {
            #expect(line == lines[index])
            #expect(number == 2 * index + 1)
        }
    }

    @Test func readingStopsWhenAsked() throws {
        let spool = RecognizedLineSpool(memoryLimit: 100)
        for (index, line) in Self.lines(30_000).enumerated() { try spool.append(line, number: index + 1) }
        var seen = 0
        try spool.forEach { _, _ in
            seen += 1
            return seen < 25_000
        }
        #expect(seen == 25_000)
    }
}
