import LifecycleCore

/// Reads an `app ID OPTION…` line into an ``AppConfiguration``.
struct AppDeclarationParser {
    var line: LineContext
    /// The app's id, once it has been read (also when a later word of the line is wrong).
    private(set) var id: AppID?
    /// The options that need a newer iOS than the first, with where they stand, for ``Scenario/Requirement``.
    private(set) var requirements: [Scenario.Requirement] = []

    init(line: LineContext) {
        self.line = line
    }

    /// The options an app line takes, each with the value it expects.
    enum Option: String, CaseIterable {
        case exitsOnSuspend = "exits-on-suspend"
        case backgroundModes = "background-modes"
        case memory
        case restoresState = "restores-state"
        case dataProtection = "data-protection"
        case backgroundTask = "background-task"
        case ignoresExpiration = "ignores-expiration"
        case eventWork = "event-work"
        case willFinishLaunching = "will-finish-launching"
        case didFinishLaunching = "did-finish-launching"
        case shouldSaveState = "should-save-state"
        case shouldRestoreState = "should-restore-state"
        case didBecomeActive = "did-become-active"
        case willResignActive = "will-resign-active"
        case didEnterBackground = "did-enter-background"
        case willEnterForeground = "will-enter-foreground"
        case willTerminate = "will-terminate"
        case scenes
        case multipleWindows = "multiple-windows"
        case bgtasks
        case bgtaskWork = "bgtask-work"
        case ignoresBGTaskExpiration = "ignores-bgtask-expiration"
        case notifications
        case notificationWork = "notification-work"
        case ignoresNotificationCompletion = "ignores-notification-completion"
        case notificationsDenied = "notifications-denied"
        case customDismissAction = "custom-dismiss-action"
        case urlSchemes = "url-schemes"
        case activityTypes = "activity-types"
        case shortcutItems = "shortcut-items"

        var isFlag: Bool {
            switch self {
            case .exitsOnSuspend, .restoresState, .dataProtection, .ignoresExpiration, .scenes, .multipleWindows,
                .ignoresBGTaskExpiration, .ignoresNotificationCompletion, .notificationsDenied, .customDismissAction:
                true
            default: false
            }
        }

        /// Whether the option may stand alone or take a value: `notifications`, or `notifications=late`.
        var valueIsOptional: Bool { self == .notifications }

        /// Whether the option describes the app's notification delegate, which `notifications` declares.
        var needsNotificationDelegate: Bool {
            self == .notificationWork || self == .ignoresNotificationCompletion || self == .customDismissAction
        }

        /// The delegate method an option describes, for the options that say how a callback behaves.
        var callback: Callback? {
            switch self {
            case .willFinishLaunching: .willFinishLaunching
            case .didFinishLaunching: .didFinishLaunching
            case .shouldSaveState: .shouldSaveApplicationState
            case .shouldRestoreState: .shouldRestoreApplicationState
            case .didBecomeActive: .didBecomeActive
            case .willResignActive: .willResignActive
            case .didEnterBackground: .didEnterBackground
            case .willEnterForeground: .willEnterForeground
            case .willTerminate: .willTerminate
            default: nil
            }
        }

        var expectedValue: String {
            if isFlag { return "no value" }
            switch self {
            case .backgroundModes: return "a list of background modes, such as audio,fetch"
            case .memory: return "a memory size, such as 300MB"
            case .backgroundTask, .eventWork, .bgtaskWork, .notificationWork: return "a duration, such as 20s"
            case .notifications: return "late (the delegate is set only once the app is active)"
            case .urlSchemes: return "a list of URL schemes, such as notes,notes-beta"
            case .activityTypes, .shortcutItems: return "a list of types, such as com.example.view,com.example.edit"
            case .bgtasks:
                return "a list of IDENTIFIER:KIND, such as com.example.refresh:refresh,com.example.clean:processing"
            default:
                return callback?.returnsDecision == true
                    ? "yes, no, or a duration such as 6s" : "a duration, such as 6s"
            }
        }
    }

