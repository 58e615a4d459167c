import LifecycleCore
import LifecycleText

/// A lifecycle event seen in a log line: a delegate callback or a UIKit notification.
public enum LoggedEvent: Sendable, Hashable, CustomStringConvertible {
    case callback(Callback)
    case notification(UIKitNotification)
    /// A scene's `UIScene.ActivationState`, as a log prints it (`foregroundActive`).
    case sceneState(SceneState)
    /// SwiftUI's `ScenePhase` of a scene, as an app prints it (`scenePhase: inactive`, `ScenePhase.active`).
    case scenePhase(ScenePhase)
    /// A step of a scheduled task (BGTaskScheduler, docs/lifecycle.md §17): its launch handler, its expiration
    /// handler, or `setTaskCompleted(success:)`; the line's ``LogRecognizer/Recognized/taskIdentifier`` says which
    /// task.
    case scheduledTask(ScheduledTaskLine)

    public var description: String {
        switch self {
        case .callback(let callback): callback.selector
        case .notification(let notification): notification.name
        case .sceneState(let state): "activationState \(state.rawValue)"
        case .scenePhase(let phase): "scenePhase \(phase.rawValue)"
        case .scheduledTask(let step): step.rawValue
        }
    }

    /// Whether the event belongs to the scene life cycle: a scene-delegate method, a `UIScene` notification,
    /// an activation state.
    public var isSceneEvent: Bool {
        switch self {
        case .callback(let callback): callback.isSceneCallback
        case .notification(let notification): notification.isSceneNotification
        case .sceneState, .scenePhase: true
        case .scheduledTask: false
        }
    }
}

/// The step of a scheduled task a log line names, by the word that names it.
public enum ScheduledTaskLine: String, CaseIterable, Sendable, Hashable {
    case launchHandler
    case expirationHandler
    /// `setTaskCompleted(success:)`.
    case completed = "setTaskCompleted"
}

/// Finds lifecycle events in console lines: NSLog lines with their date, process and thread prefix, `print`
/// output, Objective-C `__func__` (`-[AppDelegate applicationDidBecomeActive:]`), Swift `#function`
/// (`applicationDidBecomeActive(_:)`), UIKit notification names (and their Swift names), and this project's
/// jsonl traces. A line names an event only with a whole token, spelt exactly.
public enum LogRecognizer {
    /// What one line holds, if it is a lifecycle line.
    public struct Recognized: Sendable, Hashable {
        public var event: LoggedEvent
        /// Which process or app the line is about: NSLog's `App[pid:tid]` up to its thread, `App[pid` (the
        /// app's name and the process's pid), or a trace's app; `nil` when the line does not say.
        public var process: String?
        /// When it was logged, in seconds, when the line says (an NSLog date and time, a trace's `t`).
        public var time: Double? = nil
        /// Whether the line is a record of this project's jsonl trace, whose `process` is an app of its own.
        public var isTraceRecord = false
        /// Which scene a scene's line is about, when it says (docs/lifecycle.md §16): a trace's `scene`
        /// (`notes#2`), a printed scene's address (`<UIWindowScene: 0x7f8…>`), or a session's id (`notes#2`).
        public var scene: String? = nil
        /// Which scheduled task a task's line is about: its identifier (`com.news.refresh`).
        public var taskIdentifier: String? = nil
    }

    /// What a line holds, if it is a lifecycle line. A line starting with `#` is a comment: annotated logs
    /// can say where they come from.
    public static func recognize(_ line: Substring) -> Recognized? {
        var memory = LineMemory()
        return line.utf8.withContiguousStorageIfAvailable { recognize($0, memory: &memory) }
            ?? recognizeAnyText(line)
    }

    /// ``recognize(_:)`` of a line's bytes (UTF-8; invalid sequences are read as U+FFFD); `memory` keeps
    /// what the lines before had that this one may repeat (the process's name, the second of its time).
    static func recognize(_ bytes: UnsafeBufferPointer<UInt8>, memory: inout LineMemory) -> Recognized? {
        if bytes.isASCII { return recognizeASCII(bytes, memory: &memory) }
        return recognizeAnyText(String(decoding: bytes, as: UTF8.self)[...])
    }

