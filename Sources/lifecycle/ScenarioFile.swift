import Foundation

/// Reads a scenario file, or standard input for `-`, as UTF-8 text.
enum ScenarioFile {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
        /// Whether the file does not exist (rather than existing and being unreadable or not UTF-8).
        var isMissing = false
    }

    static func displayName(of path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    static func read(_ path: String) -> Result<String, ReadError> {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                let exists = FileManager.default.fileExists(atPath: path)
                return .failure(
                    ReadError(
                        description: "\(path): error: \(exists ? "it cannot be read" : "no such file")",
                        isMissing: !exists))
            }
        }
        if let text = String(data: data, encoding: .utf8) { return .success(text) }
        let bytes = Array(data)
        let (line, column, offset) = firstInvalidUTF8(in: bytes)
        let byte =
            offset < bytes.count
            ? "the byte 0x" + String(bytes[offset], radix: 16, uppercase: true) : "a cut-off character"
        return .failure(
            ReadError(
                description: "\(displayName(of: path)):\(line):\(column): error: expected UTF-8 text, found \(byte)"))
    }

    /// The line and column (1-based, in characters) and the offset of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int, offset: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, index + length <= bytes.count,
                bytes[(index + 1)..<(index + length)].allSatisfy({ $0 >> 6 == 0b10 }),
                String(decoding: bytes[index..<(index + length)], as: UTF8.self).unicodeScalars.first?.value != 0xFFFD
            else { return (line, column, index) }
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
                // Lines end at \n, \r\n or a lone \r, as the parser reads them.
                line += 1
                column = 1
            } else if byte == 0x0D {
                // The \r of \r\n: the \n ends the line.
            } else {
                column += 1
            }
            index += length
        }
        return (line, column, index)
    }
}
