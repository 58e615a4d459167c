/// Suspended apps, least recently used first: their entries in order, with lazy deletion.
///
/// An app is pushed as it is suspended, with the use it was last brought forward for. That is nearly always the
/// latest use of all, so an entry nearly always goes at the end, and the least recently used is at the front: a
/// push and a pop are each a few instructions (a binary heap had cost 220 a pop, sifting through its levels). An
/// entry that belongs further forward (an app suspended after apps used since it, as when its background task
/// ends) is put in its place by a binary search.
///
/// An entry stays valid only while its app is still in the suspension it was pushed for; the owner checks
/// that when it pops. ``compact(keeping:)`` drops stale entries so the queue stays proportional to the
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

    /// The entries from ``head`` on, in order; those before it have been popped, and go in batches.
    private var entries: [Entry] = []
    private var head = 0

    /// How many entries are queued.
    var count: Int { entries.count - head }

    mutating func push(_ entry: Entry) {
        if let last = entries.last, entry < last {
            entries.insert(entry, at: position(for: entry))
        } else {
            entries.append(entry)
        }
    }

    mutating func popMin() -> Entry? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        // The popped entries go once they are as many as those left, and at least a thousand: each goes once.
        if head >= 1024, head >= entries.count - head {
            entries.removeFirst(head)
            head = 0
        }
        return entry
    }

    /// Keeps only the entries for which `isValid` holds.
    mutating func compact(keeping isValid: (Entry) -> Bool) {
        entries.removeFirst(head)
        head = 0
        entries.removeAll { !isValid($0) }
    }

    /// Where an entry goes among those queued: after every one before it, before the first one not before it.
    private func position(for entry: Entry) -> Int {
        var low = head
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle] < entry { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
