/// The phone's apps by identifier: the index of each. Internal to ``Phone``.
///
/// Every action that names an app looks it up here, and a `Dictionary` lookup hashes the whole identifier with
/// SipHash, through `String`'s Unicode-aware hashing: 320 instructions for `app57`, more than half of what the
/// phone now spends on a transition. So the directory first looks in a table of its own, hashed with
/// FNV-1a over the identifier's UTF-8 bytes, and compares the candidate as `String`s do. A `String` equal to
/// another can still be spelled with other bytes (Unicode's canonical equivalence: `é` as one scalar or two),
/// and those bytes hash elsewhere: an identifier the table does not find is looked up in the `Dictionary`,
/// which decides. The table is only ever a faster way to the dictionary's answer.
struct AppDirectory: Sendable {
    private var byID: [AppID: Int] = [:]
    /// The identifiers, by index.
    private var ids: [AppID] = []
    /// Open addressing with linear probing: an app's index plus one, or 0 for an empty slot. At most half full.
    private var slots: [UInt32] = [0, 0]

    /// The index of an app, or `nil` for an identifier no app has.
    subscript(app: AppID) -> Int? {
        let mask = slots.count - 1
        var slot = Self.slot(of: app, mask: mask)
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if ids[index] == app { return index }
            slot = (slot + 1) & mask
        }
        return byID[app]
    }

    /// An empty directory with room for `capacity` apps: a phone made with its apps appends them without the
    /// dictionary growing (each growth hashes every identifier again).
    init(capacity: Int = 0) {
        byID.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
    }

    /// Gives an app the next index, and says whether its identifier was new: `false` changes nothing.
    mutating func append(_ app: AppID) -> Bool {
        // One hash of the identifier, not two (a look, then a store): the index is stored, and the index that was
        // there put back, which only a mistake (an app declared twice) does.
        if let existing = byID.updateValue(ids.count, forKey: app) {
            byID[app] = existing
            return false
        }
        ids.append(app)
        if 2 * ids.count > slots.count {
            slots = [UInt32](repeating: 0, count: 2 * slots.count)
            for index in ids.indices { place(index) }
        } else {
            place(ids.count - 1)
        }
        return true
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Self.slot(of: ids[index], mask: mask)
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = UInt32(index + 1)
    }

    /// Where an identifier's probe starts: FNV-1a of its UTF-8 bytes, read where they lie (`withUTF8` would need a
    /// copy of the string, retained and released). A string whose bytes are not laid out in one piece (none on
    /// Linux) starts at slot 0: probing, or the dictionary, still finds it.
    private static func slot(of app: AppID, mask: Int) -> Int {
        let hash =
            app.rawValue.utf8.withContiguousStorageIfAvailable { (bytes: UnsafeBufferPointer<UInt8>) -> UInt64 in
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return hash
            } ?? 0
        return Int(truncatingIfNeeded: hash ^ hash >> 32) & mask
    }
}
