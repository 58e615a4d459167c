/// What data protection lets an app's code read at a moment (docs/lifecycle.md §21).
///
/// A phone's protected data is available while it is unlocked, and from about 10 s after a lock until the next
/// unlock it is not (the moment `applicationProtectedDataWillBecomeUnavailable:` marks). After a restart nothing
/// protected is readable until the user's first unlock: the keychain's `AfterFirstUnlock` items are readable from
/// then on, locked or not.
public enum ProtectedDataState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Unlocked, or locked for less than the 10 s before protection takes hold: everything is readable.
    case available
    /// Locked since protection took hold, after a first unlock since the restart.
    case locked
    /// Restarted and not unlocked since: nothing protected is readable.
    case beforeFirstUnlock

    /// What `UIApplication.isProtectedDataAvailable` says.
    public var isAvailable: Bool { self == .available }
}
