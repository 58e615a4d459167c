import Testing

@testable import LifecycleCheck

/// The reader of a log remembers the second of the last NSLog time and the last process: what it reads with that
/// memory is what it reads of each line alone.
@Suite struct LineMemoryTests {
    static let lines = [
        "2016-02-29 23:59:59.998 Notes[1000:3000] applicationDidBecomeActive:",
        "2016-02-29 23:59:59.999 Notes[1000:3000] applicationWillResignActive:",
        // A new day, a new second, another process.
        "2016-03-01 00:00:00.000 Mail[1001:3001] applicationDidBecomeActive:",
        "2016-03-01 00:00:00.5x0 Mail[1001:3001] applicationWillResignActive:",
        "2016-03-01 00:00:00.250 Mail[1001:3001] applicationDidEnterBackground:",
        // The same second as the line before but one: the memory holds one second.
        "2016-02-29 23:59:59.999 Notes[1000:3000] applicationDidEnterBackground:",
        "2016-03-01 00:00:00.001 Notes[1000:3000] applicationWillEnterForeground:",
        "2016-13-01 00:00:00.001 Notes[1000:3000] applicationDidBecomeActive:",
        // Processes that begin as the one before: another thread, a longer name, the compact style's type, syslog's.
        "2016-03-01 00:00:00.002 Notes[1000:3001] applicationDidBecomeActive:",
        "2016-03-01 00:00:00.003 Notes Beta[1002:3000] applicationDidBecomeActive:",
        "2016-03-01 00:00:00.004 Df Notes[1000:3000] applicationDidBecomeActive:",
        "2016-03-01 00:00:00.005 host Notes[1003]: applicationDidBecomeActive:",
        "2016-03-01 00:00:00.006 host Notes[1003]: applicationWillResignActive:",
        "2016-03-01 00:00:00.007 host Notes[1003] applicationDidEnterBackground:",
        "2016-03-01 00:00:00.008 Notes[1000:3000]",
        "2016-03-01 00:00:00.009 Notes[1000:3000] applicationWillEnterForeground:",
    ]

    @Test func aLineReadWithTheMemoryOfTheOthersReadsAsAlone() {
        var memory = LineMemory()
        for line in Self.lines {
            let alone = LogRecognizer.recognize(Substring(line))
            let remembered = line.utf8.withContiguousStorageIfAvailable {
                LogRecognizer.recognize($0, memory: &memory)
            }
            #expect(remembered == alone, "\(line)")
        }
        #expect(
            LogRecognizer.recognize(Substring(Self.lines[1]))?.time == 510_105_599.999,
            "5,903 days and a second less since 2000")
    }
}
