/// A table from 64-bit keys to values, for what the log checker remembers on every line: a `Dictionary` hashes
/// its keys with SipHash, which costs more than the rest of the lookup, while these keys are the checker's own
/// numbers and need only be spread (multiplied by the golden ratio), not guarded against collisions made on
/// purpose.
///
/// Open addressing with linear probing; the table doubles when it is half full. Every key but `UInt64.max`.
struct IntegerTable<Value> {
    /// Each slot's key plus one; 0 marks an empty slot.
    private var keys: [UInt64]
    private var values: [Value?]
    /// 64 minus the number of bits of a slot index: a hash's top bits choose its slot.
    private var shift: UInt64
    private(set) var count = 0

    init() {
        keys = Array(repeating: 0, count: 64)
        values = Array(repeating: nil, count: 64)
        shift = 64 - 6
    }

    subscript(key: UInt64) -> Value? {
        get {
            let stored = key &+ 1
            var slot = self.slot(of: stored)
            while keys[slot] != 0 {
                if keys[slot] == stored { return values[slot] }
                slot = (slot + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            // Only insertion is needed: what the checker works out for a key does not change.
            guard let newValue else { preconditionFailure("an IntegerTable does not remove keys") }
            precondition(key != .max, "UInt64.max is no key of an IntegerTable")
            if (count + 1) * 2 > keys.count { grow() }
            insert(newValue, for: key &+ 1)
        }
    }

    private func slot(of stored: UInt64) -> Int {
        Int(truncatingIfNeeded: (stored &* 0x9e37_79b9_7f4a_7c15) >> shift)
    }

    private mutating func insert(_ value: Value, for stored: UInt64) {
        var slot = self.slot(of: stored)
        while keys[slot] != 0, keys[slot] != stored { slot = (slot + 1) & (keys.count - 1) }
        if keys[slot] == 0 { count += 1 }
        keys[slot] = stored
        values[slot] = value
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: nil, count: oldKeys.count * 2)
        shift -= 1
        count = 0
        for (stored, value) in zip(oldKeys, oldValues) where stored != 0 { insert(value!, for: stored) }
    }
}
