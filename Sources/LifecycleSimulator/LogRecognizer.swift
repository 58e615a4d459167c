import LifecycleCore

/// A lifecycle event seen in a log line: a delegate callback or a UIKit notification.
public enum LoggedEvent: Sendable, Hashable, CustomStringConvertible {
    case callback(Callback)
    case notification(UIKitNotification)

    public var description: String {
        switch self {
        case .callback(let callback): callback.selector
        case .notification(let notification): notification.name
        }
    }
}

/// Finds lifecycle events in console lines: NSLog lines with their date, process and thread prefix, `print`
/// output, Objective-C `__func__` (`-[AppDelegate applicationDidBecomeActive:]`), Swift `#function`
/// (`applicationDidBecomeActive(_:)`), UIKit notification names (and their Swift names), and this project's
/// jsonl traces. A line names an event only with a whole token, spelt exactly.
public enum LogRecognizer {
    /// What one line holds, if it is a lifecycle line.
    public struct Recognized: Sendable, Hashable {
        public var event: LoggedEvent
        /// Which process or app the line is about: NSLog's `App[pid:tid]` pid, or a trace's app; `nil` when
        /// the line does not say.
        public var process: String?
    }

    /// What a line holds, if it is a lifecycle line. A line starting with `#` is a comment: annotated logs
    /// can say where they come from.
    public static func recognize(_ line: Substring) -> Recognized? {
        if line.first(where: { !$0.isWhitespace }) == "#" { return nil }
        if line.first == "{" { return recognizeTraceRecord(line) }
        guard let event = event(in: line) else { return nil }
        return Recognized(event: event, process: nslogProcess(of: line))
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

    private static func isTokenByte(_ byte: UInt8) -> Bool {
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
    private static func event(inToken token: Substring) -> LoggedEvent? {
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
        // `didEnterBackgroundNotification` is also a member of UIScene: only UIApplication's, or an unqualified
        // one, is the app's.
        if let notification = swiftNotificationNames[name], qualifier.map({ $0.hasSuffix("UIApplication") }) ?? true {
            return .notification(notification)
        }
        return nil
    }

    /// Every name of each callback: its selector, its Swift name, and the other names UIKit gives it.
    static let callbackNames: [Substring: Callback] = Dictionary(
        uniqueKeysWithValues: Callback.allCases.flatMap { callback in
            ([callback.selector, callback.swiftName] + callback.otherNames).map { (Substring($0), callback) }
        })

    /// Notifications by their UIKit names: `UIApplicationDidBecomeActiveNotification`.
    static let notificationNames: [Substring: UIKitNotification] = Dictionary(
        uniqueKeysWithValues: UIKitNotification.allCases.map { (Substring($0.name), $0) })

    /// Notifications by their Swift names: `didBecomeActiveNotification`.
    static let swiftNotificationNames: [Substring: UIKitNotification] = Dictionary(
        uniqueKeysWithValues: UIKitNotification.allCases.map { (Substring($0.swiftName), $0) })

    /// The pid of an NSLog line: `2016-02-29 10:00:00.123 App[1234:5678] message`.
    static func nslogProcess(of line: Substring) -> String? {
        guard line.first?.isNumber == true, let open = line.firstIndex(of: "["),
            let colon = line[open...].firstIndex(of: ":"), line[open...].firstIndex(of: "]") != nil
        else { return nil }
        let pid = line[line.index(after: open)..<colon]
        return !pid.isEmpty && pid.allSatisfy(\.isNumber) ? String(pid) : nil
    }

    /// A callback or notification record of a jsonl trace (other records are not lifecycle lines).
    static func recognizeTraceRecord(_ line: Substring) -> Recognized? {
        guard let kind = field("kind", in: line), let name = field("name", in: line) else { return nil }
        let app = field("app", in: line)
        switch kind {
        case "callback":
            return Callback(rawValue: name).map { Recognized(event: .callback($0), process: app) }
        case "notification":
            return UIKitNotification(rawValue: name).map { Recognized(event: .notification($0), process: app) }
        default:
            return nil
        }
    }

    /// The string value of a key in a one-line JSON object written by ``JSONLinesTraceWriter``.
    static func field(_ key: String, in line: Substring) -> String? {
        guard let start = line.range(of: "\"\(key)\":\"") else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}
