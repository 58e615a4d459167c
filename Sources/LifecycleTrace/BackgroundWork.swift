import LifecycleCore

/// What holds an app in the background for a while, and may overlap other such work.
public enum BackgroundWork: Sendable, Hashable {
    /// A background task the app began (`beginBackgroundTask`), named or not.
    case backgroundTask(name: String?)
    /// A completion handler the app has not called yet: a background event's, a notification response's.
    case completionHandler(Callback)
    /// A task of BGTaskScheduler whose launch handler ran and which is not completed yet.
    case scheduledTask(identifier: String, ScheduledTaskKind)

    /// How a timeline names it: `beginBackgroundTask 'upload'`, the delegate method, `BGAppRefreshTask
    /// com.news.refresh`.
    public var name: String {
        switch self {
        case .backgroundTask(let name): "beginBackgroundTask" + (name.map { " '\($0)'" } ?? "")
        case .completionHandler(let callback): "completion handler of " + callback.selector
        case .scheduledTask(let identifier, let kind): kind.className + " " + identifier
        }
    }

    /// Its kind, as a timeline groups it: `background task`, `completion handler`, `BGTask`.
    public var category: String {
        switch self {
        case .backgroundTask: "background task"
        case .completionHandler: "completion handler"
        case .scheduledTask: "BGTask"
        }
    }

    var isBackgroundTask: Bool {
        if case .backgroundTask = self { true } else { false }
    }
}
