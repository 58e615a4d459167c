/// An event the system delivers to an app in the background (docs/lifecycle.md §3).
public enum BackgroundEvent: String, CaseIterable, Sendable, Hashable {
    /// A silent push notification.
    case push
    /// A background fetch.
    case fetch
    /// A background `URLSession` finished its transfers.
    case download
    /// The paired watch app asked for something.
    case watch

    /// The delegate callback that receives the event.
    public var callback: Callback {
        switch self {
        case .push: .didReceiveRemoteNotification
        case .fetch: .performFetch
        case .download: .handleEventsForBackgroundURLSession
        case .watch: .handleWatchKitExtensionRequest
        }
    }

    /// The `UIBackgroundModes` value an app must declare to receive the event, if any.
    ///
    /// Background URL sessions and WatchKit requests need no background mode on iOS.
    public var requiredMode: BackgroundMode? {
        switch self {
        case .push: .remoteNotification
        case .fetch: .fetch
        case .download, .watch: nil
        }
    }
}
