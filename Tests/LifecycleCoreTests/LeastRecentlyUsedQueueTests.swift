import Testing

@testable import LifecycleCore

/// Whatever the order of pushes, pops and compactions, the least-recently-used queue gives back its entries least
/// recently used first, as a sorted array would.
@Suite struct LeastRecentlyUsedQueueTests {
    @Test(arguments: [1, 2, 3, 4])
    func popsInTheOrderOfASortedArray(seed: UInt64) {
        var numbers = SplitMix64(seed: seed)
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

    /// As the phone pushes: nearly always a use later than any queued, now and then an earlier one (an app
    /// suspended after others used since), with pops enough that the popped entries go in batches many times.
    @Test(arguments: [5, 6])
    func popsInOrderThroughManyBatchesOfPoppedEntries(seed: UInt64) {
        var numbers = SplitMix64(seed: seed)
        var queue = LeastRecentlyUsedQueue()
        var reference: [LeastRecentlyUsedQueue.Entry] = []
        var mismatches = 0
        var use: UInt64 = 1_000
        for round in 0..<30_000 {
            use += 1
            let earlier = numbers.next(10) == 0
            let lastUse = earlier ? use - UInt64(numbers.next(1_000)) : use
            let entry = LeastRecentlyUsedQueue.Entry(
                lastUse: lastUse, app: numbers.next(100), suspension: UInt64(round))
            queue.push(entry)
            reference.append(entry)
            // Keep a few hundred queued: one pop a push, and a run of pushes or pops now and then.
            let pops = reference.count > 400 ? 2 : (reference.count < 100 ? 0 : 1)
            for _ in 0..<pops where !Self.take(queue.popMin(), from: &reference) { mismatches += 1 }
            if queue.count != reference.count { mismatches += 1 }
        }
        #expect(mismatches == 0)
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
