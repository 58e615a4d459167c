import LifecycleTrace

/// The lifecycle lines of a log as the first pass of `lifecycle check` recognized them, kept for the second pass,
/// so that each line is read and recognized once.
///
/// The second pass needs everything the first one learnt (which events the log ever shows) before it can hold
/// a line to the model. Each recognized line is kept as a small record — its number, its event's
/// ``LoggedEvent/ordinal``, its time and its process — in a ``TraceSpool``: in memory while small, then in a
/// private temporary file, so memory stays flat however long the log.
final class RecognizedLineSpool {
    private let spool: TraceSpool
    /// Records not yet handed to the spool: about ``pieceSize`` bytes go at a time.
    private let pending = RawTraceBytes(capacity: pieceSize + 4096)
    private static let pieceSize = 1 << 16

    private enum Flag {
        static let hasTime: UInt8 = 1
        static let isTraceRecord: UInt8 = 2
        static let hasProcess: UInt8 = 4
        /// The process is that of the record before: its name is not kept again.
        static let sameProcess: UInt8 = 8
        /// The line names its scene, kept after the process's name.
        static let hasScene: UInt8 = 16
    }

    /// The process of the last record appended.
    private var lastProcess: String?

    /// A record's fixed part: the line's number (8 bytes), the event's ordinal and the flags.
    private static let headerSize = 10

    init(memoryLimit: Int = TraceSpool.defaultMemoryLimit) {
        spool = TraceSpool(memoryLimit: memoryLimit)
    }

    /// Keeps a recognized line with its number.
    func append(_ line: LogRecognizer.Recognized, number: Int) throws(TraceSpool.Failure) {
        var flags: UInt8 = 0
        if line.time != nil { flags |= Flag.hasTime }
        if line.isTraceRecord { flags |= Flag.isTraceRecord }
        let process = line.process == lastProcess ? nil : line.process
        if line.process != nil { flags |= process == nil ? Flag.sameProcess : Flag.hasProcess }
        lastProcess = line.process
        // A task's line keeps its identifier where a scene's line keeps its scene: no line has both.
        let scene = line.scene ?? line.taskIdentifier
        if scene != nil { flags |= Flag.hasScene }
        // The fixed part, the time and the lengths of the process and the scene are put together first, then
        // appended at once; the process's name and the scene's follow.
        var fields: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &fields) { fields in
            fields.storeBytes(of: UInt64(number).littleEndian, toByteOffset: 0, as: UInt64.self)
            fields[8] = UInt8(line.event.ordinal)
            fields[9] = flags
            var end = Self.headerSize
            if let time = line.time {
                fields.storeBytes(of: time.bitPattern.littleEndian, toByteOffset: end, as: UInt64.self)
                end += 8
            }
            if let process {
                fields.storeBytes(of: UInt64(process.utf8.count).littleEndian, toByteOffset: end, as: UInt64.self)
                end += 8
            }
            if let scene {
                fields.storeBytes(of: UInt64(scene.utf8.count).littleEndian, toByteOffset: end, as: UInt64.self)
                end += 8
            }
            pending.append(UnsafeBufferPointer(rebasing: fields.bindMemory(to: UInt8.self)[..<end]))
        }
        var bytes = pending  // the same buffer (a class): `append(_: String)` is declared mutating
        if let process { bytes.append(contentsOf: process) }
        if let scene { bytes.append(contentsOf: scene) }
        if pending.count >= Self.pieceSize { try flush() }
    }

    private func flush() throws(TraceSpool.Failure) {
        guard pending.count > 0 else { return }
        try spool.append(pending.bytes)
        pending.removeAll()
    }

    /// Calls `body` with each kept line and its number, in order, until it returns `false`.
    func forEach(_ body: (LogRecognizer.Recognized, Int) -> Bool) throws(TraceSpool.Failure) {
        try flush()
        // A record may straddle two pieces of the spool: its start is carried over to the next.
        var carried: [UInt8] = []
        var stopped = false
        var lastProcess: String?
        try spool.forEachPiece(from: 0, to: spool.count) { piece throws(TraceSpool.Failure) in
            let bytes = carried.isEmpty ? Array(piece) : carried + piece
            let (consumed, next) = bytes.withUnsafeBytes { Self.decode($0, lastProcess: &lastProcess, body) }
            carried = Array(bytes[consumed...])
            switch next {
            case .more: return true
            case .stop:
                stopped = true
                return false
            case .damaged: throw Self.damaged
            }
        }
        guard stopped || carried.isEmpty else { throw Self.damaged }
    }

    private static let damaged = TraceSpool.Failure(description: "the lines kept for the second pass are damaged")

    /// What comes after the records decoded from a piece.
    private enum Next {
        case more, stop, damaged
    }

    /// Decodes the whole records at the start of `bytes`; returns how many bytes they took, and what next.
    /// `lastProcess` is the process of the record before, from piece to piece.
    private static func decode(
        _ bytes: UnsafeRawBufferPointer, lastProcess: inout String?, _ body: (LogRecognizer.Recognized, Int) -> Bool
    ) -> (consumed: Int, next: Next) {
        var offset = 0
        func word(at position: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        while offset + headerSize <= bytes.count {
            let number = Int(word(at: offset))
            guard let event = LoggedEvent.byOrdinal[Int(bytes[offset + 8])] else { return (offset, .damaged) }
            let flags = bytes[offset + 9]
            var end = offset + headerSize
            var time: Double?
            if flags & Flag.hasTime != 0 {
                guard end + 8 <= bytes.count else { break }
                time = Double(bitPattern: word(at: end))
                end += 8
            }
            var process = flags & Flag.sameProcess != 0 ? lastProcess : nil
            var processLength: Int?
            var sceneLength: Int?
            if flags & Flag.hasProcess != 0 {
                guard end + 8 <= bytes.count else { break }
                processLength = Int(word(at: end))
                end += 8
            }
            if flags & Flag.hasScene != 0 {
                guard end + 8 <= bytes.count else { break }
                sceneLength = Int(word(at: end))
                end += 8
            }
            guard end + (processLength ?? 0) + (sceneLength ?? 0) <= bytes.count else { break }
            if let length = processLength {
                process = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[end..<(end + length)]), as: UTF8.self)
                end += length
            }
            var scene: String?
            if let length = sceneLength {
                scene = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[end..<(end + length)]), as: UTF8.self)
                end += length
            }
            offset = end
            lastProcess = process
            var line = LogRecognizer.Recognized(
                event: event, process: process, time: time, isTraceRecord: flags & Flag.isTraceRecord != 0,
                scene: scene)
            if case .scheduledTask = event { (line.scene, line.taskIdentifier) = (nil, scene) }
            guard body(line, number) else { return (offset, .stop) }
        }
        return (offset, .more)
    }
}
