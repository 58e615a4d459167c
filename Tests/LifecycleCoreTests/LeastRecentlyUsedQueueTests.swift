import Testing

@testable import LifecycleCore

/// The least-recently-used queue is a heap: whatever the order of pushes, pops and compactions, it gives back its
/// entries least recently used first, as a sorted array would.
@Suite struct LeastRecentlyUsedQueueTests {
    @Test(arguments: [1, 2, 3, 4])
    func popsInTheOrderOfASortedArray(seed: UInt64) {
        var numbers = SeededNumbers(seed: seed)
        var queue = LeastRecentlyUsedQueue()
        var reference: [LeastRecentlyUsedQueue.Entry] = []
        var mismatches = 0
        var deepest = 0
        for round in 0..<20_000 {
            switch numbers.next(10) {
            case 0..<5:
                // Repeated uses and apps, so that ties on the use are broken by the app.
                let entry = LeastRecentlyUsedQueue.Entry(
                    lastUse: UInt64(numbers.next(500)), app: numbers.next(50), suspension: UInt64(round))
                queue.push(entry)
                reference.append(entry)
            case 5..<9:
                if !Self.take(queue.popMin(), from: &reference) { mismatches += 1 }
            default:
                // Now and then, drop every entry of an odd suspension, as the phone drops stale entries.
                guard numbers.next(20) == 0 else { continue }
                queue.compact { $0.suspension.isMultiple(of: 2) }
                reference.removeAll { !$0.suspension.isMultiple(of: 2) }
            }
            deepest = max(deepest, queue.count)
            if queue.count != reference.count { mismatches += 1 }
        }
        while let entry = queue.popMin() {
            if !Self.take(entry, from: &reference) { mismatches += 1 }
        }
        #expect(mismatches == 0 && reference.isEmpty)
        #expect(deepest > 100)
    }

    /// Whether `popped` is what the reference gives next: one of its least recently used entries (entries of the
    /// same use and app are alike to the queue), or nothing when it is empty; the entry leaves the reference.
    private static func take(
        _ popped: LeastRecentlyUsedQueue.Entry?, from reference: inout [LeastRecentlyUsedQueue.Entry]
    ) -> Bool {
        guard let popped else { return reference.isEmpty }
        guard let least = reference.min(), !(least < popped), let position = reference.firstIndex(of: popped)
        else { return false }
        reference.remove(at: position)
        return true
    }
}
