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
        append(record, into: &buffer)
    }

    /// Each kind of record is written from templates: the fixed run of a line from one value to the next (the
    /// keys, the quotes around the values, the kind) is one piece, so a line takes about half as many appends as
    /// key by key. `everyKindOfRecordAsJSON` in the tests holds every template to its record.
    ///
    /// Appends to any trace bytes; the spool's buffer (a class) is passed `inout` so that it is not retained and
    /// released for every record. The record is consumed, and its event switched over as it is taken apart: a
    /// switch over a borrowed record's event copies the whole event first (a tenth of `lifecycle run`'s
    /// instructions).
    static func append<Bytes: TraceBytes>(_ record: consuming TraceRecord, into bytes: inout Bytes) {
        bytes.append(#"{"t":"#)
        bytes.append(seconds: record.time, paddedTo: 0)
        switch (consume record).event {
        case .action(let line, let text):
            bytes.append(#","kind":"action","line":"#)
            bytes.append(decimal: line)
            bytes.append(#","text":""#)
            bytes.append(jsonEscaped: text)
            bytes.append("\"}\n")
        case .transition(let app, let from, let to, let reason):
            bytes.append(#","kind":"transition","app":""#)
            bytes.append(jsonEscapedApp: app)
            if let reason {
                bytes.append(StateChanges.app[from, to])
                bytes.append(#"","reason":""#)
                bytes.append(name: reason)
                bytes.append("\"}\n")
            } else {
                bytes.append(StateChanges.appToEnd[from, to])
            }
        case .callback(let app, let callback, let detail):
            bytes.append(#","kind":"callback","app":""#)
            bytes.append(jsonEscapedApp: app)
            if detail == nil {
                bytes.append(NamesToEnd.callbacks[callback])
            } else {
                appendName(ModelNames.callbacks[callback], to: &bytes)
                appendEnd(detail, to: &bytes)
            }
        case .sceneTransition(let app, let scene, let from, let to):
            bytes.append(#","kind":"transition","app":""#)
            appendApp(app, scene, to: &bytes)
            bytes.append(StateChanges.scene[from, to])
            bytes.append("\"}\n")
        case .sceneCallback(let app, let scene, let callback, let detail):
            bytes.append(#","kind":"callback","app":""#)
            appendApp(app, scene, to: &bytes)
            appendName(ModelNames.callbacks[callback], to: &bytes)
            appendEnd(detail, to: &bytes)
        case .sceneNotification(let app, let scene, let notification):
            bytes.append(#","kind":"notification","app":""#)
            appendApp(app, scene, to: &bytes)
            appendName(ModelNames.notifications[notification], to: &bytes)
            bytes.append("\"}\n")
        case .notification(let app, let notification):
            bytes.append(#","kind":"notification","app":""#)
            bytes.append(jsonEscapedApp: app)
            bytes.append(NamesToEnd.notifications[notification])
        case .expect(let line, let app, let expected, let actual):
            bytes.append(#","kind":"expect","line":"#)
            bytes.append(decimal: line)
            bytes.append(#","app":""#)
            bytes.append(jsonEscapedApp: app)
            bytes.append(#"","expected":""#)
            bytes.append(name: expected)
            bytes.append(#"","actual":""#)
            bytes.append(name: actual)
            bytes.append(expected == actual ? "\",\"ok\":true}\n" : "\",\"ok\":false}\n")
        case .expectScene(let line, let scene, let expected, let actual):
            bytes.append(#","kind":"expect","line":"#)
            bytes.append(decimal: line)
            bytes.append(#","scene":""#)
            bytes.append(jsonEscaped: scene.rawValue)
            bytes.append(#"","expected":""#)
            bytes.append(contentsOf: expected?.rawValue ?? SceneState.disconnectedName)
            bytes.append(#"","actual":""#)
            bytes.append(contentsOf: actual?.rawValue ?? SceneState.disconnectedName)
            bytes.append(expected == actual ? "\",\"ok\":true}\n" : "\",\"ok\":false}\n")
        case .note(let app, let text):
            if let app {
                bytes.append(#","kind":"note","app":""#)
                bytes.append(jsonEscapedApp: app)
                bytes.append(#"","text":""#)
            } else {
                bytes.append(#","kind":"note","text":""#)
            }
            bytes.append(jsonEscaped: text)
            bytes.append("\"}\n")
        case .scheduledTask(let app, let identifier, let step):
            bytes.append(#","kind":"task","app":""#)
            bytes.append(jsonEscapedApp: app)
            bytes.append(#"","identifier":""#)
            bytes.append(jsonEscaped: identifier)
            switch step {
            case .launchHandler(let kind):
                bytes.append(#"","name":"launchHandler","class":""#)
                bytes.append(contentsOf: kind.className)
                bytes.append("\"}\n")
            case .expirationHandler:
                bytes.append(#"","name":"expirationHandler"}"#)
                bytes.append("\n")
            case .completed(let success):
                bytes.append(#"","name":"setTaskCompleted","success":"#)
                bytes.append(success ? "true}\n" : "false}\n")
            }
        case .explanation(let text):
            bytes.append(#","kind":"explanation","text":""#)
            bytes.append(jsonEscaped: text)
            bytes.append("\"}\n")
        }
    }

    /// Inside the quotes of `"app":`, the app's id, then its scene's, leaving the scene's quotes open.
    private static func appendApp<Bytes: TraceBytes>(_ app: AppID, _ scene: SceneID, to bytes: inout Bytes) {
        bytes.append(jsonEscapedApp: app)
        bytes.append(#"","scene":""#)
        bytes.append(jsonEscaped: scene.rawValue)
    }

    /// After a value left open, a callback's selector or a notification's name (which need no escapes), leaving
    /// its quotes open.
    private static func appendName<Bytes: TraceBytes>(_ name: UnsafeBufferPointer<UInt8>, to bytes: inout Bytes) {
        bytes.append(#"","name":""#)
        bytes.append(name)
    }

    /// The end of a callback's line, its quotes closed: its launch options or connection options (`options`), or
    /// its argument (`argument`), if it has any.
    private static func appendEnd<Bytes: TraceBytes>(_ detail: CallbackDetail?, to bytes: inout Bytes) {
        let options: [(key: String, value: String)]
        switch detail {
        case .launchOptions(let launchOptions):
            options = launchOptions.entries
        case .connectionOptions(let connectionOptions):
            options = connectionOptions.entries
        case .argument(let argument):
            bytes.append(#"","argument":""#)
            bytes.append(jsonEscaped: argument)
            bytes.append("\"}\n")
            return
        case nil:
            bytes.append("\"}\n")
            return
        }
        bytes.append(#"","options":"#)
        bytes.append(jsonObject: options)
        bytes.append("}\n")
    }
}

/// After a value left open, a state change's `from` and `to`, leaving `to`'s quotes open, for every pair of
/// states: one piece where a change took four.
private enum StateChanges {
    static let app = CasePairTemplates<AppState>(change)
    /// ``app`` and the end of the line, for a change without a reason: one piece where there were two.
    static let appToEnd = CasePairTemplates<AppState> { change(from: $0, to: $1) + "\"}\n" }
    static let scene = CasePairTemplates<SceneState>(change)

    private static func change<State: RawRepresentable<String>>(from: State, to: State) -> String {
        #"","from":""# + from.rawValue + #"","to":""# + to.rawValue
    }
}

/// Inside the quotes of a value left open, a callback's or a notification's `name` and the end of the line: the
/// end of most callback and notification lines as one piece, where it took three.
private enum NamesToEnd {
    static let callbacks = CaseNames<Callback> { #"","name":""# + $0.rawValue + "\"}\n" }
    static let notifications = CaseNames<UIKitNotification> { #"","name":""# + $0.rawValue + "\"}\n" }
}
