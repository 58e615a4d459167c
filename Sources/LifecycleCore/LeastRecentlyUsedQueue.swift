/// Suspended apps, least recently used first: a binary min-heap with lazy deletion.
///
/// An entry stays valid only while its app is still in the suspension it was pushed for; the owner checks
/// that when it pops. ``compact(keeping:)`` drops stale entries so the heap stays proportional to the
/// number of suspended apps.
struct LeastRecentlyUsedQueue: Sendable {
    struct Entry: Sendable, Comparable {
        var lastUse: UInt64
        var app: Int
        var suspension: UInt64

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.lastUse, lhs.app) < (rhs.lastUse, rhs.app)
        }
    }

    private(set) var entries: [Entry] = []

    var count: Int { entries.count }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        siftUp(entries.count - 1)
    }

    mutating func popMin() -> Entry? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let minimum = entries.removeLast()
        if !entries.isEmpty { siftDown(0) }
        return minimum
    }

    /// Keeps only the entries for which `isValid` holds.
    mutating func compact(keeping isValid: (Entry) -> Bool) {
        entries.removeAll { !isValid($0) }
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child] < entries[parent] else { return }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { return }
            let right = left + 1
            let smaller = right < entries.count && entries[right] < entries[left] ? right : left
            guard entries[smaller] < entries[parent] else { return }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
    }
}
