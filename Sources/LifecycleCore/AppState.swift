/// One of the five execution states of an iOS app (docs/lifecycle.md §1).
///
/// The raw value is the name used in traces and scenario files.
public enum AppState: String, CaseIterable, Sendable, Hashable, Codable, BitwiseCopyable {
    /// Not launched, or terminated.
    case notRunning
    /// In the foreground, receiving no events: transitional, or covered by an overlay, alert or call.
    case inactive
    /// In the foreground, receiving events.
    case active
    /// Off screen, executing code.
    case background
    /// In memory, executing no code. The system moves an app here silently.
    case suspended

    /// Whether the app is on screen (`inactive` or `active`).
    public var isForeground: Bool {
        switch self {
        case .inactive, .active: true
        case .notRunning, .background, .suspended: false
        }
    }

    /// Whether the app's process exists and executes code (every state but `notRunning` and `suspended`).
    public var isExecuting: Bool {
        switch self {
        case .inactive, .active, .background: true
        case .notRunning, .suspended: false
        }
    }
}
