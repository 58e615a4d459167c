/// A set of apps by their index in the phone, as bits: the phone updates who executes code on every transition,
/// and a `Set<Int>` hashed each index it was given. It also gives its members in order, which the phone needs
/// (memory warnings go out in the order the apps were declared).
struct AppIndexSet: Sendable, Sequence {
    private var words: [UInt64] = []

    /// Whether no app is in the set: asked before walking it, since a walk retains and releases the words.
    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    mutating func insert(_ index: Int) {
        while index >> 6 >= words.count { words.append(0) }
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func remove(_ index: Int) {
        guard index >> 6 < words.count else { return }
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    /// The members, smallest first.
    struct Iterator: IteratorProtocol {
        fileprivate let words: [UInt64]
        fileprivate var word = 0
        fileprivate var rest: UInt64

        mutating func next() -> Int? {
            while rest == 0 {
                word += 1
                guard word < words.count else { return nil }
                rest = words[word]
            }
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            return word << 6 | bit
        }
    }

    func makeIterator() -> Iterator {
        Iterator(words: words, rest: words.first ?? 0)
    }
}
