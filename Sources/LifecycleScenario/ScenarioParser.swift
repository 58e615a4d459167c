import LifecycleCore
import LifecycleText

/// Reads the scenario language of docs/lifecycle.md §10.
///
/// Every mistake is reported with its file, line and column, what was found and what was expected; the
/// parser goes on to the next line so that one run shows every mistake of a file.
public struct ScenarioParser {
    public let file: String
    private var state: ParseState
    /// The comment lines above the line being read: they explain it.
    private var explanation: [Substring] = []
    /// Whether comments are kept to explain the lines they are about (a step's ``Scenario/Step/comment``): only
    /// the demo shows them. A reader that does not show them sets this to `false`, and a file of comments is then
    /// not held in memory while it is read.
    public var keepsComments = true
    /// The words of the line being read, in memory kept from line to line.
    private var tokens: [Token] = []

    public init(file: String) {
        self.file = file
        self.state = ParseState(scenario: Scenario(file: file))
    }

    /// A parser for lines that come after a phone is set up — a test's `perform("memory-pressure")`: `apps` are
    /// declared and the phone runs `profile`, as if earlier lines had said so and an action had run (so a
    /// `profile` or `device` line is refused, as it is after the first action of a file).
    public init(file: String, profile: Profile, apps: [AppConfiguration]) {
        self.init(file: file)
        state.scenario.profile = profile
        state.scenario.apps = apps
        for app in apps { state.apps.declare(app, line: 0) }
        state.firstActionLine = 0
    }

    /// What a line that does something gives: an app to add to the phone, or a step to run.
    public enum Line: Sendable {
        /// Indirect: a declaration is rare and its configuration large, and every line's result is as large as
        /// its largest case.
        indirect case app(AppConfiguration)
        case step(Scenario.Step)
    }

    /// What the lines read so far declare: the profile, the device, the apps and their requirements. Steps are
    /// kept only by ``parse(_:)``.
    public var declarations: Scenario { state.scenario }

    /// Reads the next line of a scenario (without its line break), for readers that stream a file: memory stays
    /// the same however many lines come. The profile and the device are set before the first step (the language
    /// wants them there); apps may be declared at any point before they are used.
    ///
    /// - Returns: the app the line declares or the step it runs; `nil` for a blank line, a comment, the
    ///   profile or the device.
    /// - Throws: ``ScenarioError`` for a mistake on the line; reading may go on with the next line.
    public mutating func read(_ line: Substring, number: Int) throws(ScenarioError) -> Line? {
        var comment = Self.tokens(of: line, into: &tokens)
        if !keepsComments { comment = nil }
        guard let first = tokens.first else {
            // A comment line explains the action right below it; a blank line ends the explanation.
            if let comment { explanation.append(comment) } else { explanation.removeAll() }
            return nil
        }
        if let comment { explanation.append(comment) }
        defer { explanation.removeAll() }
        let context = LineContext(file: file, number: number, text: line, tokens: tokens)
        return try Self.parseLine(first, context, explanation: explanation, &state)
    }

    /// Parses a whole scenario.
    ///
    /// - Throws: ``ScenarioErrors`` with the mistakes found, in line order (at most
    ///   ``ScenarioErrors/reportedLimit`` of them, and how many lines were not checked after them).
    public func parse(_ source: String) throws(ScenarioErrors) -> Scenario {
        var parser = ScenarioParser(file: file)
        let steps = try parser.readAll(source).steps
        var scenario = parser.declarations
        scenario.steps = steps
        return scenario
    }

    /// Reads a whole source, as ``parse(_:)`` does, and stays ready for lines appended to it: a text that grows a
    /// line at a time (the playground's) is read once, each new line with ``read(_:number:)`` at `nextLine`, then
    /// the number after it.
    ///
    /// - Returns: the steps, and the number of the line that would come next (after the text's final line break,
    ///   or after one added to end its last line).
    public mutating func readAll(_ source: String) throws(ScenarioErrors) -> (steps: [Scenario.Step], nextLine: Int) {
        var steps: [Scenario.Step] = []
        var errors = ScenarioErrors(errors: [])
        var lines = Self.lines(of: source)
        // The empty piece after a final line break is no line: a line appended there takes its number.
        if lines.last?.isEmpty == true { lines.removeLast() }
        for (offset, line) in lines.enumerated() {
            do {
                if case .step(let step) = try read(line, number: offset + 1) { steps.append(step) }
            } catch {
                guard errors.record(error) else {
                    errors.uncheckedLines = lines.count - offset - 1
                    break
                }
            }
        }
        guard errors.errors.isEmpty else { throw errors }
        return (steps, lines.count + 1)
    }

