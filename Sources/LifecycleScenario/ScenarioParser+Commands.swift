import LifecycleCore

// The commands of the scenario language: each word's arguments and the command it makes (docs/scenario-language.md).
extension ScenarioParser {
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
        /// action's; for `continue`, the activity's target, if the line gives one.
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
        case actionIdentifier, local, foreground, throttled, replacing, replacedScene, payload, target

        var isOptional: Bool {
            switch self {
            case .count, .layout, .requestOptions, .local, .foreground, .throttled, .replacing, .replacedScene,
                .payload, .target:
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
            case .target: "target=ID (the activity's target content identifier)"
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
            case .target: "[target=ID]"
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
        "restart": action(.restart),
        "open-url": CommandSyntax(arguments: [.app, .url]) { .perform(.openURL($0.app, url: $0.text)) },
        "shortcut": CommandSyntax(arguments: [.app, .text]) { .perform(.shortcut($0.app, type: $0.text)) },
        "continue": CommandSyntax(arguments: [.app, .text, .target]) {
            .perform(.continueActivity($0.app, type: $0.text, target: $0.identifier.isEmpty ? nil : $0.identifier))
        },
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
        "network": CommandSyntax(arguments: [.onOff]) { .perform(.setNetworkReachable($0.enabled)) },
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
}
