import Synchronization

/// What the system handed a scene as it connected — its URL, activity or quick action — and whether the app's code
/// has read each since (docs/lifecycle.md §19): a scene-based app finds them only in
/// `scene(_:willConnectTo:options:)`'s options on a cold launch, and code that reads them nowhere drops them.
public final class LaunchItemLedger: Sendable {
    private let unread: Mutex<Set<String>>

    init(_ items: Set<String>) {
        unread = Mutex(items)
    }

    /// The app's code read an item: a URL (`url`), an activity (`activity`), a quick action (`shortcut`).
    public func markRead(_ item: String) {
        _ = unread.withLock { $0.remove(item) }
    }

    /// The items not read so far.
    var notRead: Set<String> { unread.withLock { $0 } }
}
