import LifecycleCore
import Testing

@testable import LifecycleCheck

/// The log checker's table of integer keys answers as a `Dictionary` would, across its growth.
@Suite struct IntegerTableTests {
    @Test(arguments: [1, 2, 3])
    func answersAsADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = IntegerTable<Int>()
        var reference: [UInt64: Int] = [:]
        for step in 0..<20_000 {
            // Keys from a small range meet again; keys from the whole range (but UInt64.max) spread the table.
            let key = random.next() % 2 == 0 ? random.next() % 3_000 : random.next() % UInt64.max
            if random.next() % 2 == 0 {
                table[key] = step
                reference[key] = step
            }
            #expect(table[key] == reference[key])
        }
        #expect(table.count == reference.count)
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table[UInt64.max - 1] == reference[UInt64.max - 1])
    }

    @Test func zeroIsAKeyLikeAnyOther() {
        var table = IntegerTable<String>()
        #expect(table[0] == nil)
        table[0] = "zero"
        table[1] = "one"
        #expect(table[0] == "zero")
        #expect(table[1] == "one")
        #expect(table.count == 2)
    }
}
