/// The phone's app records, by index: an array whose sole ownership the phone makes sure of once per event,
/// instead of on every write. Internal to ``Phone``.
///
/// An event writes a dozen fields of an app's record, and a write through an `Array`'s subscript first asks the
/// runtime whether the array's storage is shared, to copy it if so: that question was 7% of the phone's time.
/// `AppRecords` keeps the records in storage of its own. The phone calls ``makeUnique()`` when an event starts
/// (``Phone/emitting(into:_:)``) and when it adds an app or changes a footprint, and writes in place after that
/// without asking again. A copy of a phone is still a value of its own: the first event on either copy gives that
/// copy storage of its own.
///
/// Nor are indices checked against the bounds in release builds (that check cost another 12%): every index the
/// phone uses is one it gave, since apps are never removed, and an index that comes from outside (a timer's app,
/// ``Phone/appID(at:)``) is checked where it comes in. Debug builds, in which the tests run, check every access
/// for both: that the index is in range, and that a write happens only after ``makeUnique()``.
struct AppRecords: Sendable {
    /// The records' memory. Mutable through a shared reference, so not `Sendable` by itself.
    ///
    /// `@unchecked Sendable` is safe because every write goes through ``AppRecords``' mutating members, which
    /// need exclusive access to the `AppRecords` value, and happens while this storage is uniquely referenced
    /// (``makeUnique()`` runs first; debug builds assert it on each write). Storage that only one value
    /// references cannot be reached from another thread while it is written: the argument by which `Array`'s
    /// own storage is safe to send.
    final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<AppRecord>
        let capacity: Int
        var count: Int

        init(capacity: Int) {
            self.base = .allocate(capacity: capacity)
            self.capacity = capacity
            self.count = 0
        }

        /// A storage holding copies of these records, with room for `capacity`.
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

    private var storage: Storage

    init(_ records: [AppRecord]) {
        storage = Storage(capacity: Swift.max(records.count, 1))
        _ = UnsafeMutableBufferPointer(start: storage.base, count: records.count).initialize(from: records)
        storage.count = records.count
    }

    /// Gives this value storage of its own if another value shares it: call before writing, once per event.
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
    }

    /// Adds a record after the others.
    mutating func append(_ record: AppRecord) {
        let isFull = storage.count == storage.capacity
        if isFull || !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: isFull ? 2 * storage.capacity : storage.capacity)
        }
        (storage.base + storage.count).initialize(to: record)
        storage.count += 1
    }
}

extension AppRecords: RandomAccessCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }

    /// A record, read or written in place: at an index the phone gave, and written only after ``makeUnique()``.
    subscript(index: Int) -> AppRecord {
        unsafeAddress {
            assert(index >= 0 && index < storage.count, "app index out of range")
            return UnsafePointer(storage.base + index)
        }
        unsafeMutableAddress {
            assert(index >= 0 && index < storage.count, "app index out of range")
            assert(isKnownUniquelyReferenced(&storage), "an app record written without makeUnique()")
            return storage.base + index
        }
    }
}
