import LifecycleCore
import LifecycleText

/// Every name a lifecycle event goes by, looked up by its bytes: what the byte-wise log reader asks of a token.
///
/// A name may be a callback's (selector, Swift name, other names), a notification's UIKit name, a scene state
/// as logs print it, or the Swift name of one or more notifications. One open-addressing table holds them all,
/// hashed from a name's length and its ends and confirmed eight bytes at a time: a token is looked up once,
/// without making a `Substring` of it or feeding it through `Hasher`.
struct EventNameTable: Sendable {
    /// What one name stands for.
    struct Meanings: Sendable {
        var callback: Callback?
        var notification: UIKitNotification?
        var sceneState: SceneState?
        /// The notifications whose Swift name it is (UIApplication's and UIScene's share some).
        var swiftNotifications: [UIKitNotification] = []
    }

    private struct Entry: Sendable {
        var start: Int
        var count: Int
        var hash: UInt64
    }

    /// The bytes of every name, one after another.
    private var names: [UInt8] = []
    private var entries: [Entry] = []
    /// What each entry's name stands for, by the entry's position.
    private(set) var meanings: [Meanings] = []
    /// Positions of entries plus one, by hash; 0 is an empty slot. A power of two, at most half full.
    private var slots: [Int32]
    /// The fewest bytes a name has: a shorter token names nothing.
    let shortestName: Int

    init(
        callbacks: [Substring: Callback], notifications: [Substring: UIKitNotification],
        sceneStates: [Substring: SceneState], swiftNotifications: [Substring: [UIKitNotification]]
    ) {
        var byName: [Substring: Meanings] = [:]
        for (name, callback) in callbacks { byName[name, default: Meanings()].callback = callback }
        for (name, notification) in notifications { byName[name, default: Meanings()].notification = notification }
        for (name, state) in sceneStates { byName[name, default: Meanings()].sceneState = state }
        for (name, candidates) in swiftNotifications {
            byName[name, default: Meanings()].swiftNotifications = candidates
        }
        var capacity = 16
        while capacity < 2 * byName.count { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        for (name, meaning) in byName {
            let bytes = Array(name.utf8)
            let hash = bytes.withUnsafeBytes { Self.hash($0) }
            entries.append(Entry(start: names.count, count: bytes.count, hash: hash))
            names += bytes
            meanings.append(meaning)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(entries.count)
        }
        shortestName = entries.map(\.count).min() ?? 1
    }

    /// The position in ``meanings`` of the name `bytes[start..<end]`, or `nil` if it names no event.
    func position(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let name = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<end])
        let hash = Self.hash(name)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                names.withUnsafeBytes { names in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot] != 0 {
                        let position = Int(slots[slot]) - 1
                        let entry = entries[position]
                        let candidate = UnsafeRawBufferPointer(rebasing: names[entry.start..<entry.start + entry.count])
                        if entry.hash == hash, candidate.hasSameBytes(as: name) {
                            return position
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
    }

    /// A hash of a name from its length and its first and last eight bytes (names differ there), mixed by
    /// multiplication; a shorter name is hashed byte by byte.
    private static func hash(_ name: UnsafeRawBufferPointer) -> UInt64 {
        var hash = UInt64(name.count) &* 0x9e37_79b9_7f4a_7c15
        if name.count >= 8 {
            hash = (hash ^ name.loadUnaligned(as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
            hash = (hash ^ name.loadUnaligned(fromByteOffset: name.count - 8, as: UInt64.self)) &* 0xc4ce_b9fe_1a85_ec53
        } else {
            for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        }
        return hash ^ (hash >> 29)
    }
}
