/// A family of iOS versions whose observed lifecycle differs (docs/lifecycle.md §4, §5, §9).
public enum Profile: String, CaseIterable, Sendable, Hashable {
    /// iOS 4–6: 600 s of background time; locking the device only resigns the active app.
    case ios4
    /// iOS 7–12: 180 s of background time. The default.
    case ios12
    /// iOS 13 and later: 30 s of background time; `UIApplicationExitsOnSuspend` is ignored.
    case ios13

    /// How long an app may run in the background with outstanding background tasks.
    public var backgroundBudget: Duration {
        switch self {
        case .ios4: .seconds(600)
        case .ios12: .seconds(180)
        case .ios13: .seconds(30)
        }
    }

    /// Expiration handlers run when this much background time remains.
    public static let expirationWarning: Duration = .seconds(5)

    /// Whether the profile honours `UIApplicationExitsOnSuspend`.
    public var honoursExitsOnSuspend: Bool { self != .ios13 }

    /// Whether locking the device sends the active app to the background (not on iOS 4–6).
    public var lockSendsAppToBackground: Bool { self != .ios4 }
}
