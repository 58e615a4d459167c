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
/// (`applicationDidBecomeActive(_:)`), UIKit notification names, and this project's jsonl traces.
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

    /// The event named in a line, matched on the line lower-cased so that `__func__`, `#function`, selectors
    /// and bare method names all match; notification names are tried first, since they contain the callbacks'.
    static func event(in line: Substring) -> LoggedEvent? {
        let text = line.lowercased()
        for (fragment, notification) in notificationFragments where text.contains(fragment) {
            return .notification(notification)
        }
        for (fragment, callback) in callbackFragments where text.contains(fragment) {
            return .callback(callback)
        }
        return nil
    }

    /// Lower-cased fragments naming each notification: `UIApplicationDidBecomeActiveNotification` and Swift's
    /// `didBecomeActiveNotification`.
    static let notificationFragments: [(String, UIKitNotification)] = UIKitNotification.allCases.flatMap {
        notification in
        let name = notification.name.lowercased()
        let swift = String(name.dropFirst("uiapplication".count))
        return [(name, notification), (swift.hasSuffix("notification") ? swift : swift + "notification", notification)]
    }

    /// Lower-cased fragments naming each callback, most specific first.
    static let callbackFragments: [(String, Callback)] = [
        ("willfinishlaunching", .willFinishLaunching), ("didfinishlaunching", .didFinishLaunching),
        ("didbecomeactive", .didBecomeActive), ("willresignactive", .willResignActive),
        ("didenterbackground", .didEnterBackground), ("willenterforeground", .willEnterForeground),
        ("willterminate", .willTerminate), ("didreceivememorywarning", .didReceiveMemoryWarning),
        ("significanttimechange", .significantTimeChange),
        ("protecteddatawillbecomeunavailable", .protectedDataWillBecomeUnavailable),
        ("protecteddatadidbecomeavailable", .protectedDataDidBecomeAvailable),
        ("willcontinueuseractivitywithtype", .willContinueUserActivity),
        ("continueuseractivity:restorationhandler", .continueUserActivity),
        ("(_:continue:restorationhandler:)", .continueUserActivity), ("openurl:", .openURL),
        ("(_:open:options:)", .openURL), ("performactionforshortcutitem", .performActionForShortcutItem),
        ("(_:performactionfor:completionhandler:)", .performActionForShortcutItem),
        ("didreceiveremotenotification", .didReceiveRemoteNotification),
        ("performfetchwithcompletionhandler", .performFetch),
        ("handleeventsforbackgroundurlsession", .handleEventsForBackgroundURLSession),
        ("handlewatchkitextensionrequest", .handleWatchKitExtensionRequest),
        ("shouldsaveapplicationstate", .shouldSaveApplicationState),
        ("shouldsavesecureapplicationstate", .shouldSaveApplicationState),
        ("willencoderestorablestate", .willEncodeRestorableState),
        ("shouldrestoreapplicationstate", .shouldRestoreApplicationState),
        ("shouldrestoresecureapplicationstate", .shouldRestoreApplicationState),
        ("diddecoderestorablestate", .didDecodeRestorableState),
    ]

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