    /// ``recognize(_:)`` for any text, character by character: the reference that the ASCII reader matches.
    static func recognizeAnyText(_ line: Substring) -> Recognized? {
        if line.first(where: { !$0.isWhitespace }) == "#" { return nil }
        if line.first == "{" { return recognizeTraceRecord(line) }
        if let event = event(in: line) ?? scenePhase(in: line).map(LoggedEvent.scenePhase) {
            return Recognized(
                event: event, process: nslogProcess(of: line) ?? defaultStyleProcess(of: line),
                time: nslogTime(of: line), scene: event.isSceneEvent ? sceneIdentity(in: line) : nil)
        }
        guard let (step, identifier) = scheduledTask(in: line) else { return nil }
        return Recognized(
            event: .scheduledTask(step), process: nslogProcess(of: line) ?? defaultStyleProcess(of: line),
            time: nslogTime(of: line), taskIdentifier: identifier)
    }

    /// The step of a scheduled task a line names, for a line that names no other event (docs/lifecycle.md §17): a
    /// token `launchHandler`, `expirationHandler` or `setTaskCompleted` (alone, qualified as
    /// `task.setTaskCompleted(success:`, or followed by `(` or `:`), and the task's identifier, the first other
    /// token with a dot inside it that starts with a letter (`com.news.refresh`). A line without an identifier
    /// names no task: `expirationHandler` alone may be a background task's.
    static func scheduledTask(in line: Substring) -> (ScheduledTaskLine, identifier: String)? {
        var step: ScheduledTaskLine?
        var identifier: String?
        for token in line.split(whereSeparator: { !isTokenByte($0.asciiValue ?? 0) }) {
            let name = token.prefix { $0 != "(" && $0 != ":" }
            let word = name.split(separator: ".").last ?? name[...]
            if step == nil, let named = ScheduledTaskLine(rawValue: String(word)) {
                step = named
                continue
            }
            if identifier == nil, isTaskIdentifier(token) { identifier = String(token) }
        }
        guard let step, let identifier else { return nil }
        return (step, identifier)
    }

    /// Whether a token reads as a task identifier: a letter first, a dot inside, no `(`, `)` or `:`.
    private static func isTaskIdentifier(_ token: Substring) -> Bool {
        guard let first = token.first, first.isLetter, let last = token.last, last.isLetter || last.isNumber,
            token.contains(".")
        else { return false }
        return !token.contains { $0 == "(" || $0 == ")" || $0 == ":" }
    }

