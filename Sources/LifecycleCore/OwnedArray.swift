/// An array whose sole ownership its owner makes sure of once per batch of writes, instead of on every write.
/// Internal to the core: the phone's app records (``AppRecords``) and the actions of an ``ActionList``.
///
/// An event writes a dozen fields of an app's record and appends a dozen actions, and each write through an
/// `Array` first asks the runtime whether the array's storage is shared, to copy it if so: for the records that
/// question was 7% of the phone's time, and emptying an `Array` while keeping its capacity goes through
/// `replaceSubrange`, another 4%. `OwnedArray` keeps its elements in storage of its own. Its owner calls
/// ``makeUnique()`` before a batch of writes (the phone: when an event starts, in ``Phone/emitting(into:_:)``, and
/// when it adds an app or changes a footprint), and writes in place after that without asking again. A copy is
/// still a value of its own: the first batch of writes on either copy gives that copy storage of its own.
///
/// Nor are indices checked against the bounds in release builds (that check cost the phone another 12%): the
/// owner uses only indices it gave, and checks an index that comes from outside where it comes in. Debug builds,
/// in which the tests run, check every access for both: that the index is in range, and that a write happens only
/// after ``makeUnique()``.
@usableFromInline
struct OwnedArray<Element> {
    /// The elements' memory. Mutable through a shared reference, so not `Sendable` by itself (see the extension
    /// that makes it so for `Sendable` elements).
    @usableFromInline
    final class Storage {
        @usableFromInline let base: UnsafeMutablePointer<Element>
        let capacity: Int
        /// Unchecked for exclusivity at run time (the check cost more than the rest of an append): it is written
        /// only by a mutating member of the one ``OwnedArray`` that holds this storage, while no other value holds
        /// it, so no read, from here or inlined elsewhere, can overlap a write; and no access spans a call.
        @usableFromInline @exclusivity(unchecked) var count: Int

        init(capacity: Int) {
            self.base = .allocate(capacity: capacity)
            self.capacity = capacity
            self.count = 0
        }

        /// A storage holding copies of these elements, with room for `capacity`.
        func copy(capacity: Int) -> Storage {
            let copy = Storage(capacity: Swift.max(capacity, count))
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    @usableFromInline var storage: Storage

    init(_ elements: [Element] = []) {
        storage = Storage(capacity: Swift.max(elements.count, 1))
        _ = UnsafeMutableBufferPointer(start: storage.base, count: elements.count).initialize(from: elements)
        storage.count = elements.count
    }

    /// Gives this value storage of its own if another value shares it: call before a batch of writes.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
    }

    /// Adds an element after the others, after ``makeUnique()``.
    @inline(__always)
    mutating func append(_ element: Element) {
        assert(isKnownUniquelyReferenced(&storage), "an element appended without makeUnique()")
        if storage.count == storage.capacity { grow() }
        (storage.base + storage.count).initialize(to: element)
        storage.count += 1
    }

    /// Doubles the capacity: out of line, so that an append that fits stays a few instructions.
    @inline(never)
    private mutating func grow() {
        storage = storage.copy(capacity: 2 * storage.capacity)
    }

    /// Removes every element and keeps the capacity; storage that another value shares is left to it.
    mutating func removeAll() {
        guard isKnownUniquelyReferenced(&storage) else {
            storage = Storage(capacity: storage.capacity)
            return
        }
        storage.base.deinitialize(count: storage.count)
        storage.count = 0
    }
}

/// `@unchecked Sendable` is safe because every write goes through ``OwnedArray``'s mutating members, which need
/// exclusive access to the `OwnedArray` value, and happens while this storage is uniquely referenced
/// (``OwnedArray/makeUnique()`` runs first; debug builds assert it on each write). Storage that only one value
/// references cannot be reached from another thread while it is written: the argument by which `Array`'s own
/// storage is safe to send, for `Sendable` elements.
extension OwnedArray.Storage: @unchecked Sendable where Element: Sendable {}

extension OwnedArray: Sendable where Element: Sendable {}

extension OwnedArray: RandomAccessCollection {
    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { storage.count }

    /// An element, read or written in place: at an index the owner gave, and written only after ``makeUnique()``.
    @inlinable
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < storage.count, "index out of range")
            return UnsafePointer(storage.base + index)
        }
        unsafeMutableAddress {
            assert(index >= 0 && index < storage.count, "index out of range")
            assert(isKnownUniquelyReferenced(&storage), "an element written without makeUnique()")
            return storage.base + index
        }
    }
}
