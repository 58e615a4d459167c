/// The styles of Apple's unified logging system (`log stream`, `log show`, Console) that do not name their process
/// as NSLog does (`App[pid:tid]`): each process told apart by its pid and named by its executable, as NSLog's
/// lines are (`App[pid`), so that a relaunch is a new process.
///
/// - `--style syslog`: `2024-05-01 10:00:00.123456-0700  localhost MyApp[1240]: (MyApp) message`: the pid alone in
///   the brackets, the host's name before the process's (read by ``nslogProcess(of:)``).
/// - `--style compact`: `2024-05-01 10:00:00.123 Df MyApp[1240:1a2b] message`: the type's abbreviation before the
///   process (``compactTypes``).
/// - the default style: `2024-05-01 10:00:00.123456-0700 0x1a2b  Default  0x0  1240  0  MyApp: message`, with
///   the columns Timestamp, Thread, Type, Activity, PID, TTL, then the process's name and the message
///   (``defaultStyleProcess(of:)``).
/// - `--style ndjson`: one JSON object a line, with `eventMessage`, `processID`, `processImagePath` and
///   `timestamp` (``recognizeUnifiedLogRecord(_:)``).
extension LogRecognizer {
    /// The abbreviations of a message's type that `--style compact` puts between the time and the process.
    static let compactTypes: Set<Substring> = ["Df", "Db", "I", "E", "F", "A", "Er", "Fa"]

    /// The process of a line in the unified log's default style, `MyApp[1240`; `nil` for any other line.
    static func defaultStyleProcess(of line: Substring) -> String? {
        // The columns before the message, each a word: the date, the time, the thread, the type, the activity,
        // the pid and the TTL.
        var words: [Substring] = []
        var rest = line[...]
        while words.count < 7 {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let word = rest.prefix { $0 != " " && $0 != "\t" }
            guard !word.isEmpty else { return nil }
            words.append(word)
            rest = rest[word.endIndex...]
        }
        guard words[0].first?.isNumber == true, words[2].hasPrefix("0x"), words[4].hasPrefix("0x"),
            words[5].allSatisfy(\.isNumber), words[6].allSatisfy(\.isNumber)
        else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard let colon = rest.firstIndex(of: ":"), colon > rest.startIndex else { return nil }
        return "\(rest[..<colon])[\(words[5])"
    }

    /// A record of `log show --style ndjson` (or `log stream`'s): its message read as a log line, its process
    /// named by its executable and pid (`MyApp[1240`), its time; `nil` when its message names no lifecycle event.
    static func recognizeUnifiedLogRecord(_ line: Substring) -> Recognized? {
        guard let message = jsonString("eventMessage", in: line),
            var recognized = recognizeAnyText(Substring(message))
        else { return nil }
        if let pid = jsonNumber("processID", in: line) {
            let path = jsonString("processImagePath", in: line) ?? jsonString("process", in: line) ?? ""
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            recognized.process = "\(name)[\(pid)"
        }
        recognized.time = jsonString("timestamp", in: line).flatMap { nslogTime(of: Substring($0)) }
        return recognized
    }

    /// Where the value of a key of a one-line JSON object starts: after `"key"`, spaces and a colon.
    private static func jsonValue(_ key: String, in line: Substring) -> Substring? {
        var searched = line[...]
        while let found = searched.firstRange(of: "\"\(key)\"") {
            let after = searched[found.upperBound...].drop { $0 == " " }
            if after.first == ":" { return after.dropFirst().drop { $0 == " " } }
            searched = searched[found.upperBound...]
        }
        return nil
    }

    /// The string value of a key of a one-line JSON object, its escapes read (`\"`, `\\`, `\/`, `\n`, `\uXXXX`).
    static func jsonString(_ key: String, in line: Substring) -> String? {
        guard let value = jsonValue(key, in: line), value.first == "\"" else { return nil }
        var result = ""
        var characters = value.dropFirst().makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"": return result
            case "\\":
                guard let escaped = characters.next() else { return nil }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b", "f": result.append(" ")
                case "u":
                    var digits = ""
                    for _ in 0..<4 { if let digit = characters.next() { digits.append(digit) } }
                    guard let code = UInt32(digits, radix: 16) else { return nil }
                    result.append(Character(Unicode.Scalar(code) ?? "\u{FFFD}"))
                default: result.append(escaped)
                }
            default: result.append(character)
            }
        }
        return nil
    }

    /// The whole-number value of a key of a one-line JSON object.
    static func jsonNumber(_ key: String, in line: Substring) -> Int? {
        guard let value = jsonValue(key, in: line) else { return nil }
        return Int(value.prefix { $0.isASCII && $0.isNumber })
    }
}
