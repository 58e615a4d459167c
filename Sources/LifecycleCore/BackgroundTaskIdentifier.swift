/// Identifies a background task an app began, like UIKit's `UIBackgroundTaskIdentifier`.
public struct BackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible, Codable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// What `beginBackgroundTask` returns when no task could be begun (`UIBackgroundTaskInvalid`).
    public static let invalid = BackgroundTaskIdentifier(rawValue: 0)

    public var description: String { String(rawValue) }
}

/// A background task an app holds. Internal to ``Phone``.
struct BackgroundTask: Sendable {
    let identifier: BackgroundTaskIdentifier
    /// For a scripted app, the timer at which its code ends the task.
    let end: PlainTimer?
    /// The delegate method whose completion handler, not called yet, holds the app as a background task does
    /// (docs/lifecycle.md §18); `nil` for a task the app began. No expiration handler ends such a hold.
    var completionHandler: Callback? = nil
}
