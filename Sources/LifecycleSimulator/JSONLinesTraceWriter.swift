import LifecycleCore

/// Writes a trace as JSON Lines, one object a record, keys in the order of docs/lifecycle.md §11.
///
/// ```
/// {"t":0,"kind":"callback","app":"notes","name":"applicationDidBecomeActive:"}
/// ```
///
/// Each record is written to `output` as it comes, for hosts that show a trace live; ``TraceSpool`` takes the
/// same bytes in large pieces.
public struct JSONLinesTraceWriter<Output: TextOutputStream>: TraceSink {
    public var output: Output
    private var buffer = TraceBuffer(capacity: 256)

    public init(output: Output) {
        self.output = output
    }

    public mutating func write(_ record: TraceRecord) {
        buffer.removeAll()
        Self.append(record, to: &buffer)
        output.write(buffer.text)
    }

    /// The JSON object for one record, without the line break.
    public static func line(for record: TraceRecord) -> String {
        var buffer = TraceBuffer(capacity: 128)
        append(record, to: &buffer)
        buffer.bytes.removeLast()
        return buffer.text
    }

    /// Appends one record's line, line break included.
    public static func append(_ record: TraceRecord, to buffer: inout TraceBuffer) {
        var json = JSONObject(buffer)
        buffer = TraceBuffer()
        append(record, to: &json)
        buffer = json.buffer
    }

    /// Appends one record's line to any trace bytes (the spool's buffer is a class: it is shared, not copied).
    static func append<Bytes: TraceBytes>(_ record: TraceRecord, to bytes: Bytes) where Bytes: AnyObject {
        var json = JSONObject(bytes)
        append(record, to: &json)
    }

    private static func append<Bytes: TraceBytes>(_ record: TraceRecord, to json: inout JSONObject<Bytes>) {
        json.add("t", seconds: record.time)
        json.add("kind", plain: record.kind)
        switch record.event {
        case .action(let line, let text):
            json.add("line", decimal: line)
            json.add("text", text)
        case .transition(let app, let from, let to, let reason):
            json.add("app", app.rawValue)
            json.add("from", plain: from.rawValue)
            json.add("to", plain: to.rawValue)
            if let reason { json.add("reason", plain: reason.rawValue) }
        case .callback(let app, let callback, let detail):
            json.add("app", app.rawValue)
            json.add("name", plain: callback.selector)
            add(detail, to: &json)
        case .sceneTransition(let app, let scene, let from, let to):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("from", plain: from.rawValue)
            json.add("to", plain: to.rawValue)
        case .sceneCallback(let app, let scene, let callback, let detail):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("name", plain: callback.selector)
            add(detail, to: &json)
        case .sceneNotification(let app, let scene, let notification):
            json.add("app", app.rawValue)
            json.add("scene", scene.rawValue)
            json.add("name", plain: notification.name)
        case .notification(let app, let notification):
            json.add("app", app.rawValue)
            json.add("name", plain: notification.name)
        case .expect(let line, let app, let expected, let actual):
            json.add("line", decimal: line)
            json.add("app", app.rawValue)
            json.add("expected", plain: expected.rawValue)
            json.add("actual", plain: actual.rawValue)
            json.add("ok", raw: expected == actual ? "true" : "false")
        case .note(let app, let text):
            if let app { json.add("app", app.rawValue) }
            json.add("text", text)
        case .explanation(let text):
            json.add("text", text)
        }
        json.close()
        json.buffer.append(UInt8(ascii: "\n"))
    }

    /// A callback's launch options or connection options (`options`), or its argument (`argument`).
    private static func add<Bytes: TraceBytes>(_ detail: CallbackDetail?, to json: inout JSONObject<Bytes>) {
        switch detail {
        case .launchOptions(let options):
            json.add("options", entries: options.entries)
        case .connectionOptions(let options):
            json.add("options", entries: options.entries)
        case .argument(let argument):
            json.add("argument", argument)
        case nil:
            break
        }
    }
}

/// A JSON object written key by key, in order, into trace bytes.
struct JSONObject<Bytes: TraceBytes> {
    var buffer: Bytes
    private var isEmpty = true

    /// Opens an object at the end of `buffer`.
    init(_ buffer: Bytes) {
        self.buffer = buffer
        self.buffer.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        buffer.append(isEmpty ? "\"" : ",\"")
        isEmpty = false
        buffer.append(key)
        buffer.append("\":")
    }

    mutating func add(_ key: StaticString, raw value: StaticString) {
        self.key(key)
        buffer.append(value)
    }

    mutating func add(_ key: StaticString, decimal value: Int) {
        self.key(key)
        buffer.append(decimal: value)
    }

    mutating func add(_ key: StaticString, seconds value: Duration) {
        self.key(key)
        buffer.append(seconds: value, paddedTo: 0)
    }

    mutating func add(_ key: StaticString, _ value: String) {
        self.key(key)
        buffer.append(jsonQuoted: value)
    }

    /// Adds a string that needs no escapes: a name of the model (a selector, a state, a reason).
    mutating func add(_ key: StaticString, plain value: String) {
        self.key(key)
        buffer.append(jsonPlain: value)
    }

    /// Adds an object of string values.
    mutating func add(_ key: StaticString, entries: [(key: String, value: String)]) {
        self.key(key)
        buffer.append(UInt8(ascii: "{"))
        for (index, entry) in entries.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(jsonQuoted: entry.key)
            buffer.append(UInt8(ascii: ":"))
            buffer.append(jsonQuoted: entry.value)
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Adds an array of strings.
    mutating func add(_ key: StaticString, strings: [String]) {
        self.key(key)
        buffer.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(jsonQuoted: string)
        }
        buffer.append(UInt8(ascii: "]"))
    }

    mutating func close() {
        buffer.append(UInt8(ascii: "}"))
    }

}

extension JSONObject where Bytes == TraceBuffer {
    init() {
        self.init(TraceBuffer(capacity: 128))
    }

    /// The closed object as text.
    var closed: String {
        var object = self
        object.close()
        return object.buffer.text
    }

    /// A JSON string literal for `string`.
    static func quoted(_ string: String) -> String {
        var buffer = TraceBuffer()
        buffer.append(jsonQuoted: string)
        return buffer.text
    }
}
