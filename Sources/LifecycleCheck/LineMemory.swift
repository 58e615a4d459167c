import LifecycleText

/// What the reader of a log keeps from the lines before, because nearly every line repeats it: the process the
/// line before named (and where a line with NSLog's time names it), and the second of NSLog's time it was written in. Making the process's `String` again, or
/// reading the date's six fields again, costs more than comparing the bytes.
struct LineMemory {
    private var lastBytes: [UInt8] = []
    private var last: String?
    /// The first 19 bytes of the last NSLog time read (`2016-02-29 17:05:09`), as three words that overlap, and their
    /// seconds since 2000.
    private var lastSecondWords: (UInt64, UInt64, UInt32)?
    private var lastSecond: Double = 0

    /// The process name whose UTF-8 bytes are `bytes`.
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let last, lastBytes.withUnsafeBytes({ $0.hasSameBytes(as: UnsafeRawBufferPointer(bytes)) }) {
            return last
        }
        let name = String(decoding: bytes, as: UTF8.self)
        // The same buffer for every process: a log of many processes would make and free one for each.
        lastBytes.removeAll(keepingCapacity: true)
        lastBytes.append(contentsOf: bytes)
        last = name
        return name
    }

    /// What the last line that starts with NSLog's time holds after it, up to the byte after the `]` of its process,
    /// and that process.
    private var lastAfterTime: [UInt8] = []
    private var lastAfterTimeProcess: String?

    /// The process of a line that starts with NSLog's time, if what follows its time (`bytes`) begins as it did in
    /// the last such line remembered.
    @inline(__always)
    func process(afterTime bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let lastAfterTimeProcess, bytes.count >= lastAfterTime.count,
            lastAfterTime.withUnsafeBytes({
                $0.hasSameBytes(as: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[0..<$0.count])))
            })
        else { return nil }
        return lastAfterTimeProcess
    }

    /// Remembers the process of a line that starts with NSLog's time, and what follows its time up to the byte
    /// after the `]` of its process.
    mutating func remember(process: String, afterTime bytes: UnsafeBufferPointer<UInt8>) {
        lastAfterTime.removeAll(keepingCapacity: true)
        lastAfterTime.append(contentsOf: bytes)
        lastAfterTimeProcess = process
    }

    /// The seconds since 2000 of an NSLog time's date and second (`bytes`, its first 19 bytes), if they are those
    /// of the last time remembered.
    @inline(__always)
    func second(of bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let lastSecondWords, Self.words(bytes) == lastSecondWords else { return nil }
        return lastSecond
    }

    /// Remembers an NSLog time's date and second (`bytes`, its first 19 bytes) and their seconds since 2000.
    mutating func remember(second: Double, of bytes: UnsafeBufferPointer<UInt8>) {
        lastSecondWords = Self.words(bytes)
        lastSecond = second
    }

    /// The 19 bytes as three words: bytes 0 to 7, 8 to 15, and 15 to 18.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt32) {
        precondition(bytes.count == 19)
        let raw = UnsafeRawBufferPointer(bytes)
        return (
            raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 15, as: UInt32.self)
        )
    }
}
