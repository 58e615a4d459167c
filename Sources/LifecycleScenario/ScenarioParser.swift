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
            let (command, appColumn) = try parseCommand(first, line, declared: state.apps)
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
                    command: command, line: line.number, column: first.column, appColumn: appColumn, text: text,
                    comment: comment))
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
    ) throws(ScenarioError) -> (Scenario.Command, Int?) {
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
            case .requestOptions:
                for option in arguments.dropFirst(position) { try values.readRequestOption(option, line) }
            }
        }
        return (syntax.make(values), appColumn)
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

    // MARK: Commands

    struct ArgumentValues: Sendable {
        // As few counted references as the commands need: the values are made and destroyed on every action
        // line, each such field a release there.
        var app = AppID("")
        /// For `open-url`, `shortcut` and `continue`: the URL or the type.
        var text = ""
        var duration = Duration.zero
        var state = AppState.notRunning
        var count: Int?
        /// For `expect`, `pick` and `swipe`: the scene named instead of an app (with `expect`'s state of the scene,
        /// `nil`: disconnected). For `close-window` and the other window commands: the window; for `new-window`:
        /// the window it replaces.
        var scene: SceneID?
        var sceneState: SceneState?
        /// For `new-window`: where the window goes.
        var placement = WindowPlacement.fullScreen
        /// For `submit`, `bgtask-launch` and `bgtask-expire`: the task identifier; for `notification-action`, the
        /// action's.
        var identifier = ""
        /// For `submit`: the request's options.
        var earliestBegin: Duration?
        var requiresExternalPower = false
        var requiresNetworkConnectivity = false
        /// For `background-app-refresh` and `charger`: `on`.
        var enabled = false
        /// For `notify`: `local`; for `notification-action`: `foreground`; for `push`: `throttled`.
        var flag = false
        /// For `push` and `push-tap`: the payload named, if any.
        var payload: String?

        /// One of `submit`'s options: `after=DURATION`, `requires-power`, `requires-network`, each once.
        mutating func readRequestOption(_ token: Token, _ line: LineContext) throws(ScenarioError) {
            let text = token.text
            if text.hasPrefix("after=") {
                guard earliestBegin == nil else { throw line.error(at: token, "'after=' is given twice") }
                earliestBegin = try line.duration(token, text.dropFirst("after=".count))
            } else if text == "requires-power" || text == "requires-network" {
                let power = text == "requires-power"
                guard !(power ? requiresExternalPower : requiresNetworkConnectivity) else {
                    throw line.error(at: token, "\(quoted(text)) is given twice")
                }
                if power { requiresExternalPower = true } else { requiresNetworkConnectivity = true }
            } else {
                var message = "expected after=DURATION, requires-power or requires-network, found \(quoted(text))"
                if let suggestion = Spelling.closest(to: text, among: ["requires-power", "requires-network"]) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw line.error(at: token, message)
            }
        }

        /// The window a `.scene` argument names: the commands that take one are not made without it.
        var window: SceneID { scene ?? SceneID(rawValue: "") }
    }

    enum ArgumentKind {
        /// `subject` is an app, or a scene (`notes#2`); `layout` the optional placement of `new-window`.
        /// `identifier` a scheduled task's (`com.example.refresh`); `requestOptions` the rest of a `submit` line.
        /// `actionIdentifier` a notification action's; `local` and `foreground` the optional words of `notify` and
        /// `notification-action`.
        /// `replacing` and `replacedScene` the optional end of `new-window ID split replacing SCENE`.
        case app, subject, scene, layout, url, text, duration, state, count, identifier, onOff, requestOptions
        case actionIdentifier, local, foreground, throttled, replacing, replacedScene, payload

        var isOptional: Bool {
            switch self {
            case .count, .layout, .requestOptions, .local, .foreground, .throttled, .replacing, .replacedScene,
                .payload:
                true
            default: false
            }
        }

        var description: String {
            switch self {
            case .app: "an app id"
            case .subject: "an app id or a scene id (such as notes#2)"
            case .scene: "a scene id (such as notes#2)"
            case .layout: "split, slide-over or stage"
            case .url: "a URL"
            case .text: "a type, such as com.example.compose"
            case .duration: "a duration, such as 250ms, 5s, 1.5s or 3m"
            case .state: "a state (notRunning, inactive, active, background or suspended)"
            case .count: "a number of apps"
            case .identifier: "a task identifier (such as com.example.refresh)"
            case .onOff: "on or off"
            case .requestOptions: "after=DURATION, requires-power or requires-network"
            case .actionIdentifier: "an action identifier (such as reply)"
            case .local: "local"
            case .foreground: "foreground"
            case .throttled: "throttled"
            case .replacing: "replacing"
            case .replacedScene: "a scene id (such as notes#2)"
            case .payload: "payload=NAME"
            }
        }

        var placeholder: String {
            switch self {
            case .app: "ID"
            case .subject: "ID|SCENE"
            case .scene: "SCENE"
            case .layout: "[split|slide-over|stage]"
            case .url: "URL"
            case .text: "TYPE"
            case .duration: "DURATION"
            case .state: "STATE"
            case .count: "[N]"
            case .identifier: "IDENTIFIER"
            case .onOff: "on|off"
            case .requestOptions: "[after=DURATION] [requires-power] [requires-network]"
            case .actionIdentifier: "ACTION"
            case .local: "[local]"
            case .foreground: "[foreground]"
            case .throttled: "[throttled]"
            case .payload: "[payload=NAME]"
            case .replacing: "[replacing"
            case .replacedScene: "SCENE]"
            }
        }
    }

    struct CommandSyntax: Sendable {
        var arguments: [ArgumentKind]
        var make: @Sendable (ArgumentValues) -> Scenario.Command
        /// The number of arguments that must be there.
        var required: Int

        init(arguments: [ArgumentKind], make: @escaping @Sendable (ArgumentValues) -> Scenario.Command) {
            self.arguments = arguments
            self.make = make
            self.required = arguments.filter { !$0.isOptional }.count
        }

        var usage: String { arguments.map(\.placeholder).joined(separator: " ") }
    }

    private static func action(_ action: UserAction) -> CommandSyntax {
        CommandSyntax(arguments: []) { _ in .perform(action) }
    }

    private static func appAction(_ make: @escaping @Sendable (AppID) -> UserAction) -> CommandSyntax {
        CommandSyntax(arguments: [.app]) { .perform(make($0.app)) }
    }

    /// Every action of docs/lifecycle.md §10, by its command word.
    static let commands: [String: CommandSyntax] = [
        "tap": appAction(UserAction.tap),
        "home": action(.home),
        "switcher": action(.openSwitcher),
        "pick": CommandSyntax(arguments: [.subject]) { values in
            .perform(values.scene.map(UserAction.pickWindow) ?? .pick(values.app))
        },
        "swipe": CommandSyntax(arguments: [.subject]) { values in
            .perform(values.scene.map(UserAction.swipeWindow) ?? .swipe(values.app))
        },
        "new-window": CommandSyntax(arguments: [.app, .layout, .replacing, .replacedScene]) { values in
            .perform(
                values.scene.map { .replaceWindow(values.app, replacing: $0) }
                    ?? .newWindow(values.app, placement: values.placement))
        },
        "close-window": CommandSyntax(arguments: [.scene]) { .perform(.closeWindow($0.window)) },
        "focus": CommandSyntax(arguments: [.scene]) { .perform(.focusWindow($0.window)) },
        "unsplit": CommandSyntax(arguments: [.scene]) { .perform(.unsplit($0.window)) },
        "hide-slide-over": action(.hideSlideOver),
        "show-slide-over": action(.showSlideOver),
        "minimize-window": CommandSyntax(arguments: [.scene]) { .perform(.minimizeWindow($0.window)) },
        "restore-window": CommandSyntax(arguments: [.scene]) { .perform(.restoreWindow($0.window)) },
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
        "open-url": CommandSyntax(arguments: [.app, .url]) { .perform(.openURL($0.app, url: $0.text)) },
        "shortcut": CommandSyntax(arguments: [.app, .text]) { .perform(.shortcut($0.app, type: $0.text)) },
        "continue": CommandSyntax(arguments: [.app, .text]) { .perform(.continueActivity($0.app, type: $0.text)) },
        "push-tap": CommandSyntax(arguments: [.app, .payload]) {
            values in
            guard let payload = values.payload else { return .perform(.tapPushNotification(values.app)) }
            return .perform(.pushWithPayload(values.app, payload: payload, tapped: true))
        },
        "notify": CommandSyntax(arguments: [.app, .local]) { .perform(.notify($0.app, remote: !$0.flag)) },
        "notification-tap": appAction(UserAction.tapNotification),
        "notification-action": CommandSyntax(arguments: [.app, .actionIdentifier, .foreground]) {
            .perform(.pickNotificationAction($0.app, identifier: $0.identifier, foreground: $0.flag))
        },
        "notification-dismiss": appAction(UserAction.dismissNotification),
        "push": CommandSyntax(arguments: [.app, .throttled, .payload]) { values in
            if let payload = values.payload {
                return .perform(.pushWithPayload(values.app, payload: payload, tapped: false))
            }
            return .perform(values.flag ? .throttledPush(values.app) : .backgroundEvent(.push, values.app))
        },
        "fetch": appAction { .backgroundEvent(.fetch, $0) },
        "download": appAction { .backgroundEvent(.download, $0) },
        "watch": appAction { .backgroundEvent(.watch, $0) },
        "disconnect-scene": appAction(UserAction.disconnectScene),
        "connect-display": appAction(UserAction.connectDisplay),
        "disconnect-display": action(.disconnectDisplay),
        "prewarm": appAction(UserAction.prewarm),
        "submit": CommandSyntax(arguments: [.app, .identifier, .requestOptions]) { values in
            let request = TaskRequest(
                identifier: values.identifier, earliestBegin: values.earliestBegin,
                requiresExternalPower: values.requiresExternalPower,
                requiresNetworkConnectivity: values.requiresNetworkConnectivity)
            return .perform(.submitTaskRequest(values.app, request))
        },
        "bgtask-launch": CommandSyntax(arguments: [.app, .identifier]) {
            .perform(.runTaskRequest($0.app, identifier: $0.identifier))
        },
        "bgtask-expire": CommandSyntax(arguments: [.app, .identifier]) {
            .perform(.expireTask($0.app, identifier: $0.identifier))
        },
        "background-app-refresh": CommandSyntax(arguments: [.app, .onOff]) {
            .perform(.setBackgroundAppRefresh($0.app, enabled: $0.enabled))
        },
        "charger": CommandSyntax(arguments: [.onOff]) { .perform(.setCharging($0.enabled)) },
        "memory-warning": action(.memoryWarning),
        "memory-pressure": CommandSyntax(arguments: [.count]) { .perform(.memoryPressure(count: $0.count)) },
        "time-change": action(.significantTimeChange),
        "wait": CommandSyntax(arguments: [.duration]) { .wait($0.duration) },
        "expect": CommandSyntax(arguments: [.subject, .state]) { values in
            values.scene.map { .expectScene($0, values.sceneState) } ?? .expect(values.app, values.state)
        },
    ]

    /// The commands by the first byte and the length of their word: a word's bytes are compared with the one or
    /// two that share both, where looking it up in ``commands`` hashed it (some 300 instructions an action line),
    /// and a table by the first byte alone compared it with up to seven (the words that start with `b` or `c`).
    private static let commandsByFirstByteAndLength: [[(word: [UInt8], syntax: CommandSyntax)]] = {
        var table = Array(repeating: [(word: [UInt8], syntax: CommandSyntax)](), count: 128 * 32)
        for (word, syntax) in commands {
            table[slot(first: word.utf8.first!, count: word.utf8.count)].append((Array(word.utf8), syntax))
        }
        return table
    }()

    /// Where the commands whose word starts with `first` and has `count` bytes are in
    /// ``commandsByFirstByteAndLength`` (words of 31 bytes or more share a slot).
    private static func slot(first: UInt8, count: Int) -> Int {
        Int(first) &* 32 &+ min(count, 31)
    }

    /// The syntax of the command a word names, if it names one.
    static func syntax(of word: String) -> CommandSyntax? {
        Array(word.utf8).withUnsafeBufferPointer(syntax(of:))
    }

    /// The syntax of the command a word's bytes name, if they name one.
    static func syntax(of word: UnsafeBufferPointer<UInt8>) -> CommandSyntax? {
        guard let first = word.first, first < 128 else { return nil }
        let candidates = commandsByFirstByteAndLength[slot(first: first, count: word.count)]
        for index in candidates.indices
        where candidates[index].word.withUnsafeBufferPointer({ $0.hasSameBytes(as: word) }) {
            return candidates[index].syntax
        }
        return nil
    }

    static let profileNames = "ios4 to ios18, or ios26"

    /// Every word a line may start with, for suggestions.
    static let commandWords = Array(commands.keys) + ["profile", "device", "app"]

    // MARK: Tokens

    /// The words of a line with their 1-based columns, and its comment: `#` at the start of a word begins a
    /// comment, which runs to the end of the line (its text without the `#` and the spaces around it).
    static func tokens(of line: Substring) -> (tokens: [Token], comment: Substring?) {
        var tokens: [Token] = []
        let comment = Self.tokens(of: line, into: &tokens)
        return (tokens, comment)
    }

    /// ``tokens(of:)`` into an array the caller keeps, emptied first: its memory serves every line of a file.
    static func tokens(of line: Substring, into tokens: inout [Token]) -> Substring? {
        // Emptied a token at a time, keeping the memory: `removeAll(keepingCapacity:)` goes through
        // `replaceSubrange`, some 180 instructions a line.
        while tokens.popLast() != nil {}
        if let comment = Self.tokens(ofASCII: line, into: &tokens) { return comment }
        tokens.removeAll(keepingCapacity: true)
        return Self.tokens(ofAnyText: line, into: &tokens)
    }

    /// ``tokens(of:into:)`` for any text, character by character: the reference that the ASCII reader matches.
    static func tokens(ofAnyText line: Substring, into tokens: inout [Token]) -> Substring? {
        let source = line.base
        var column = 0
        var start: (index: Substring.Index, column: Int)?
        var index = line.startIndex
        func append(_ open: (index: Substring.Index, column: Int), to end: Substring.Index) {
            let bytes = source.utf8Offset(of: open.index)..<source.utf8Offset(of: end)
            tokens.append(Token(source: source, bytes: bytes, column: open.column))
        }
        while index < line.endIndex {
            let character = line[index]
            column += 1
            if character.isWhitespace {
                if let open = start {
                    append(open, to: index)
                    start = nil
                }
            } else if start == nil {
                if character == "#" {
                    let comment = line[line.index(after: index)...].drop { $0 == "#" || $0.isWhitespace }
                    return comment.isEmpty ? nil : Self.trimmingTrailingWhitespace(comment)
                }
                start = (index, column)
            }
            index = line.index(after: index)
        }
        if let open = start { append(open, to: line.endIndex) }
        return nil
    }

    /// ``tokens(of:into:)`` for a line of ASCII bytes, where a character is a byte (a line holds no `\r\n`),
    /// read byte by byte where the bytes lie.
    ///
    /// - Returns: the line's comment, if it has one, as ``tokens(of:into:)``; `nil` (its tokens read so far left
    ///   in `tokens`) when the line has a byte beyond ASCII before its comment, which is left to
    ///   ``tokens(ofAnyText:into:)``.
    static func tokens(ofASCII line: Substring, into tokens: inout [Token]) -> Substring?? {
        let source = line.base
        let lineStart = source.utf8Offset(of: line.startIndex)
        let lineEnd = source.utf8Offset(of: line.endIndex)
        var contiguous = source
        // The comment's bytes, and whether they are trimmed already.
        let comment: (bytes: Range<Int>, trimmed: Bool)?? = contiguous.withUTF8 { bytes in
            var start: Int?
            for index in lineStart..<lineEnd {
                let byte = bytes[index]
                if byte.isASCIIWhitespace {
                    if let open = start {
                        tokens.append(Token(source: source, bytes: open..<index, column: open - lineStart + 1))
                        start = nil
                    }
                } else if byte >= 0x80 {
                    return nil
                } else if start == nil {
                    if byte == UInt8(ascii: "#") {
                        // A comment with a byte beyond ASCII may start or end in a space of Unicode's: its ends are
                        // trimmed character by character below, the words before it read here all the same (a
                        // line with a comment in Chinese cost twice one in English when all of it was left to the
                        // character-wise reader).
                        // (A `#` with a mark joined to it, `#\u{301}` or `#️⃣`, is another character, no comment's
                        // start: a byte beyond ASCII right after it leaves the line to the character-wise reader.)
                        if UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]).contains(where: { $0 >= 0x80 }) {
                            guard index + 1 < lineEnd, bytes[index + 1] < 0x80 else { return nil }
                            return .some((index + 1..<lineEnd, false))
                        }
                        var commentStart = index + 1
                        while commentStart < lineEnd,
                            bytes[commentStart] == UInt8(ascii: "#") || bytes[commentStart].isASCIIWhitespace
                        {
                            commentStart += 1
                        }
                        var commentEnd = lineEnd
                        while commentEnd > commentStart, bytes[commentEnd - 1].isASCIIWhitespace { commentEnd -= 1 }
                        return .some(commentStart < commentEnd ? (commentStart..<commentEnd, true) : nil)
                    }
                    start = index
                }
            }
            if let open = start {
                tokens.append(Token(source: source, bytes: open..<lineEnd, column: open - lineStart + 1))
            }
            return .some(nil)
        }
        guard let comment else { return nil }
        guard let (bytes, trimmed) = comment else { return .some(nil) }
        let text = source.utf8Slice(bytes)
        if trimmed { return .some(text) }
        let dropped = text.drop { $0 == "#" || $0.isWhitespace }
        return .some(dropped.isEmpty ? nil : trimmingTrailingWhitespace(dropped))
    }

    private static func trimmingTrailingWhitespace(_ text: Substring) -> Substring {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[..<end]
    }
}
