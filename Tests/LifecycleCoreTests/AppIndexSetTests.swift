import Testing

@testable import LifecycleCore

/// The phone's set of app indices holds what a `Set<Int>` would, and gives it smallest first.
@Suite struct AppIndexSetTests {
    @Test(arguments: [1, 2, 3])
    func holdsWhatASetHolds(seed: UInt64) {
        var numbers = SplitMix64(seed: seed)
        func random(_ bound: Int) -> Int { numbers.next(bound) }
        var set = AppIndexSet()
        var reference: Set<Int> = []
        var mismatches = 0
        for _ in 0..<5_000 {
            let index = random(300)
            if random(2) == 0 {
                set.insert(index)
                reference.insert(index)
            } else {
                set.remove(index)
                reference.remove(index)
            }
            if Array(set) != reference.sorted() || set.isEmpty != reference.isEmpty { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(Array(set) == reference.sorted())
    }

    /// Empty as a `Set` is: also once every app that was in it has left.
    @Test func isEmptyOnceEveryAppHasLeft() {
        var set = AppIndexSet()
        #expect(set.isEmpty)
        for index in [130, 5, 64] { set.insert(index) }
        #expect(!set.isEmpty)
        for index in [5, 64] { set.remove(index) }
        #expect(!set.isEmpty)
        set.remove(130)
        #expect(set.isEmpty)
    }

    @Test func iteratesASnapshot() {
        var set = AppIndexSet()
        for index in [70, 3, 64, 0, 200] { set.insert(index) }
        var seen: [Int] = []
        for index in set {
            seen.append(index)
            set.remove(index)
            set.insert(index + 1)
        }
        #expect(seen == [0, 3, 64, 70, 200])
        #expect(Array(set) == [1, 4, 65, 71, 201])
        #expect(Array(AppIndexSet()).isEmpty)
    }
}