    /// The number of characters of the longest app id declared in a source (0 when it declares none): what the
    /// text trace needs before the first line of a streamed scenario, whose apps may be declared late.
    public static func longestDeclaredAppID(in line: Substring) -> Int {
        guard mayDeclareApp(line.utf8) else { return 0 }
        let (tokens, _) = tokens(of: line)
        guard tokens.count >= 2, tokens[0].spells("app") else { return 0 }
        return tokens[1].text.count
    }

    /// Whether a line's bytes may declare an app: only a line whose first word is `app` does, and its bytes past
    /// ASCII spaces rule out nearly every other line without tokenizing it, or even making it text. A byte beyond
    /// ASCII may be a space of Unicode's, before the word or after it: such lines may.
    @inlinable package static func mayDeclareApp<Bytes: Collection<UInt8>>(_ line: Bytes) -> Bool {
        var index = line.startIndex
        while index < line.endIndex, line[index].isASCIIWhitespace { line.formIndex(after: &index) }
        guard index < line.endIndex else { return false }
        if line[index] >= 0x80 { return true }
        for expected in "app".utf8 {
            guard index < line.endIndex, line[index] == expected else { return false }
            line.formIndex(after: &index)
        }
        return index < line.endIndex && (line[index].isASCIIWhitespace || line[index] >= 0x80)
    }

