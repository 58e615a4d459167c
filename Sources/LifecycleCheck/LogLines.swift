import LifecycleText

/// A log's lines as ``LogCheck`` reads them: the bytes of each line, without its line break.
protocol LogLines {
    /// Calls `body` with the bytes of each line from the first, until it returns `false`; the bytes are valid only
    /// during the call.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows
    /// Whether the lines stopped at one too long to be a log's (``LineReader/stoppedAtLongLine``).
    var stoppedAtLongLine: Bool { get }
}

extension LineReader: LogLines {}

/// Lines given as text: by the tests, the fuzzer, anything that is not a file.
struct TextLines<Lines: Sequence>: LogLines where Lines.Element == Substring {
    var lines: Lines
    /// Lines in memory have been read whole already.
    var stoppedAtLongLine: Bool { false }

    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows {
        for var line in lines {
            guard try line.withUTF8(body) else { return }
        }
    }
}
