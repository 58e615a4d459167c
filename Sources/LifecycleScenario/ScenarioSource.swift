import LifecycleText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a scenario's lines come from: a text in memory, or a file read a piece at a time, so that a scenario of
/// any length runs in the same memory.
public enum ScenarioSource: Sendable {
    case text(String)
    /// An open file, read from its start each time its lines are read (the descriptor stays the caller's).
    case file(descriptor: Int32)
    /// Bytes that may not be UTF-8 text: their lines up to the first that is not.
    case bytes([UInt8])

    /// Calls `body` with each line and its number, without its line break: `\n`, `\r\n` and a lone `\r` each
    /// end a line, as ``ScenarioParser`` reads them. `body` returns `false` to stop.
    ///
    /// - Returns: a located error when the file is not UTF-8 text (its lines up to there have been read), or
    ///   when it cannot be read.
    public func forEachLine(file: String, _ body: (Substring, Int) -> Bool) -> String? {
        forEachLine(file: file, chunkSize: 1 << 20, body)
    }

    /// ``forEachLine(file:_:)``, reading a file `chunkSize` bytes at a time; `body` sees only the lines whose
    /// bytes pass `isWanted`: the others are skipped before they are made text (or checked to be UTF-8).
    package func forEachLine(
        file: String, chunkSize: Int, where isWanted: (UnsafeBufferPointer<UInt8>) -> Bool = { _ in true },
        _ body: (Substring, Int) -> Bool
    ) -> String? {
        switch self {
        case .text(let text):
            for (offset, line) in ScenarioParser.lines(of: text).enumerated() {
                let isWantedLine = line.utf8.withContiguousStorageIfAvailable(isWanted) ?? true
                if isWantedLine, !body(line, offset + 1) { break }
            }
            return nil
        case .file(let descriptor):
            return Self.forEachLine(file: file, chunkSize: chunkSize, isWanted, body) { buffer, offset in
                pread(descriptor, buffer.baseAddress!, buffer.count, offset)
            }
        case .bytes(let bytes):
            return Self.forEachLine(file: file, chunkSize: chunkSize, isWanted, body) { buffer, offset in
                let count = max(0, min(buffer.count, bytes.count - Int(offset)))
                if count > 0 {
                    bytes.withUnsafeBytes {
                        buffer.copyMemory(
                            from: UnsafeRawBufferPointer(rebasing: $0[Int(offset)..<(Int(offset) + count)]))
                    }
                }
                return count
            }
        }
    }

    /// The lines of what `read` gives (into a buffer, from an offset: the count read, 0 at the end, or -1 with
    /// `errno`).
    private static func forEachLine(
        file: String, chunkSize: Int, _ isWanted: (UnsafeBufferPointer<UInt8>) -> Bool,
        _ body: (Substring, Int) -> Bool, read: (UnsafeMutableRawBufferPointer, off_t) -> Int
    ) -> String? {
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        var carried: [UInt8] = []
        var offset: off_t = 0
        var number = 0
        var skipsLineFeed = false
        // Gives one line's bytes to `body`; a line that is not UTF-8 ends the reading with its error.
        func deliver(_ bytes: UnsafeBufferPointer<UInt8>) -> (stop: Bool, error: String?) {
            number += 1
            guard isWanted(bytes) else { return (false, nil) }
            guard let line = string(validatingUTF8: bytes) else {
                let (column, byte) = firstInvalidUTF8(in: bytes)
                let found = byte.map { "the byte 0x" + String($0, radix: 16, uppercase: true) } ?? "a cut-off character"
                return (true, "\(file):\(number):\(column): error: expected UTF-8 text, found \(found)")
            }
            return (!body(Substring(line), number), nil)
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read($0, offset) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return "\(file): error: it cannot be read: \(String(cString: strerror(errno)))" }
            if count == 0 { break }
            offset += off_t(count)
            let result: (stop: Bool, error: String?) = chunk.withUnsafeBufferPointer { whole in
                let bytes = UnsafeBufferPointer(rebasing: whole[..<count])
                var start = 0
                if skipsLineFeed, bytes.first == UInt8(ascii: "\n") { start = 1 }
                skipsLineFeed = false
                let hasCarriageReturns = memchr(whole.baseAddress!, Int32(UInt8(ascii: "\r")), count) != nil
                var index = start
                while index < count {
                    index = Self.lineEnd(in: bytes, from: index, hasCarriageReturns: hasCarriageReturns)
                    guard index < count else { break }
                    let byte = bytes[index]
                    let outcome: (stop: Bool, error: String?)
                    if carried.isEmpty {
                        outcome = deliver(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    } else {
                        carried.append(contentsOf: bytes[start..<index])
                        outcome = carried.withUnsafeBufferPointer { deliver($0) }
                        carried.removeAll(keepingCapacity: true)
                    }
                    if outcome.stop { return outcome }
                    if byte == UInt8(ascii: "\r") {
                        if index + 1 < count {
                            if bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                        } else {
                            skipsLineFeed = true
                        }
                    }
                    index += 1
                    start = index
                }
                carried.append(contentsOf: bytes[start..<count])
                return (false, nil)
            }
            if result.stop { return result.error }
        }
        // The last line, when the file does not end with a line break.
        if !carried.isEmpty { return carried.withUnsafeBufferPointer { deliver($0) }.error }
        return nil
    }

    /// Where the line that goes on at `index` ends: the position of its `\n` or `\r`, or `bytes.count`. A piece
    /// without a `\r` (nearly every file) is searched by `memchr`, many bytes at a time, rather than byte by byte.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from index: Int, hasCarriageReturns: Bool) -> Int
    {
        guard !hasCarriageReturns else {
            var index = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
                index += 1
            }
            return index
        }
        guard let newline = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), bytes.count - index) else {
            return bytes.count
        }
        return bytes.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self))
    }

    /// The bytes as a string, if they are UTF-8. An ASCII line (nearly every line) is checked eight bytes at a
    /// time and taken as it is: `String(validating:as:)` is generic and runs unspecialized, some 950
    /// instructions a line.
    static func string(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        bytes.isASCII ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// The column (1-based, counting characters as UTF-8 sequences) and the value of the first byte of a line
    /// that is not valid UTF-8; no byte when the line ends inside a character.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> (column: Int, byte: UInt8?) {
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                String(validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self)
                    != nil
            else { return (column, byte) }
            column += 1
            index += length
        }
        return (column, nil)
    }
}
