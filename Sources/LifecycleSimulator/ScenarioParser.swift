import LifecycleCore

/// Reads the scenario language of SPEC.md §10.
///
/// Every mistake is reported with its file, line and column, what was found and what was expected; the
/// parser goes on to the next line so that one run shows every mistake of a file.
public struct ScenarioParser {
    public let file: String

    public init(file: String) {
        self.file = file
    }

    /// Parses a whole scenario.
    ///
    /// - Throws: ``ScenarioErrors`` with every mistake found, in line order.
    public func parse(_ source: String) throws(ScenarioErrors) -> Scenario {
        var state = ParseState(scenario: Scenario(file: file))
        var errors: [ScenarioError] = []
        for (offset, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let tokens = Self.tokens(of: line)
            guard let first = tokens.first else { continue }
            let context = LineContext(file: file, number: offset + 1, tokens: tokens, endColumn: line.count + 1)
            do {
                try parseLine(first, context, &state)
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw ScenarioErrors(errors: errors) }
        return state.scenario
    }

    // MARK: Lines

    private struct ParseState {
        var scenario: Scenario
        var appLines: [AppID: Int] = [:]
        var profileLine: Int?
        var deviceLine: Int?
        var firstActionLine: Int?
    }

    private func parseLine(_ first: Token, _ line: LineContext, _ state: inout ParseState) throws(ScenarioError) {
        switch first.text {
        case "profile":
            try line.requireCount(2, "profile takes one of \(Self.profileNames)")
            try requireOnceBeforeActions(first, line, state, previous: state.profileLine, "the profile is already set")
            guard let profile = Profile(rawValue: String(line.tokens[1].text)) else {
                throw line.error(
                    at: line.tokens[1], "expected a profile (\(Self.profileNames)), found '\(line.tokens[1].text)'")
            }
            state.scenario.profile = profile
            state.profileLine = line.number
        case "device":
            try line.requireCount(2, "device takes memory=SIZE, such as memory=2048MB")
            try requireOnceBeforeActions(
                first, line, state, previous: state.deviceLine, "the device is already described")
            let option = line.tokens[1]
            guard option.text.hasPrefix("memory=") else {
                throw line.error(at: option, "expected memory=SIZE, such as memory=2048MB, found '\(option.text)'")
            }
            state.scenario.deviceMemory = try line.memorySize(option, option.text.dropFirst("memory=".count))
            state.deviceLine = line.number
        case "app":
            let configuration = try AppDeclarationParser(line: line, lines: state.appLines).parse()
            state.appLines[configuration.id] = line.number
            state.scenario.apps.append(configuration)
        default:
            let (command, appColumn) = try parseCommand(first, line, declared: state.appLines)
            state.firstActionLine = state.firstActionLine ?? line.number
            let text = line.tokens.map(\.text).joined(separator: " ")
            state.scenario.steps.append(
                Scenario.Step(
                    command: command, line: line.number, column: first.column, appColumn: appColumn, text: text))
        }
    }

    /// A declaration that may stand once, before the first action (`profile`, `device`).
    private func requireOnceBeforeActions(
        _ keyword: Token, _ line: LineContext, _ state: ParseState, previous: Int?, _ repeated: String
    ) throws(ScenarioError) {
        if let previous { throw line.error(at: keyword, "\(repeated) on line \(previous)") }
        if let action = state.firstActionLine {
            throw line.error(at: keyword, "\(keyword.text) must come before the first action (line \(action))")
        }
    }

    private func parseCommand(_ word: Token, _ line: LineContext, declared: [AppID: Int]) throws(ScenarioError)
        -> (Scenario.Command, Int?)
    {
        let name = String(word.text)
        guard let syntax = Self.commands[name] else {
            var message = "unknown command '\(name)'; expected a declaration (profile, device, app) or an action"
            if let suggestion = Self.closest(to: name, among: Array(Self.commands.keys) + ["profile", "device", "app"])
            {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += " (\(Self.commands.keys.sorted().joined(separator: ", ")))"
            }
            throw line.error(at: word, message)
        }
        let arguments = Array(line.tokens.dropFirst())
        let required = syntax.arguments.filter { !$0.isOptional }.count
        if arguments.count < required {
            let missing = syntax.arguments[arguments.count]
            throw line.error(column: line.endColumn, "'\(name)' needs \(missing.description) after it")
        }
        if arguments.count > syntax.arguments.count {
            let extra = arguments[syntax.arguments.count]
            let count = syntax.arguments.count
            let takes =
                count == 0
                ? "takes no argument"
                : "takes \(count == 1 ? "one argument" : "\(count) arguments"), \(syntax.usage)"
            throw line.error(at: extra, "'\(name)' \(takes); found an extra '\(extra.text)'")
        }
        var values = ArgumentValues()
        var appColumn: Int?
        for (kind, token) in zip(syntax.arguments, arguments) {
            switch kind {
            case .app:
                values.app = try line.declaredApp(token, declared)
                appColumn = token.column
            case .text, .url:
                values.texts.append(String(token.text))
            case .duration:
                values.duration = try line.duration(token)
            case .state:
                guard let state = AppState(rawValue: String(token.text)) else {
                    let states = AppState.allCases.map(\.rawValue).joined(separator: ", ")
                    throw line.error(at: token, "expected a state (\(states)), found '\(token.text)'")
                }
                values.state = state
            case .count:
                guard let count = Int(token.text), count >= 1 else {
                    throw line.error(at: token, "expected a number of apps (1 or more), found '\(token.text)'")
                }
                values.count = count
            }
        }
        return (syntax.make(values), appColumn)
    }

    // MARK: Commands

    struct ArgumentValues: Sendable {
        var app = AppID("")
        var texts: [String] = []
        var duration = Duration.zero
        var state = AppState.notRunning
        var count: Int?
    }

    enum ArgumentKind {
        case app, url, text, duration, state, count

        var isOptional: Bool { self == .count }

        var description: String {
            switch self {
            case .app: "an app id"
            case .url: "a URL"
            case .text: "a type, such as com.example.compose"
            case .duration: "a duration, such as 250ms, 5s, 1.5s or 3m"
            case .state: "a state (notRunning, inactive, active, background or suspended)"
            case .count: "a number of apps"
            }
        }

        var placeholder: String {
            switch self {
            case .app: "ID"
            case .url: "URL"
            case .text: "TYPE"
            case .duration: "DURATION"
            case .state: "STATE"
            case .count: "[N]"
            }
        }
    }

    struct CommandSyntax: Sendable {
        var arguments: [ArgumentKind]
        var make: @Sendable (ArgumentValues) -> Scenario.Command

        var usage: String { arguments.map(\.placeholder).joined(separator: " ") }
    }

    private static func action(_ action: UserAction) -> CommandSyntax {
        CommandSyntax(arguments: []) { _ in .perform(action) }
    }

    private static func appAction(_ make: @escaping @Sendable (AppID) -> UserAction) -> CommandSyntax {
        CommandSyntax(arguments: [.app]) { .perform(make($0.app)) }
    }

    /// Every action of SPEC.md §10, by its command word.
    static let commands: [String: CommandSyntax] = [
        "tap": appAction(UserAction.tap),
        "home": action(.home),
        "switcher": action(.openSwitcher),
        "pick": appAction(UserAction.pick),
        "swipe": appAction(UserAction.swipe),
        "notification-center": action(.openNotificationCenter),
        "control-center": action(.openControlCenter),
        "alert": action(.showAlert),
        "dismiss": action(.dismiss),
        "call": action(.incomingCall),
        "answer": action(.answerCall),
        "decline": action(.declineCall),
        "hang-up": action(.hangUp),
        "lock": action(.lock),
        "unlock": action(.unlock),
        "open-url": CommandSyntax(arguments: [.app, .url]) { .perform(.openURL($0.app, url: $0.texts[0])) },
        "shortcut": CommandSyntax(arguments: [.app, .text]) { .perform(.shortcut($0.app, type: $0.texts[0])) },
        "continue": CommandSyntax(arguments: [.app, .text]) { .perform(.continueActivity($0.app, type: $0.texts[0])) },
        "push-tap": appAction(UserAction.tapPushNotification),
        "push": appAction { .backgroundEvent(.push, $0) },
        "fetch": appAction { .backgroundEvent(.fetch, $0) },
        "download": appAction { .backgroundEvent(.download, $0) },
        "watch": appAction { .backgroundEvent(.watch, $0) },
        "memory-warning": action(.memoryWarning),
        "memory-pressure": CommandSyntax(arguments: [.count]) { .perform(.memoryPressure(count: $0.count)) },
        "time-change": action(.significantTimeChange),
        "wait": CommandSyntax(arguments: [.duration]) { .wait($0.duration) },
        "expect": CommandSyntax(arguments: [.app, .state]) { .expect($0.app, $0.state) },
    ]

    static let profileNames = Profile.allCases.map(\.rawValue).joined(separator: ", ")

    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { candidate in
            (candidate, editDistance(word, candidate), candidate.first == word.first ? 0 : 1)
        }
        return scored.filter { $0.1 <= max(1, word.count / 3) }.min { ($0.1, $0.2, $0.0) < ($1.1, $1.2, $1.0) }?.0
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    // MARK: Tokens

    /// The words of a line with their 1-based columns; `#` at the start of a word begins a comment.
    static func tokens(of line: Substring) -> [Token] {
        var tokens: [Token] = []
        var column = 0
        var start: (index: Substring.Index, column: Int)?
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            column += 1
            if character.isWhitespace {
                if let open = start {
                    tokens.append(Token(text: line[open.index..<index], column: open.column))
                    start = nil
                }
            } else if start == nil {
                if character == "#" { return tokens }
                start = (index, column)
            }
            index = line.index(after: index)
        }
        if let open = start { tokens.append(Token(text: line[open.index...], column: open.column)) }
        return tokens
    }
}

/// A word of a scenario line.
struct Token {
    var text: Substring
    var column: Int
}
