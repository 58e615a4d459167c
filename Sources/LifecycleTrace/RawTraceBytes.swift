import LifecycleCore

/// The spool's formatting buffer: bytes in memory it owns, appended to without an array's uniqueness and
/// bounds checks on every piece — most pieces of a trace line are a few bytes long.
///
/// A class, so that the sink that holds it can be copied into a simulator and back without copying the bytes;
/// only one sink writes to it at a time.
package final class RawTraceBytes: TraceBytes {
    private var base: UnsafeMutablePointer<UInt8>
    /// The storage of ``count``, private so that the compiler sees every access to it and checks none at run
    /// time: a stored property that other modules reach is checked for exclusive access on every access
    /// (`swift_beginAccess`), which was a quarter of `lifecycle run`'s instructions when this one was `package`.
    private var written = 0
    private var capacity: Int

    /// The number of bytes written.
    package var count: Int { written }

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: written) }

    package func removeAll() {
        written = 0
    }

    @inline(__always)
    package func append(_ byte: UInt8) {
        if written == capacity { grow(toHold: 1) }
        base[written] = byte
        written += 1
    }

    // Inlined: most callers append a literal, whose length is a constant that folds the switch below away.
    @inline(__always)
    package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if written + bytes.count > capacity { grow(toHold: bytes.count) }
        let length = bytes.count
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base + written)
        // Most pieces are a name, a key or a number: two overlapping word copies beat a loop or a call to memmove.
        switch length {
        case 8...16:
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            let last = length - 8
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: last, as: UInt64.self), toByteOffset: last, as: UInt64.self)
        case 4..<8:
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            let last = length - 4
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: last, as: UInt32.self), toByteOffset: last, as: UInt32.self)
        case 0..<4:
            for index in 0..<length { base[written + index] = source[index] }
        default:
            to.copyMemory(from: from, byteCount: length)
        }
        written += length
    }

    /// A whole number in decimal, after as many spaces as make it `width` characters wide: what
    /// ``TraceBytes/append(decimal:paddedTo:)`` writes, for callers in other modules, where a method of the protocol
    /// runs unspecialized, through its witness table (2% of `lifecycle check`, which numbers every line it reports).
    package func append(number value: UInt, paddedTo width: Int) {
        var bytes = self
        bytes.append(decimal: value, paddedTo: width)
    }

    // What was written last for a time, an app's JSON id and an app's padded column: the records of one event
    // share their time (reading a `Duration`'s milliseconds takes 128-bit arithmetic) and nearly always their app
    // (checking an id for characters to escape, or measuring it, cost more than copying it).
    // `@exclusivity(unchecked)`: each is accessed only by `appendRemembering`, whose `write` appends bytes and
    // never reaches these properties, so no two accesses overlap; the run-time check cost more than the copy.
    @exclusivity(unchecked) private var lastTime = RememberedText<TimeKey>(capacity: 32)
    @exclusivity(unchecked) private var lastJSONApp = RememberedText<AppID>(capacity: 128)
    @exclusivity(unchecked) private var lastPaddedApp = RememberedText<PaddedAppKey>(capacity: 128)

    // Each key compares itself inline, its cheaper part first; the derived `==` was a call on every record.
    private struct TimeKey: Equatable {
        let time: Duration
        let width: Int

        @inline(__always)
        static func == (left: Self, right: Self) -> Bool {
            left.width == right.width && left.time == right.time
        }
    }

    private struct PaddedAppKey: Equatable {
        let app: AppID?
        let width: Int

        @inline(__always)
        static func == (left: Self, right: Self) -> Bool {
            left.width == right.width && left.app == right.app
        }
    }

    package func append(seconds duration: Duration, paddedTo width: Int) {
        appendRemembering(TimeKey(time: duration, width: width), in: &lastTime) { bytes in
            bytes.appendFormatted(seconds: duration, paddedTo: width)
        }
    }

    package func append(jsonEscapedApp app: AppID) {
        appendRemembering(app, in: &lastJSONApp) { bytes in bytes.append(jsonEscaped: app.rawValue) }
    }

    package func append(app: AppID?, paddedTo width: Int) {
        appendRemembering(PaddedAppKey(app: app, width: width), in: &lastPaddedApp) { bytes in
            bytes.append(contentsOf: app?.rawValue ?? "", paddedTo: width)
        }
    }

    /// Copies the text remembered for `key`, or writes it with `write` and remembers it.
    @inline(__always)
    private func appendRemembering<Key: Equatable>(
        _ key: Key, in memory: inout RememberedText<Key>, _ write: (inout RawTraceBytes) -> Void
    ) {
        if let text = memory.text(for: key) { return append(text) }
        let start = written
        var bytes = self  // the same buffer: a class
        write(&bytes)
        memory.remember(UnsafeBufferPointer(start: base + start, count: written - start), for: key)
    }

    private func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, written + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: written)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
