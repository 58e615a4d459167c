/// The text a buffer wrote last for a key, in memory of its own, to be copied again for the same key.
struct RememberedText<Key: Equatable>: ~Copyable {
    private var key: Key?
    private let text: UnsafeMutablePointer<UInt8>
    private var count = 0
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        text = .allocate(capacity: capacity)
    }

    deinit {
        text.deallocate()
    }

    /// The text remembered for `key`, if it is the last key remembered.
    @inline(__always)
    func text(for key: Key) -> UnsafeBufferPointer<UInt8>? {
        // Compared where it lies: `key == self.key` made an optional of `key` to compare, a copy per record.
        guard case .some(let remembered) = self.key, remembered == key else { return nil }
        return UnsafeBufferPointer(start: text, count: count)
    }

    /// Remembers `bytes` as the text of `key`; a text longer than the capacity is not kept, and what was kept
    /// before stays for its own key.
    mutating func remember(_ bytes: UnsafeBufferPointer<UInt8>, for key: Key) {
        guard let start = bytes.baseAddress, bytes.count <= capacity else { return }
        text.update(from: start, count: bytes.count)
        (self.key, count) = (key, bytes.count)
    }
}
