import LifecycleCore

/// The spool's formatting buffer: bytes in memory it owns, appended to without an array's uniqueness and
/// bounds checks on every piece — most pieces of a trace line are a few bytes long.
///
/// A class, so that the sink that holds it can be copied into a simulator and back without copying the bytes;
/// only one sink writes to it at a time.
final class RawTraceBytes: TraceBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        lastTimeText = .allocate(capacity: Self.lastTimeCapacity)
        lastAppText = .allocate(capacity: Self.lastAppCapacity)
    }

    deinit {
        base.deallocate()
        lastTimeText.deallocate()
        lastAppText.deallocate()
    }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    func removeAll() {
        count = 0
    }

    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: bytes.count) }
        let length = bytes.count
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(base + count)
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
            for index in 0..<length { base[count + index] = source[index] }
        default:
            to.copyMemory(from: from, byteCount: length)
        }
        count += length
    }

    /// The last time written, with its width and its text: the records of one event share their time, and
    /// reading a `Duration`'s milliseconds takes 128-bit arithmetic. The text is kept in memory of the buffer's
    /// own (copying it out of a tuple on the stack cost a closure call and more than the copy).
    private var lastTime = Duration.zero
    private var lastTimeWidth = -1
    private let lastTimeText: UnsafeMutablePointer<UInt8>
    private var lastTimeCount = 0
    private static let lastTimeCapacity = 32

    func append(seconds duration: Duration, paddedTo width: Int) {
        if duration == lastTime, width == lastTimeWidth {
            append(UnsafeBufferPointer(start: lastTimeText, count: lastTimeCount))
            return
        }
        let start = count
        var bytes = self  // the same buffer: a class
        bytes.appendFormatted(seconds: duration, paddedTo: width)
        let written = count - start
        guard written <= Self.lastTimeCapacity else { return }
        lastTimeText.update(from: base + start, count: written)
        (lastTime, lastTimeWidth, lastTimeCount) = (duration, width, written)
    }

    /// The last app written with ``append(jsonEscapedApp:)``, and its text as written: checking an id for
    /// characters to escape cost more than copying it.
    private var lastApp: AppID?
    private let lastAppText: UnsafeMutablePointer<UInt8>
    private var lastAppCount = 0
    private static let lastAppCapacity = 128

    func append(jsonEscapedApp app: AppID) {
        if app == lastApp {
            append(UnsafeBufferPointer(start: lastAppText, count: lastAppCount))
            return
        }
        let start = count
        var bytes = self  // the same buffer: a class
        bytes.append(jsonEscaped: app.rawValue)
        let written = count - start
        guard written <= Self.lastAppCapacity else {
            lastApp = nil
            return
        }
        lastAppText.update(from: base + start, count: written)
        (lastApp, lastAppCount) = (app, written)
    }

    private func grow(toHold extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
