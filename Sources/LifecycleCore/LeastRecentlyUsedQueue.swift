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
        // The last entry fills the root's place, sifted down from it: one ownership check for the removal and one
        // for the sift, where swapping it in first took a third.
        guard let last = entries.popLast() else { return nil }
        guard !entries.isEmpty else { return last }
        return entries.withUnsafeMutableBufferPointer { entries in
            let minimum = entries[0]
            Self.siftDown(last, from: 0, in: entries)
            return minimum
        }
    }

    /// Keeps only the entries for which `isValid` holds.
    mutating func compact(keeping isValid: (Entry) -> Bool) {
        entries.removeAll { !isValid($0) }
        for index in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    // The sifts move a hole rather than swapping: the moving entry is written once, where it stops. They work on
    // the buffer itself, so that the array checks its ownership once per sift rather than at every level.

    private mutating func siftUp(_ start: Int) {
        entries.withUnsafeMutableBufferPointer { entries in
            let moving = entries[start]
            var hole = start
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard moving < entries[parent] else { break }
                entries[hole] = entries[parent]
                hole = parent
            }
            entries[hole] = moving
        }
    }

    private mutating func siftDown(_ start: Int) {
        entries.withUnsafeMutableBufferPointer { entries in Self.siftDown(entries[start], from: start, in: entries) }
    }

    /// Puts `moving` in the hole at `start`, or below it where it belongs among the entries under it.
    private static func siftDown(_ moving: Entry, from start: Int, in entries: UnsafeMutableBufferPointer<Entry>) {
        var hole = start
        while true {
            let left = 2 * hole + 1
            guard left < entries.count else { break }
            let right = left + 1
            let smaller = right < entries.count && entries[right] < entries[left] ? right : left
            guard entries[smaller] < moving else { break }
            entries[hole] = entries[smaller]
            hole = smaller
        }
        entries[hole] = moving
    }
}