    /// Reads the line, given the apps declared before it with their lines.
    ///
    /// The table is an argument, not kept: a copy held while the caller adds the new app would make that
    /// addition copy the whole table, on every app line.
    mutating func parse(declared lines: [AppID: Int]) throws(ScenarioError) -> AppConfiguration {
        guard line.tokens.count >= 2 else {
            throw line.error(column: line.endColumn, "'app' needs an app id after it")
        }
        let idToken = line.tokens[1]
        let id = try line.appID(idToken)
        if let previous = lines[id] {
            throw line.error(at: idToken, "app '\(id)' is already declared on line \(previous)")
        }
        self.id = id
        var configuration = AppConfiguration(id: id)
        var seen: Set<Option> = []
        // The `bgtasks=` word, kept for the check of its tasks' modes once every option is read.
        var tasksToken: Token?
        for token in line.tokens.dropFirst(2) {
            let parts = token.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0]
            if key.hasPrefix(Self.payloadPrefix) {
                let payload = try payload(token, key: key, json: parts.dropFirst().first)
                guard !configuration.notificationPayloads.contains(where: { $0.name == payload.name }) else {
                    throw line.error(at: token, "the payload '\(payload.name)' is declared twice")
                }
                configuration.notificationPayloads.append(payload)
                continue
            }
            guard let option = Option(rawValue: String(key)) else {
                let known = Option.allCases.map(\.rawValue)
                var message = "unknown app option \(quoted(key))"
                if let suggestion = Spelling.closest(to: key, among: known) {
                    message += "; did you mean '\(suggestion)'?"
                } else {
                    message += "; expected one of \(known.joined(separator: ", "))"
                }
                throw line.error(at: token, message)
            }
            guard seen.insert(option).inserted else {
                throw line.error(at: token, "the option \(quoted(key)) is given twice")
            }
            let value = parts.count == 2 ? parts[1] : nil
            if option.isFlag, value != nil {
                throw line.error(at: token, "\(quoted(key)) takes no value; write it alone")
            }
            if option.valueIsOptional, value?.isEmpty == true {
                throw line.error(
                    at: token, "'\(option.rawValue)=' needs a value: \(option.expectedValue); or write it alone")
            }
            if !option.isFlag, !option.valueIsOptional, value == nil || value!.isEmpty {
                throw line.error(
                    at: token,
                    "'\(option.rawValue)' needs a value: \(option.rawValue)=VALUE, with \(option.expectedValue)")
            }
            try apply(option, value ?? "", token, to: &configuration)
            if option == .bgtasks { tasksToken = token }
        }
        if configuration.supportsMultipleWindows, !configuration.usesScenes,
            let token = line.tokens.first(where: { $0.text == Option.multipleWindows.rawValue })
        {
            throw line.error(at: token, "'multiple-windows' is a scene-based app's: declare 'scenes' before it")
        }
        if configuration.notificationDelegate == nil,
            let token = line.tokens.dropFirst(2).first(where: {
                Option(rawValue: String($0.text.prefix { $0 != "=" }))?.needsNotificationDelegate == true
            })
        {
            let key = token.text.prefix { $0 != "=" }
            throw line.error(
                at: token, "\(quoted(key)) describes the app's notification delegate: declare 'notifications' as well")
        }
        if let token = tasksToken {
            for task in configuration.permittedTasks {
                guard let kind = task.kind, let mode = kind.requiredMode, !configuration.backgroundModes.contains(mode)
                else { continue }
                throw line.error(
                    at: token,
                    "'\(task.identifier):\(kind.rawValue)' (a \(kind.className)) needs the background mode "
                        + "'\(mode.rawValue)': add it to background-modes")
            }
        }
        return configuration
    }

    private mutating func apply(
        _ option: Option, _ value: Substring, _ token: Token, to configuration: inout AppConfiguration
    ) throws(ScenarioError) {
        switch option {
        case .scenes:
            configuration.usesScenes = true
            requirements.append(
                line.requirement(at: token, version: AppRequirement.scenes.version, "'scenes' (a scene-based app)"))
        case .multipleWindows:
            configuration.supportsMultipleWindows = true
            requirements.append(
                line.requirement(
                    at: token, version: AppRequirement.multipleWindows.version, "'multiple-windows' (several scenes)"))
        case .exitsOnSuspend: configuration.exitsOnSuspend = true
        case .restoresState: configuration.behavior.restoresState = true
        case .dataProtection: configuration.usesDataProtection = true
        case .ignoresExpiration: configuration.behavior.ignoresExpiration = true
        case .memory: configuration.memory = try line.memorySize(token, value)
        case .backgroundModes:
            for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let mode = BackgroundMode(rawValue: String(name)) else {
                    let modes = BackgroundMode.allCases.map(\.rawValue).joined(separator: ", ")
                    throw line.error(at: token, "unknown background mode \(quoted(name)); expected one of \(modes)")
                }
                configuration.backgroundModes.insert(mode)
                let requirement = AppRequirement.backgroundMode(mode)
                if requirement.version > 4 {
                    requirements.append(line.requirement(at: token, version: requirement.version, requirement.what))
                }
            }
        case .backgroundTask: configuration.behavior.backgroundTaskWork = try duration(value, token)
        case .eventWork: configuration.behavior.backgroundEventWork = try duration(value, token)
        case .bgtaskWork: configuration.behavior.scheduledTaskWork = try duration(value, token)
        case .ignoresBGTaskExpiration: configuration.behavior.ignoresScheduledTaskExpiration = true
        case .notifications:
            guard value.isEmpty || value == "late" else {
                throw line.error(
                    at: token, "'notifications' takes no value or 'late', found \(quoted(value))")
            }
            configuration.notificationDelegate = value.isEmpty ? .duringLaunch : .onceActive
            requirements.append(
                line.requirement(
                    at: token, version: AppRequirement.notificationCenter.version,
                    "'notifications' (a delegate of UNUserNotificationCenter)"))
        case .notificationWork: configuration.behavior.notificationResponseWork = try duration(value, token)
        case .ignoresNotificationCompletion: configuration.behavior.ignoresNotificationCompletion = true
        case .notificationsDenied: configuration.notificationsDenied = true
        case .customDismissAction: configuration.hasCustomDismissAction = true
        case .urlSchemes: configuration.urlSchemes = try names(value, token, "URL scheme", example: "notes")
        case .activityTypes: configuration.activityTypes = try names(value, token, "type", example: "com.example.view")
        case .shortcutItems: configuration.shortcutTypes = try names(value, token, "type", example: "com.example.edit")
        case .bgtasks:
            configuration.permittedTasks = try permittedTasks(value, token)
            requirements.append(
                line.requirement(
                    at: token, version: AppRequirement.scheduledTasks.version, "'bgtasks' (BGTaskScheduler)"))
            if configuration.permittedTasks.contains(where: { $0.kind == .continuedProcessing }) {
                requirements.append(
                    line.requirement(
                        at: token, version: AppRequirement.continuedProcessing.version,
                        AppRequirement.continuedProcessing.what))
            }
        default:
            guard let callback = option.callback else { return }
            if callback.returnsDecision, value == "yes" || value == "no" {
                configuration.behavior.answers[callback] = value == "yes"
            } else if case .success(let duration) = LineContext.parseDuration(value) {
                configuration.behavior.durations[callback] = duration
            } else {
                throw line.error(
                    at: token, "'\(option.rawValue)' expects \(option.expectedValue), found \(quoted(value))")
            }
        }
    }

    /// `IDENTIFIER:KIND,…`: the identifiers of `BGTaskSchedulerPermittedIdentifiers`, each with its kind.
    private func permittedTasks(_ value: Substring, _ token: Token) throws(ScenarioError) -> [PermittedTask] {
        var tasks: [PermittedTask] = []
        let kinds = ScheduledTaskKind.allCases.map(\.rawValue)
        for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let identifier = parts[0]
            guard !identifier.isEmpty, identifier.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) })
            else {
                throw line.error(
                    at: token,
                    "expected a task identifier (letters, digits, '.', '_' and '-'), such as com.example.refresh, "
                        + "found \(quoted(identifier))")
            }
            guard parts.count == 2, let kind = ScheduledTaskKind(rawValue: String(parts[1])) else {
                var message =
                    "expected \(identifier):KIND, KIND one of \(kinds.joined(separator: ", ")), found \(quoted(entry))"
                if parts.count == 2, let suggestion = Spelling.closest(to: parts[1], among: kinds) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw line.error(at: token, message)
            }
            guard !tasks.contains(where: { $0.identifier == identifier }) else {
                throw line.error(at: token, "the task identifier \(quoted(identifier)) is listed twice")
            }
            tasks.append(PermittedTask(identifier: String(identifier), kind: kind))
        }
        return tasks
    }

    /// The prefix of a payload's option: `payload.NAME={…}` (docs/lifecycle.md §19).
    static let payloadPrefix = "payload."

    /// A remote notification's payload: `payload.NAME=JSON`, the JSON an object written without spaces outside its
    /// strings (a scenario's words are separated by spaces); a mistake in it is pointed at.
    private func payload(
        _ token: Token, key: Substring, json: Substring?
    ) throws(ScenarioError) -> NotificationPayload {
        let name = key.dropFirst(Self.payloadPrefix.count)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw line.error(
                at: token,
                "expected payload.NAME={…}, a name of letters, digits, '.', '_' and '-', such as payload.message, "
                    + "found \(quoted(key))")
        }
        guard let json, !json.isEmpty else {
            throw line.error(
                at: token, "'\(key)' needs its JSON: \(key)={\"aps\":{\"content-available\":1}}, without spaces")
        }
        do throws(JSONSyntax.Mistake) {
            try JSONSyntax.checkObject(json)
        } catch {
            let column = token.column + key.count + 1 + error.offset
            throw line.error(column: column, "bad JSON in the payload '\(name)': expected \(error.expected)")
        }
        return NotificationPayload(name: String(name), json: String(json))
    }

    /// `NAME,…`: URL schemes or types, each letters, digits, `.`, `_`, `+` and `-`, none twice.
    private func names(
        _ value: Substring, _ token: Token, _ what: String, example: String
    ) throws(ScenarioError) -> [String] {
        var names: [String] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "._+-".contains($0) }) else {
                throw line.error(
                    at: token,
                    "expected a \(what) (letters, digits, '.', '_', '+' and '-'), such as \(example), found "
                        + quoted(name))
            }
            guard !names.contains(String(name)) else {
                throw line.error(at: token, "the \(what) \(quoted(name)) is listed twice")
            }
            names.append(String(name))
        }
        return names
    }

    private func duration(_ value: Substring, _ token: Token) throws(ScenarioError) -> Duration {
        switch LineContext.parseDuration(value) {
        case .success(let duration): return duration
        case .failure(let problem): throw line.error(at: token, "\(quoted(token.text)): \(problem.message)")
        }
    }
}
