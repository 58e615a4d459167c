import LifecycleCore

/// Writes a trace for a person: aligned columns of time, app and event; action lines standing out; states
/// coloured when writing to a terminal.
///
/// ```
///      0s ▶ tap notes                                         line 3
///      0s   notes   notRunning → inactive
///      0s   notes   application:willFinishLaunchingWithOptions:
///      0s   notes     ↳ UIApplicationDidFinishLaunchingNotification
/// ```
public struct TextTraceWriter<Output: TextOutputStream>: TraceSink {
    public var output: Output
    /// Whether to use ANSI colours (only when writing to a terminal).
    public let colours: Bool
    private let appWidth: Int

    /// - Parameters:
    ///   - apps: the apps that can appear, to size the app column.
    ///   - colours: whether to colour the output with ANSI escapes.
    public init(output: Output, apps: [AppID], colours: Bool) {
        self.output = output
        self.colours = colours
        self.appWidth = max(8, apps.map(\.rawValue.count).max() ?? 0)
    }

    public mutating func write(_ record: TraceRecord) {
        let time = Self.padded(record.time.secondsText + "s", toWidth: 9, alignRight: true)
        var line = ""
        switch record.event {
        case .action(let number, let text):
            let body = Self.padded("▶ " + text, toWidth: 54 + appWidth, alignRight: false)
            line = paint("\(time) \(body) line \(number)", .bold, .cyan)
        case .transition(let app, let from, let to, let reason):
            var change = "\(paint(from)) → \(paint(to))"
            if let reason { change += paint("  (\(reason.rawValue))", .dim) }
            line = "\(time)   \(column(app)) \(change)"
        case .callback(let app, let callback, let detail):
            line = "\(time)   \(column(app)) \(callback.selector)\(describe(detail))"
        case .notification(let app, let notification):
            line = "\(time)   \(column(app)) \(paint("  ↳ " + notification.name, .dim))"
        case .sceneTransition(let app, let scene, let from, let to):
            line = "\(time)   \(column(app)) \(paint(scene.rawValue, .cyan))  \(paint(from)) → \(paint(to))"
        case .sceneCallback(let app, let scene, let callback, let detail):
            line = "\(time)   \(column(app)) \(paint(scene.rawValue, .cyan))  \(callback.selector)\(describe(detail))"
        case .sceneNotification(let app, let scene, let notification):
            line =
                "\(time)   \(column(app)) \(paint(scene.rawValue, .cyan))  \(paint("  ↳ " + notification.name, .dim))"
        case .expect(let number, let app, let expected, let actual):
            let passed = expected == actual
            let verdict =
                passed
                ? "✓ expect \(app) \(expected.rawValue)"
                : "✗ expect \(app) \(expected.rawValue), but it is \(actual.rawValue)"
            let body = Self.padded(verdict, toWidth: 54 + appWidth, alignRight: false)
            line =
                passed
                ? paint("\(time) \(body) line \(number)", .green) : paint("\(time) \(body) line \(number)", .bold, .red)
        case .note(let app, let text):
            line = "\(time)   \(column(app)) \(paint("· " + text, .italic, .dim))"
        case .explanation(let text):
            let indent = String(repeating: " ", count: 12)
            line = Self.wrapped(text, width: Self.explanationWidth - indent.count - 2).map {
                indent + paint("│ " + $0, .italic)
            }.joined(separator: "\n")
        }
        output.write(line)
        output.write("\n")
    }

    /// A callback's options or argument, after its selector.
    private func describe(_ detail: CallbackDetail?) -> String {
        switch detail {
        case .launchOptions(let options):
            paint("  " + options.entries.map { "\($0.key)=\($0.value)" }.joined(separator: " "), .dim)
        case .connectionOptions(let options):
            options.entries.isEmpty
                ? "" : paint("  " + options.entries.map { "\($0.key)=\($0.value)" }.joined(separator: " "), .dim)
        case .argument(let argument):
            paint("  " + argument, .dim)
        case nil:
            ""
        }
    }

    private func paint(_ state: SceneState) -> String {
        switch state {
        case .unattached: paint(state.rawValue, .red)
        case .foregroundInactive: paint(state.rawValue, .yellow)
        case .foregroundActive: paint(state.rawValue, .bold, .green)
        case .background: paint(state.rawValue, .blue)
        }
    }

    /// Explanations are wrapped to fit this many columns.
    static var explanationWidth: Int { 100 }

    /// The words of `text` in lines of at most `width` characters (a longer word stands alone on its line).
    static func wrapped(_ text: String, width: Int) -> [String] {
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

    private func column(_ app: AppID?) -> String {
        Self.padded(app?.rawValue ?? "", toWidth: appWidth, alignRight: false)
    }

    static func padded(_ text: String, toWidth width: Int, alignRight: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return alignRight ? padding + text : text + padding
    }

    // MARK: Colour

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case italic = "3"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case cyan = "36"
    }

    private func paint(_ text: String, _ styles: Style...) -> String {
        guard colours, !styles.isEmpty else { return text }
        return "\u{1B}[\(styles.map(\.rawValue).joined(separator: ";"))m\(text)\u{1B}[0m"
    }

    private func paint(_ state: AppState) -> String {
        switch state {
        case .notRunning: paint(state.rawValue, .red)
        case .inactive: paint(state.rawValue, .yellow)
        case .active: paint(state.rawValue, .bold, .green)
        case .background: paint(state.rawValue, .blue)
        case .suspended: paint(state.rawValue, .magenta)
        }
    }
}