    /// The scene a line names (docs/lifecycle.md §16): the address of a printed scene, `<UIWindowScene: 0x7f8…>`
    /// (any `…Scene: 0x`), or else a session's id, a word of letters, digits, `.`, `_` or `-` then `#` and digits
    /// (`notes#2`).
    static func sceneIdentity(in line: Substring) -> String? {
        if let marker = line.firstRange(of: "Scene: 0x") {
            let digits = line[marker.upperBound...].prefix { $0.isHexDigit }
            if !digits.isEmpty { return "0x" + digits }
        }
        var searchFrom = line.startIndex
        while let hash = line[searchFrom...].firstIndex(of: "#") {
            let after = line.index(after: hash)
            let number = line[after...].prefix { $0.isASCII && $0.isNumber }
            let name = line[..<hash].reversed().prefix {
                $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0))
            }
            if !number.isEmpty, !name.isEmpty { return String(name.reversed()) + "#" + number }
            searchFrom = after
        }
        return nil
    }

    /// The time of an NSLog line, `2016-02-29 10:00:00.123 …`, in seconds since 2000-01-01.
    static func nslogTime(of line: Substring) -> Double? {
        let fields = line.prefix(23).split(whereSeparator: { "-: .".contains($0) })
        guard fields.count == 7, let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
            let hour = Int(fields[3]), let minute = Int(fields[4]), let second = Int(fields[5]),
            let millisecond = Int(fields[6])
        else { return nil }
        return nslogTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)
    }

    /// An NSLog date and time in seconds since 2000-01-01; `nil` for a month that is none.
    static func nslogTime(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int)
        -> Double?
    {
        // Fields out of range are no date (and would overflow the arithmetic).
        guard (1...12).contains(month), (0...9999).contains(year), (0...31).contains(day), (0...99).contains(hour),
            (0...99).contains(minute), (0...99).contains(second), (0...999_999).contains(millisecond)
        else { return nil }
        // Days since 2000-01-01 by the civil calendar (an approximation of months is enough to order a log).
        let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334][month - 1]
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = (year - 2000) * 365 + (year - 1997) / 4 + daysBeforeMonth + day - 1 + (leap && month > 2 ? 1 : 0)
        return Double(((days * 24 + hour) * 60 + minute) * 60 + second) + Double(millisecond) / 1000
    }

    /// The event named in a line: the first whole token that names a callback or notification exactly
    /// (docs/lifecycle.md §12). A token is a run of ASCII letters, digits, `_`, `:`, `(`, `)` and `.`, so
    /// `-[AppDelegate applicationDidBecomeActive:]` holds `applicationDidBecomeActive:`, while
    /// `sceneDidBecomeActive(_:)` and `-[FeedViewController appWillEnterForeground:]` name nothing of the app
    /// delegate. Matching is exact, case included.
    static func event(in line: Substring) -> LoggedEvent? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard isTokenByte(bytes[index]) else {
                bytes.formIndex(after: &index)
                continue
            }
            let start = index
            while index < bytes.endIndex, isTokenByte(bytes[index]) { bytes.formIndex(after: &index) }
            if let event = event(inToken: line[start..<index]) { return event }
        }
        return nil
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// The event a token names. Punctuation around it is not part of it: `(applicationDidBecomeActive:)` and
    /// `applicationDidBecomeActive(_:).` name the callback too.
    static func event(inToken token: Substring) -> LoggedEvent? {
        var token = token.drop { $0 == "(" || $0 == "." }
        for _ in 0..<3 {
            if let event = event(named: token) { return event }
            guard let last = token.last, last == ")" || last == "." else { return nil }
            token = token.dropLast()
        }
        return nil
    }

    /// The event of a whole name, possibly qualified by a type (`AppDelegate.applicationDidBecomeActive(_:)`,
    /// `UIApplication.didBecomeActiveNotification`).
    private static func event(named token: Substring) -> LoggedEvent? {
        var name = token
        var qualifier: Substring?
        if let dot = token.lastIndex(of: "."), !token[..<dot].contains("(") {
            name = token[token.index(after: dot)...]
            qualifier = token[..<dot]
        }
        if let callback = callbackNames[name] { return .callback(callback) }
        if let notification = notificationNames[name] { return .notification(notification) }
        if let state = SceneState(rawValue: String(name)) {
            return sceneState(state, qualifier: qualifier)
        }
        return swiftNotification(named: name, qualifier: qualifier)
    }

    /// The SwiftUI scene phase a line reports, for a line that names no callback, notification or activation
    /// state: a token `ScenePhase.active` (or `SwiftUI.ScenePhase.active`), or the word `scenePhase` (or
    /// `ScenePhase`, with or without a colon) followed by the phase, with or without its dot (`scenePhase:
    /// inactive`, `scenePhase .background`). A phase's bare name is too common a word to count alone.
    static func scenePhase(in line: Substring) -> ScenePhase? {
        let tokens = line.split { !isTokenByte($0.asciiValue ?? 0) || $0 == ":" }
        for (index, token) in tokens.enumerated() {
            let name = token.drop { $0 == "(" || $0 == "." }
            if let dot = name.lastIndex(of: "."), name[..<dot].split(separator: ".").last == "ScenePhase" {
                if let phase = phase(named: name[name.index(after: dot)...]) { return phase }
            }
            if name == "scenePhase" || name == "ScenePhase", index + 1 < tokens.count,
                let phase = phase(named: tokens[index + 1].drop { $0 == "." })
            {
                return phase
            }
        }
        return nil
    }

    /// A phase by its name, punctuation after it aside (`active)`, `background.`).
    private static func phase(named word: Substring) -> ScenePhase? {
        var word = word
        while let last = word.last, last == ")" || last == "." { word = word.dropLast() }
        return ScenePhase(rawValue: String(word))
    }

    /// A scene's activation state, named by a token: `background` is too common a word to count.
    static func sceneState(_ state: SceneState, qualifier: Substring?) -> LoggedEvent? {
        guard state != .background, qualifier.map(isActivationState) ?? true else { return nil }
        // `UIScene.ActivationState` as logs print it (`foregroundActive`).
        return .sceneState(state)
    }

    /// A notification by its Swift name. `didEnterBackgroundNotification` is a member of UIApplication and of
    /// UIScene: the qualifier says whose; unqualified, it is UIApplication's, unless only UIScene has the name
    /// (`didActivateNotification`).
    static func swiftNotification(named name: Substring, qualifier: Substring?) -> LoggedEvent? {
        guard let candidates = swiftNotificationNames[name] else { return nil }
        return swiftNotification(among: candidates, qualifier: qualifier)
    }

    /// ``swiftNotification(named:qualifier:)`` among the notifications of one Swift name (none: no event).
    static func swiftNotification(among candidates: [UIKitNotification], qualifier: Substring?) -> LoggedEvent? {
        let type = qualifier.map {
            $0.hasSuffix("UIScene") ? "UIScene" : $0.hasSuffix("UIApplication") ? "UIApplication" : ""
        }
        let match =
            candidates.first { $0.swiftType == (type ?? "UIApplication") } ?? (type == nil ? candidates.first : nil)
        return match.map(LoggedEvent.notification)
    }

    private static func isActivationState(_ qualifier: Substring) -> Bool {
        qualifier.hasSuffix("ActivationState") || qualifier.hasSuffix("activationState")
    }

    /// Every name of each callback: its selector, its Swift name, and the other names UIKit gives it.
    static let callbackNames: [Substring: Callback] = Dictionary(
        uniqueKeysWithValues: Callback.allCases.flatMap { callback in
            ([callback.selector, callback.swiftName] + callback.otherNames).map { (Substring($0), callback) }
        })

    /// Notifications by their UIKit names: `UIApplicationDidBecomeActiveNotification`.
    static let notificationNames: [Substring: UIKitNotification] = Dictionary(
        uniqueKeysWithValues: UIKitNotification.allCases.map { (Substring($0.name), $0) })

    /// Notifications by their Swift names: `didBecomeActiveNotification` (UIApplication's and UIScene's share
    /// some names).
    static let swiftNotificationNames: [Substring: [UIKitNotification]] = Dictionary(
        grouping: UIKitNotification.allCases, by: { Substring($0.swiftName) })

    /// The app and pid of an NSLog line, `App[1234` of `2016-02-29 10:00:00.123 App[1234:5678] message`: the name
    /// starts after the date and the time (the second space), and may hold spaces of its own. The unified log's
    /// compact style puts its type's abbreviation before the name (`Df App[1234:1a2b]`), and its syslog style
    /// the pid alone and the host's name before the name (`localhost App[1234]: message`): the name is then its
    /// last word.
    static func nslogProcess(of line: Substring) -> String? {
        guard line.first?.isNumber == true, let open = line.firstIndex(of: "["),
            let close = line[open...].firstIndex(of: "]")
        else { return nil }
        let colon = line[open..<close].firstIndex(of: ":")
        let pid = line[line.index(after: open)..<(colon ?? close)]
        guard !pid.isEmpty, pid.allSatisfy(\.isNumber) else { return nil }
        guard colon != nil else {
            // syslog: `App[1234]:`, the name the last word before the bracket.
            guard line[line.index(after: close)...].first == ":" else { return nil }
            let start = line[..<open].lastIndex(of: " ").map { line.index(after: $0) } ?? line.startIndex
            return String(line[start..<close])
        }
        var start = line.startIndex
        for _ in 0..<2 {
            guard let space = line[start..<open].firstIndex(of: " ") else { break }
            start = line.index(after: space)
        }
        if let space = line[start..<open].firstIndex(of: " "), compactTypes.contains(line[start..<space]) {
            start = line.index(after: space)
        }
        return String(line[start..<colon!])
    }

    /// A callback or notification record of a jsonl trace (other records are not lifecycle lines), or a record of
    /// the unified log's ndjson style.
    static func recognizeTraceRecord(_ line: Substring) -> Recognized? {
        guard let kind = field("kind", in: line), let name = field("name", in: line) else {
            return recognizeUnifiedLogRecord(line)
        }
        let app = field("app", in: line)
        let time = number("t", in: line)
        let scene = field("scene", in: line)
        switch kind {
        case "callback":
            return Callback(rawValue: name).map {
                Recognized(event: .callback($0), process: app, time: time, isTraceRecord: true, scene: scene)
            }
        case "notification":
            return UIKitNotification(rawValue: name).map {
                Recognized(event: .notification($0), process: app, time: time, isTraceRecord: true, scene: scene)
            }
        case "task":
            guard let step = ScheduledTaskLine(rawValue: name), let identifier = field("identifier", in: line) else {
                return nil
            }
            return Recognized(
                event: .scheduledTask(step), process: app, time: time, isTraceRecord: true, taskIdentifier: identifier)
        default:
            return nil
        }
    }

    /// The number value of a key in a one-line JSON object written by ``JSONLinesTraceWriter``.
    static func number(_ key: String, in line: Substring) -> Double? {
        guard let start = line.firstRange(of: "\"\(key)\":") else { return nil }
        return Double(line[start.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// The string value of a key in a one-line JSON object written by ``JSONLinesTraceWriter``.
    static func field(_ key: String, in line: Substring) -> String? {
        guard let start = line.firstRange(of: "\"\(key)\":\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
