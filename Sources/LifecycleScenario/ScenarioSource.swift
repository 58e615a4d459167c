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
    /// A file by its path, opened each time its lines are read and closed after: a batch of many files holds one
    /// of them open at a time, whatever the limit on open files.
    case path(String)
    /// Bytes that may not be UTF-8 text: their lines up to the first that is not.
    case bytes([UInt8])
    /// A stream — a pipe, a terminal — whose lines are read once, each as soon as it arrives (`lifecycle run
    /// --stream`); the descriptor stays the caller's.
    case stream(descriptor: Int32)

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
            return Self.forEachLine(
                of: LineReader(descriptor: descriptor, breaks: .any, readSize: chunkSize), file: file, isWanted, body)
        case .path(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                return "\(file): error: it cannot be read: \(String(cString: strerror(errno)))"
            }
            defer { close(descriptor) }
            return Self.forEachLine(
                of: LineReader(descriptor: descriptor, breaks: .any, readSize: chunkSize), file: file, isWanted, body)
        case .bytes(let bytes):
            return Self.forEachLine(
                of: LineReader(bytes: bytes, breaks: .any, readSize: chunkSize), file: file, isWanted, body)
        case .stream(let descriptor):
            return Self.forEachLine(
                of: LineReader(streamingFrom: descriptor, breaks: .any, readSize: min(chunkSize, 1 << 16)), file: file,
                isWanted, body)
        }
    }

    /// The number of lines, counted without making any of them text.
    package func lineCount(file: String) -> Int {
        var count = 0
        _ = forEachLine(
            file: file, chunkSize: 1 << 20,
            where: { _ in
                count += 1
                return false
            }
        ) { _, _ in true }
        return count
    }

    /// The lines `reader` gives, numbered, made text; a line that is not UTF-8 ends the reading with its error.
    private static func forEachLine(
        of reader: LineReader, file: String, _ isWanted: (UnsafeBufferPointer<UInt8>) -> Bool,
        _ body: (Substring, Int) -> Bool
    ) -> String? {
        // A line of a megabyte is no scenario's: it is refused rather than held in memory whole.
        reader.longestLine = LineReader.longestLineOfText
        var number = 0
        while let bytes = reader.nextLine() {
            number += 1
            guard isWanted(bytes) else { continue }
            guard let line = string(validatingUTF8: bytes) else {
                let (column, byte) = firstInvalidUTF8(in: bytes)
                let found = byte.map { "the byte 0x" + String($0, radix: 16, uppercase: true) } ?? "a cut-off character"
                return "\(file):\(number):\(column): error: expected UTF-8 text, found \(found)"
            }
            guard body(Substring(line), number) else { return nil }
        }
        if let error = reader.readError {
            return "\(file): error: it cannot be read: \(String(cString: strerror(error)))"
        }
        if reader.stoppedAtLongLine {
            return
                "\(file):\(number + 1): error: the line is longer than \(LineReader.longestLineOfText) bytes, longer "
                + "than any line of a scenario"
        }
        return nil
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
