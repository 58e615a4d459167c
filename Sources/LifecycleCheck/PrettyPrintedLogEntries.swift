/// The entries of the unified log's `--style json` (`log show`, `log stream`), one field a line, gathered into
/// one-line objects as `--style ndjson` writes them, so that ``LogRecognizer/recognizeUnifiedLogRecord(_:)`` reads
/// both:
///
/// ```
/// [{
///   "eventMessage" : "applicationDidBecomeActive:",
///   "backtrace" : {
///     "frames" : [ … ]
///   },
///   "processID" : 1240,
///   …
/// },{
/// ```
///
/// An entry opens at a line `{`, `[{` or `},{` and closes at the next line that starts with `}`; its own fields are
/// the lines indented by two spaces (deeper ones are inside a field's value). Only the fields a check reads are
/// kept, so memory stays flat however many fields an entry has.
struct PrettyPrintedLogEntries {
    /// An entry read whole: the one-line object of its fields, and the number of the line to report it at (its
    /// message's, or its first line's when it has none).
    struct Entry {
        var text: Substring
        var number: Int
    }

    /// The fields of an entry that a check reads.
    private static let keptFields = [
        "eventMessage", "processID", "processImagePath", "process", "timestamp",
    ].map { Array("  \"\($0)\"".utf8) }

    /// The kept fields of the entry being read, each without its comma; `nil` outside an entry.
    private var fields: [String]?
    private var number = 0

    /// Whether an entry is being read: every line until it closes is the entry's, given to ``read(_:number:)``.
    var isOpen: Bool { fields != nil }

    /// Reads a line of the entry being read, or one that ``opens(_:)`` one; its number is `number`. Returns the
    /// entry the line closes, if it closes one.
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, number: Int) -> Entry? {
        guard isOpen else {
            open(at: number)
            return nil
        }
        if line.first == UInt8(ascii: "}") {
            let entry = finish()
            if Self.opens(line) { open(at: number) }
            return entry
        }
        if Self.keptFields.contains(where: { line.starts(with: $0) }) {
            var field = String(decoding: line, as: UTF8.self)
            while let last = field.last, last == "," || last == " " || last == "\t" || last == "\r" {
                field.removeLast()
            }
            if field.hasPrefix("  \"eventMessage\"") { self.number = number }
            fields?.append(String(field.dropFirst(2)))
        }
        return nil
    }

    /// The entry being read when the log ends without closing it: read as far as it goes.
    mutating func finish() -> Entry? {
        guard let kept = fields else { return nil }
        fields = nil
        guard !kept.isEmpty else { return nil }
        return Entry(text: "{" + kept.joined(separator: ",") + "}", number: number)
    }

    private mutating func open(at number: Int) {
        fields = []
        self.number = number
    }

    /// Whether a line opens an entry: `{`, `[{` or `},{`, then nothing but spaces. Asked of every line of a log
    /// outside an entry: its first byte tells at once for nearly all of them.
    @inline(__always)
    static func opens(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = line.first,
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "}")
        else { return false }
        return opensAfterItsFirstByte(line)
    }

    private static func opensAfterItsFirstByte(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = line.count
        while end > 0,
            line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t")
                || line[end - 1] == UInt8(ascii: "\r")
        {
            end -= 1
        }
        let text = line[..<end]
        return text.elementsEqual("{".utf8) || text.elementsEqual("[{".utf8) || text.elementsEqual("},{".utf8)
    }
}
