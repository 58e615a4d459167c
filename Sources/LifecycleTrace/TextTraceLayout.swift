import LifecycleCore

/// How the text trace lays a record out: aligned columns of time, app and event, action lines standing out,
/// states coloured when the trace goes to a terminal (``TextTraceWriter`` shows an example).
public struct TextTraceLayout: Sendable {
    /// Whether to use ANSI colours (only when writing to a terminal).
    public let colours: Bool
    let appWidth: Int

    /// - Parameters:
    ///   - longestAppID: the number of characters of the longest app id that can appear, to size the app column.
    ///   - colours: whether to colour the output with ANSI escapes.
    public init(longestAppID: Int, colours: Bool) {
        self.colours = colours
        self.appWidth = max(8, longestAppID)
    }

    /// Explanations are wrapped to fit this many columns.
    static var explanationWidth: Int { 100 }

    /// Appends one record's line (or lines, for an explanation), line break included.
    public func append(_ record: TraceRecord, to buffer: inout TraceBuffer) {
        append(record, into: &buffer)
    }

    /// Appends one record's line to any trace bytes.
    ///
    /// The record is consumed, and its event switched over as it is taken apart: a switch over a borrowed
    /// record's event copies the whole event first (a tenth of `lifecycle run`'s instructions).
    func append<Bytes: TraceBytes>(_ record: consuming TraceRecord, into buffer: inout Bytes) {
        let time = record.time
        switch (consume record).event {
        case .action(let number, let text):
            paint("1;36", in: &buffer) { buffer in
                appendTime(time, to: &buffer)
                buffer.append(" ▶ ")
                // Copied and measured in one pass: the text and its 2 columns of "▶ " fill 54 + appWidth.
                buffer.append(contentsOf: text, paddedTo: 52 + appWidth)
                buffer.append(" line ")
                buffer.append(decimal: number)
            }
        case .transition(let app, let from, let to, let reason):
            appendStart(time, app, to: &buffer)
            appendChange(from, to, to: &buffer)
            if let reason {
                paint("2", in: &buffer) { buffer in
                    buffer.append("  (")
                    buffer.append(name: reason)
                    buffer.append(")")
                }
            }
        case .callback(let app, let callback, let detail):
            appendStart(time, app, to: &buffer)
            buffer.append(name: callback)
            append(detail, to: &buffer)
        case .notification(let app, let notification):
            appendStart(time, app, to: &buffer)
            appendNotification(notification, to: &buffer)
        case .sceneTransition(let app, let scene, let from, let to):
            appendStart(time, app, scene: scene, to: &buffer)
            appendChange(from, to, to: &buffer)
        case .sceneCallback(let app, let scene, let callback, let detail):
            appendStart(time, app, scene: scene, to: &buffer)
            buffer.append(name: callback)
            append(detail, to: &buffer)
        case .sceneNotification(let app, let scene, let notification):
            appendStart(time, app, scene: scene, to: &buffer)
            appendNotification(notification, to: &buffer)
        case .expect(let number, let app, let expected, let actual):
            appendVerdict(
                app.rawValue, expected.rawValue, actual.rawValue, held: expected == actual, line: number,
                at: time, to: &buffer)
        case .expectScene(let number, let scene, let expected, let actual):
            appendVerdict(
                scene.rawValue, expected?.rawValue ?? SceneState.disconnectedName,
                actual?.rawValue ?? SceneState.disconnectedName, held: expected == actual, line: number,
                at: time, to: &buffer)
        case .note(let app, let text):
            appendStart(time, app, to: &buffer)
            paint("3;2", in: &buffer) { buffer in
                buffer.append("· ")
                buffer.append(contentsOf: text)
            }
        case .scheduledTask(let app, let identifier, let step):
            appendStart(time, app, to: &buffer)
            buffer.append(contentsOf: step.name)
            buffer.append(" ")
            buffer.append(contentsOf: identifier)
            if case .launchHandler(let kind) = step {
                buffer.append(" (")
                buffer.append(contentsOf: kind.className)
                buffer.append(")")
            }
        case .explanation(let text):
            let indent = 12
            for (index, line) in Self.wrapped(text, width: Self.explanationWidth - indent - 2).enumerated() {
                if index > 0 { buffer.append(UInt8(ascii: "\n")) }
                buffer.append(spaces: indent)
                paint("3", in: &buffer) { buffer in
                    buffer.append("│ ")
                    buffer.append(contentsOf: line)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// An `expect` line's verdict about an app or a scene: `✓ expect notes active`, or what it was instead.
    private func appendVerdict<Bytes: TraceBytes>(
        _ subject: String, _ expected: String, _ actual: String, held: Bool, line number: Int, at time: Duration,
        to buffer: inout Bytes
    ) {
        let verdict =
            held ? "✓ expect \(subject) \(expected)" : "✗ expect \(subject) \(expected), but it is \(actual)"
        paint(held ? "32" : "1;31", in: &buffer) { buffer in
            appendTime(time, to: &buffer)
            buffer.append(" ")
            buffer.append(contentsOf: verdict, paddedTo: 54 + appWidth)
            buffer.append(" line ")
            buffer.append(decimal: number)
        }
    }

    /// The words of `text` in lines of at most `width` characters (a longer word stands alone on its line).
    package static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Pieces

    /// The time, right-aligned in 9 columns with its `s`; `ending` is that `s` with what follows it, copied as one
    /// piece.
    @inline(__always)
    private func appendTime<Bytes: TraceBytes>(_ time: Duration, ending: StaticString = "s", to buffer: inout Bytes) {
        buffer.append(seconds: time, paddedTo: 8)
        buffer.append(ending)
    }

    /// The time and the app column of an event line, and the space after them.
    @inline(__always)
    private func appendStart<Bytes: TraceBytes>(_ time: Duration, _ app: AppID?, to buffer: inout Bytes) {
        appendTime(time, ending: "s   ", to: &buffer)
        buffer.append(app: app, paddedTo: appWidth + 1)
    }

    /// The start of a scene's event line: its scene, in cyan, after the app.
    private func appendStart<Bytes: TraceBytes>(_ time: Duration, _ app: AppID, scene: SceneID, to buffer: inout Bytes)
    {
        appendStart(time, app, to: &buffer)
        paint("36", in: &buffer) { $0.append(contentsOf: scene.rawValue) }
        buffer.append("  ")
    }

    private func appendNotification<Bytes: TraceBytes>(_ notification: UIKitNotification, to buffer: inout Bytes) {
        guard colours else { return buffer.append(PlainPieces.notifications[notification]) }
        paint("2", in: &buffer) { buffer in
            buffer.append("  ↳ ")
            buffer.append(name: notification)
        }
    }

    private func appendChange<Bytes: TraceBytes>(_ from: AppState, _ to: AppState, to buffer: inout Bytes) {
        guard colours else { return buffer.append(PlainPieces.changes[from, to]) }
        paint(Self.style(of: from), in: &buffer) { $0.append(name: from) }
        buffer.append(" → ")
        paint(Self.style(of: to), in: &buffer) { $0.append(name: to) }
    }

    private func appendChange<Bytes: TraceBytes>(_ from: SceneState, _ to: SceneState, to buffer: inout Bytes) {
        guard colours else { return buffer.append(PlainPieces.sceneChanges[from, to]) }
        paint(Self.style(of: from), in: &buffer) { $0.append(name: from) }
        buffer.append(" → ")
        paint(Self.style(of: to), in: &buffer) { $0.append(name: to) }
    }

    /// A callback's options or argument, after its selector.
    private func append<Bytes: TraceBytes>(_ detail: CallbackDetail?, to buffer: inout Bytes) {
        let entries: [(key: String, value: String)]
        switch detail {
        case .launchOptions(let options):
            entries = options.entries
        case .connectionOptions(let options):
            entries = options.entries
            if entries.isEmpty { return }
        case .argument(let argument):
            paint("2", in: &buffer) { buffer in
                buffer.append("  ")
                buffer.append(contentsOf: argument)
            }
            return
        case nil:
            return
        }
        paint("2", in: &buffer) { buffer in
            buffer.append(" ")
            for entry in entries {
                buffer.append(" ")
                buffer.append(contentsOf: entry.key)
                buffer.append("=")
                buffer.append(contentsOf: entry.value)
            }
            if entries.isEmpty { buffer.append(" ") }
        }
    }

    // MARK: Colour

    /// Writes what `body` appends in the styles `codes` (ANSI SGR codes, such as `1;36` for bold cyan), or
    /// plain without colours.
    @inline(__always)
    private func paint<Bytes: TraceBytes>(
        _ codes: StaticString, in buffer: inout Bytes, _ body: (inout Bytes) -> Void
    ) {
        guard colours else { return body(&buffer) }
        buffer.append("\u{1B}[")
        buffer.append(codes)
        buffer.append("m")
        body(&buffer)
        buffer.append("\u{1B}[0m")
    }

    private static func style(of state: AppState) -> StaticString {
        switch state {
        case .notRunning: "31"
        case .inactive: "33"
        case .active: "1;32"
        case .background: "34"
        case .suspended: "35"
        }
    }

    private static func style(of state: SceneState) -> StaticString {
        switch state {
        case .unattached: "31"
        case .foregroundInactive: "33"
        case .foregroundActive: "1;32"
        case .background: "34"
        }
    }
}

/// Pieces of uncoloured lines, each made once from the names in it: a state change, or a notification's arrow
/// and name, is one piece to copy where it took three or two.
private enum PlainPieces {
    static let changes = CasePairTemplates<AppState> { $0.rawValue + " → " + $1.rawValue }
    static let sceneChanges = CasePairTemplates<SceneState> { $0.rawValue + " → " + $1.rawValue }
    static let notifications = CaseNames<UIKitNotification> { "  ↳ " + $0.rawValue }
}
