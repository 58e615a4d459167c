import LifecycleCore

/// Writes a trace as JSON Lines, one object a record, keys in the order of docs/lifecycle.md §11.
///
/// ```
/// {"t":0,"kind":"callback","app":"notes","name":"applicationDidBecomeActive:"}
/// ```
public struct JSONLinesTraceWriter<Output: TextOutputStream>: TraceSink {
    public var output: Output

    public init(output: Output) {
        self.output = output
    }

    public mutating func write(_ record: TraceRecord) {
        output.write(Self.line(for: record))
        output.write("\n")
    }

    /// The JSON object for one record, without the line break.
    public static func line(for record: TraceRecord) -> String {
        var json = JSONObject()
        json.add("t", raw: record.time.secondsText)
        json.add("kind", record.kind)
        switch record.event {
        case .action(let line, let text):
            json.add("line", raw: String(line))
            json.add("text", text)
        case .transition(let app, let from, let to, let reason):
            json.add("app", app.rawValue)
            json.add("from", from.rawValue)
            json.add("to", to.rawValue)
            if let reason { json.add("reason", reason.rawValue) }
        case .callback(let app, let callback, let detail):
            json.add("app", app.rawValue)
            json.add("name", callback.selector)
            add(detail, to: &json)
        case .sceneTransition(let app, let scene, let from, let to):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("from", from.rawValue)
            json.add("to", to.rawValue)
        case .sceneCallback(let app, let scene, let callback, let detail):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("name", callback.selector)
            add(detail, to: &json)
        case .sceneNotification(let app, let scene, let notification):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("name", notification.name)
        case .notification(let app, let notification):
            json.add("app", app.rawValue)
            json.add("name", notification.name)
        case .expect(let line, let app, let expected, let actual):
            json.add("line", raw: String(line))
            json.add("app", app.rawValue)
            json.add("expected", expected.rawValue)
            json.add("actual", actual.rawValue)
            json.add("ok", raw: expected == actual ? "true" : "false")
        case .note(let app, let text):
            if let app { json.add("app", app.rawValue) }
            json.add("text", text)
        case .explanation(let text):
            json.add("text", text)
        }
        return json.closed
    }

    /// A callback's launch options or connection options (`options`), or its argument (`argument`).
    private static func add(_ detail: CallbackDetail?, to json: inout JSONObject) {
        switch detail {
        case .launchOptions(let options):
            var nested = JSONObject()
            for entry in options.entries { nested.add(entry.key, entry.value) }
            json.add("options", raw: nested.closed)
        case .connectionOptions(let options):
            var nested = JSONObject()
            for entry in options.entries { nested.add(entry.key, entry.value) }
            json.add("options", raw: nested.closed)
        case .argument(let argument):
            json.add("argument", argument)
        case nil:
            break
        }
    }
}

/// A JSON object written key by key, in order, into one string.
struct JSONObject {
    private(set) var text: String
    private var isEmpty = true

    init() {
        text = "{"
        text.reserveCapacity(128)
    }

    mutating func add(_ key: String, raw value: String) {
        text += isEmpty ? "\"" : ",\""
        isEmpty = false
        text += key
        text += "\":"
        text += value
    }

    mutating func add(_ key: String, _ value: String) {
        text += isEmpty ? "\"" : ",\""
        isEmpty = false
        text += key
        text += "\":"
        JSONObject.appendQuoted(value, to: &text)
    }

    /// Adds an array of strings.
    mutating func add(_ key: String, strings: [String]) {
        add(key, raw: "[" + strings.map(JSONObject.quoted).joined(separator: ",") + "]")
    }

    var closed: String { text + "}" }

    /// A JSON string literal for `string`.
    static func quoted(_ string: String) -> String {
        var result = ""
        appendQuoted(string, to: &result)
        return result
    }

    /// Appends a JSON string literal for `string`; strings with nothing to escape (nearly all) are copied whole.
    static func appendQuoted(_ string: String, to result: inout String) {
        result += "\""
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            result += string
        } else {
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
    }
}
