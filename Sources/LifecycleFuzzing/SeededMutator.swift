import LifecycleCore

/// A deterministic mutation fuzzer: from a corpus of valid inputs and a seed, the same stream of broken ones
/// — bytes flipped, words of the language inserted, spans deleted or repeated, inputs spliced, numbers made
/// huge, line endings changed. The test suite runs a short fixed-seed pass of it on every run; libFuzzer
/// (scripts/fuzz) is the long, coverage-guided one.
public struct SeededMutator {
    private var random: SplitMix64
    private let corpus: [[UInt8]]

    /// Words worth inserting: the language's own, numbers at and past every limit, line endings, comments.
    public static let dictionary: [String] = [
        "app ", "tap ", "home\n", "switcher\n", "pick ", "swipe ", "wait ", "expect ", "memory-pressure ",
        "profile ios4\n", "device memory=", "memory=", "background-task=", "event-work=", "did-enter-background=",
        "background-modes=fetch,audio", "restores-state", "exits-on-suspend", "99999999999999999999",
        "9223372036854775807ms", "9223372036854775.808s", "100000h", "100001h", "1024GB", "1025GB", "0.0001s",
        "\r\n", "\r", "\n", "#", " ", "\t", "é", "\u{0}", "applicationDidBecomeActive:", "applicationWillResignActive:",
        "applicationWillEnterForeground:", "applicationDidEnterBackground:",
        "application:didFinishLaunchingWithOptions:", "applicationDidBecomeActive(_:)",
        "UIApplicationDidBecomeActiveNotification", "-[AppDelegate applicationWillTerminate:]", "Demo[100:1] ",
        "2016-02-29 10:00:00.000 Demo[200:1] ", #"{"t":0,"kind":"callback","app":"a","name":"#,
    ]

    public init(seed: UInt64, corpus: [String]) {
        self.random = SplitMix64(seed: seed)
        self.corpus = corpus.map { Array($0.utf8) }
    }

    /// The next broken input: one corpus entry with one to four mutations.
    public mutating func next() -> [UInt8] {
        var input = corpus[pick(corpus.count)]
        for _ in 0...pick(4) { mutate(&input) }
        return input
    }

    private mutating func pick(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(random.next() % UInt64(count))
    }

    private mutating func mutate(_ input: inout [UInt8]) {
        let position = pick(input.count + 1)
        switch pick(7) {
        case 0 where !input.isEmpty:
            input[min(position, input.count - 1)] = UInt8(truncatingIfNeeded: random.next())
        case 1:
            input.insert(contentsOf: Array(Self.dictionary[pick(Self.dictionary.count)].utf8), at: position)
        case 2:
            let end = min(input.count, position + pick(64))
            input.removeSubrange(position..<end)
        case 3:
            let end = min(input.count, position + pick(256))
            input.insert(contentsOf: input[position..<end], at: position)
        case 4:
            let other = corpus[pick(corpus.count)]
            input = Array(input[..<position]) + other[pick(other.count + 1)...]
        case 5:
            // A number made huge: every digit run after `position` grows by many digits.
            if let digit = input[position...].firstIndex(where: { (48...57).contains($0) }) {
                input.insert(contentsOf: Array(repeating: UInt8(ascii: "9"), count: 1 + pick(30)), at: digit)
            }
        default:
            let ending: [UInt8] = pick(2) == 0 ? [13, 10] : [13]
            input = input.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
                .joined(separator: ending).map { $0 }
        }
    }
}