    /// The lines of a source: `\n`, `\r\n` and a lone `\r` each end a line, so a file parses the same whichever
    /// system's editor wrote it. (Swift reads `\r\n` as one character, so it is named here as one.)
    package static func lines(of source: String) -> [Substring] {
        source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    // MARK: Lines

    private struct ParseState: Sendable {
        var scenario: Scenario
        var apps = AppDeclarations()
        var profileLine: Int?
        var deviceLine: Int?
        var firstActionLine: Int?
    }

    private static func parseLine(
        _ first: Token, _ line: LineContext, explanation: [Substring], _ state: inout ParseState
    ) throws(ScenarioError) -> Line? {
        // The first word's bytes, compared with each keyword.
        if first.spells("profile") {
            try line.requireCount(2, "profile takes one of \(Self.profileNames)")
            try requireOnceBeforeActions(first, line, state, previous: state.profileLine, "the profile is already set")
            let name = line.tokens[1].text
            guard let profile = Profile(rawValue: String(name)) else {
                var message = "expected a profile, \(Self.profileNames), found \(quoted(name))"
                if let suggestion = Spelling.closest(to: name, among: Profile.allCases.map(\.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw line.error(at: line.tokens[1], message)
            }
            state.scenario.profile = profile
            state.profileLine = line.number
        } else if first.spells("device") {
            try parseDevice(first, line, &state)
        } else if first.spells("app") {
            var parser = AppDeclarationParser(line: line)
            do {
                let configuration = try parser.parse(declared: state.apps.lines)
                state.apps.declare(configuration, line: line.number)
                state.scenario.apps.append(configuration)
                state.scenario.requirements += parser.requirements
                return .app(configuration)
            } catch {
                if let id = parser.id, state.apps.lines[id] == nil { state.apps.failed.insert(id) }
                throw error
            }
        } else {
            let (command, columns) = try parseCommand(first, line, declared: state.apps)
            state.firstActionLine = state.firstActionLine ?? line.number
            if case .perform(.newWindow(_, .stage)) = command {
                let word = line.tokens[line.tokens.startIndex + 2]
                state.scenario.requirements.append(
                    line.requirement(at: word, version: 16, "'stage' (Stage Manager, iPadOS 16)"))
            }
            switch command {
            case .perform(.minimizeWindow), .perform(.restoreWindow):
                state.scenario.requirements.append(
                    line.requirement(at: first, version: 26, "'\(first.text)' (iPadOS 26's windows)"))
            default:
                break
            }
            let text = Self.actionText(line.tokens)
            let comment = explanation.isEmpty ? nil : explanation.joined(separator: " ")
            return .step(
                Scenario.Step(
                    command: command, line: line.number, column: first.column, appColumn: columns.app,
                    sceneColumn: columns.scene, text: text, comment: comment))
        }
        return nil
    }

    /// An action line's words joined by single spaces, as the trace shows it: when one space separates each
    /// word (nearly always), the line's own text from the first word to the last, without building a join.
    static func actionText(_ tokens: [Token]) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        var source = first.source
        let isSingleSpaced = source.withUTF8 { bytes in
            // By index, reading each token where it lies: a `for token in` loop copied every token.
            for index in tokens.indices.dropFirst() {
                let separator = tokens[index - 1].bytes.upperBound
                guard tokens[index].bytes.lowerBound == separator + 1, bytes[separator] == UInt8(ascii: " ")
                else { return false }
            }
            return true
        }
        guard isSingleSpaced else { return tokens.map(\.text).joined(separator: " ") }
        let words = first.bytes.lowerBound..<last.bytes.upperBound
        // A line read from a file is its own source: when its words are all of it, that is the text.
        return words == 0..<source.utf8.count ? source : String(source.utf8Slice(words))
    }

    /// `device [iphone|ipad] [memory=SIZE]`: the kind of device and its memory, each optional, at least one.
    private static func parseDevice(_ keyword: Token, _ line: LineContext, _ state: inout ParseState)
        throws(ScenarioError)
    {
        if line.tokens.count >= 2 {
            try requireOnceBeforeActions(
                keyword, line, state, previous: state.deviceLine, "the device is already described")
        }
        let (device, memory) = try deviceLine(line)
        if let device { state.scenario.device = device }
        if let memory { state.scenario.deviceMemory = memory }
        state.deviceLine = line.number
    }

    /// What a `device` line says, in a scenario or a supervisor's device file: the kind and the memory, each
    /// optional, at least one.
    static func deviceLine(_ line: LineContext) throws(ScenarioError) -> (device: DeviceKind?, memory: Int?) {
        let usage = "device takes iphone or ipad, then memory=SIZE, such as 'device ipad memory=4096MB'"
        guard line.tokens.count >= 2 else { throw line.error(column: line.endColumn, usage) }
        var device: DeviceKind?
        var memory: Int?
        var options = line.tokens.dropFirst()
        if let kind = options.first, !kind.text.hasPrefix("memory=") {
            guard let named = DeviceKind(rawValue: String(kind.text)) else {
                var message = "expected a device (iphone, ipad) or memory=SIZE, found \(quoted(kind.text))"
                if let suggestion = Spelling.closest(to: kind.text, among: DeviceKind.allCases.map(\.rawValue)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw line.error(at: kind, message)
            }
            device = named
            options = options.dropFirst()
        }
        if let option = options.first {
            guard option.text.hasPrefix("memory=") else {
                throw line.error(
                    at: option, "expected memory=SIZE, such as memory=2048MB, found \(quoted(option.text))")
            }
            memory = try line.memorySize(option, option.text.dropFirst("memory=".count))
        }
        if options.count > 1 {
            let extra = options[options.startIndex + 1]
            throw line.error(at: extra, "\(usage); found an extra \(quoted(extra.text))")
        }
        return (device, memory)
    }

    /// A declaration that may stand once, before the first action (`profile`, `device`).
    private static func requireOnceBeforeActions(
        _ keyword: Token, _ line: LineContext, _ state: ParseState, previous: Int?, _ repeated: String
    ) throws(ScenarioError) {
        if let previous { throw line.error(at: keyword, "\(repeated) on line \(previous)") }
        if let action = state.firstActionLine {
            throw line.error(at: keyword, "\(keyword.text) must come before the first action (line \(action))")
        }
    }

    /// An action line: `word` is its first word.
    private static func parseCommand(
        _ word: Token, _ line: LineContext, declared: AppDeclarations
    ) throws(ScenarioError) -> (Scenario.Command, columns: (app: Int?, scene: Int?)) {
        guard let syntax = word.withBytes(Self.syntax(of:)) else {
            let name = String(word.text)
            var message = "unknown command \(quoted(name)); expected a declaration (profile, device, app) or an action"
            if let suggestion = Spelling.closest(to: name, among: Self.commandWords) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += " (\(Self.commands.keys.sorted().joined(separator: ", ")))"
            }
            throw line.error(at: word, message)
        }
        let arguments = line.tokens.dropFirst()
        if arguments.count < syntax.required {
            let missing = syntax.arguments[arguments.count]
            throw line.error(column: line.endColumn, "'\(word.text)' needs \(missing.description) after it")
        }
        if arguments.count > syntax.arguments.count, syntax.arguments.last != .requestOptions {
            let extra = arguments[arguments.startIndex + syntax.arguments.count]
            let count = syntax.arguments.count
            let takes =
                count == 0
                ? "takes no argument"
                : "takes \(count == 1 ? "one argument" : "\(count) arguments"), \(syntax.usage)"
            throw line.error(at: extra, "'\(word.text)' \(takes); found an extra \(quoted(extra.text))")
        }
        var values = ArgumentValues()
        var appColumn: Int?
        var sceneColumn: Int?
        // By position: a loop over `zip` destroyed each of its optional pairs through the type's metadata.
        for position in 0..<min(syntax.arguments.count, arguments.count) {
            let token = arguments[arguments.startIndex + position]
            switch syntax.arguments[position] {
            case .app:
                values.app = try line.declaredApp(token, declared)
                appColumn = token.column
            case .scene:
                guard let hash = token.hashOffset else {
                    throw line.error(
                        at: token, "expected a scene id, such as \(token.text)#2, found \(quoted(token.text))")
                }
                values.scene = try line.sceneID(token, hash: hash, declared)
                appColumn = token.column
                sceneColumn = token.column
            case .layout:
                if token.text == "replacing" {
                    throw line.error(
                        at: token,
                        "'replacing' takes the place of a window in Split View: 'new-window ID split "
                            + "replacing SCENE'; expected 'split' before it")
                }
                guard let placement = WindowPlacement(rawValue: String(token.text)), placement != .fullScreen else {
                    var message =
                        "expected 'split' (side by side), 'slide-over', 'stage' or nothing (full screen), found "
                        + quoted(token.text)
                    let words = WindowPlacement.allCases.filter { $0 != .fullScreen }.map(\.rawValue)
                    if let suggestion = Spelling.closest(to: token.text, among: words) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw line.error(at: token, message)
                }
                values.placement = placement
            case .subject:
                if let hash = token.hashOffset {
                    values.scene = try line.sceneID(token, hash: hash, declared)
                    sceneColumn = token.column
                } else {
                    values.app = try line.declaredApp(token, declared)
                }
                appColumn = token.column
            case .text, .url:
                values.text = String(token.text)
            case .duration:
                values.duration = try line.duration(token)
            case .state where values.scene != nil:
                values.sceneState = try line.sceneState(token)
            case .state:
                guard let state = AppState(rawValue: String(token.text)) else {
                    let states = AppState.allCases.map(\.rawValue)
                    var message = "expected a state (\(states.joined(separator: ", "))), found \(quoted(token.text))"
                    if let suggestion = Spelling.closest(to: token.text, among: states) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    throw line.error(at: token, message)
                }
                values.state = state
            case .count:
                values.count = try line.count(token)
            case .identifier:
                values.identifier = try line.identifier(token)
            case .actionIdentifier:
                values.identifier = try line.identifier(token, "an action identifier", example: "reply or archive")
            case .target:
                guard token.text.hasPrefix("target="), token.text.count > "target=".count else {
                    throw line.error(
                        at: token,
                        "expected target=ID (the activity's target content identifier) or nothing, found "
                            + quoted(token.text))
                }
                values.identifier = String(token.text.dropFirst("target=".count))
            case .throttled where token.text.hasPrefix("payload="), .payload:
                values.payload = try Self.payloadName(token, of: values.app, line, declared)
            case .local, .foreground, .throttled:
                let (word, meaning) =
                    switch syntax.arguments[position] {
                    case .local: ("local", "a local notification")
                    case .foreground: ("foreground", "the action's foreground option")
                    default: ("throttled", "the system throttles the push")
                    }
                guard token.text == word else {
                    throw line.error(
                        at: token, "expected '\(word)' (\(meaning)) or nothing, found \(quoted(token.text))")
                }
                values.flag = true
            case .onOff:
                guard token.text == "on" || token.text == "off" else {
                    throw line.error(at: token, "expected 'on' or 'off', found \(quoted(token.text))")
                }
                values.enabled = token.text == "on"
            case .replacing:
                guard token.text == "replacing" else {
                    throw line.error(
                        at: token,
                        "expected 'replacing SCENE' (the window it takes the place of) or nothing, found "
                            + quoted(token.text))
                }
                guard values.placement == .split else {
                    throw line.error(
                        at: token,
                        "only a window in Split View takes another's place: 'new-window ID split "
                            + "replacing SCENE'")
                }
                guard arguments.count > position + 1 else {
                    throw line.error(column: line.endColumn, "'replacing' needs a scene id (such as notes#2) after it")
                }
            case .replacedScene:
                guard let hash = token.hashOffset else {
                    throw line.error(
                        at: token, "expected a scene id, such as \(token.text)#2, found \(quoted(token.text))")
                }
                values.scene = try line.sceneID(token, hash: hash, declared)
                sceneColumn = token.column
            case .requestOptions:
                for option in arguments.dropFirst(position) { try values.readRequestOption(option, line) }
            }
        }
        return (syntax.make(values), (appColumn, sceneColumn))
    }

    /// The name in `payload=NAME`: one of the payloads the app declares (docs/lifecycle.md §19).
    private static func payloadName(
        _ token: Token, of app: AppID, _ line: LineContext, _ declared: AppDeclarations
    ) throws(ScenarioError) -> String {
        let names = declared.payloads[app] ?? []
        guard token.text.hasPrefix("payload=") else {
            throw line.error(at: token, "expected payload=NAME or nothing, found \(quoted(token.text))")
        }
        let name = String(token.text.dropFirst("payload=".count))
        guard names.contains(name) else {
            var message = "\(app) declares no payload \(quoted(name))"
            message +=
                names.isEmpty
                ? "; declare one on its app line: payload.\(name.isEmpty ? "NAME" : name)={\"aps\":{…}}"
                : "; it declares \(names.joined(separator: ", "))"
            throw line.error(at: token, message)
        }
        return name
    }
}
