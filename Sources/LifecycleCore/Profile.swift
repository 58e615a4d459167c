/// An iOS version, whose observed lifecycle the model follows (docs/lifecycle.md §14): a major version, or the
/// first of a run of point releases that behaved apart.
///
/// The rules change only at the versions docs/lifecycle.md §14 lists: 4 (multitasking; locking only resigns the
/// active app), 5 (locking sends it to the background), 7 (180 s of background time; background fetch and
/// remote notifications), 13 (30 s; `UIApplicationExitsOnSuspend` ignored; scene-based apps) and 15
/// (prewarming). The raw value is the profile's name in scenario files: `ios4` … `ios18`, and `ios26` — Apple
/// numbered the release after iOS 18 by its year, so iOS 19 to 25 never existed.
///
/// A point-release profile, `iosMAJOR.MINOR`, names the releases from that one up to the next profile of the same
/// major version, where they differ from the rest of it: `ios15.0` is 15.0 to 15.3, whose prewarm ran the launch
/// methods (docs/lifecycle.md §21), and `ios15` the later ones. It has its major version's rules but for its own,
/// and orders before the major version's profile. Other quirks of a run of releases that `check` names today can
/// become profiles the same way.
public enum Profile: String, CaseIterable, Sendable, Hashable, Comparable {
    case ios4, ios5, ios6, ios7, ios8, ios9, ios10, ios11, ios12, ios13, ios14
    /// iOS 15.0 to 15.3: a point release's name, written as in scenario files.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case ios15_0 = "ios15.0"
    case ios15, ios16, ios17, ios18
    case ios26

    /// The profile of everything that names none — a scenario, `lifecycle run`, a simulated device, an app run
    /// under the terminal: iOS 12, whose app-delegate life is the one the articles this model comes from describe
    /// (docs/lifecycle.md §14). A scene-based app needs a profile of iOS 13 or later, named.
    public static let defaultProfile = Profile.ios12

    /// The major version of iOS: 4 for `ios4`. (A switch, not a parse of the name: the phone asks often.)
    public var version: Int {
        switch self {
        case .ios4: 4
        case .ios5: 5
        case .ios6: 6
        case .ios7: 7
        case .ios8: 8
        case .ios9: 9
        case .ios10: 10
        case .ios11: 11
        case .ios12: 12
        case .ios13: 13
        case .ios14: 14
        case .ios15_0, .ios15: 15
        case .ios16: 16
        case .ios17: 17
        case .ios18: 18
        case .ios26: 26
        }
    }

    /// The profile of an iOS major version, if the model knows it.
    public init?(version: Int) {
        self.init(rawValue: "ios\(version)")
    }

    /// The point release a point-release profile starts at; `nil` for a major version's own profile.
    public var pointRelease: Int? { self == .ios15_0 ? 0 : nil }

    /// By version, and within a version the point-release profiles first (the major version's own profile stands for
    /// its later releases).
    public static func < (lhs: Profile, rhs: Profile) -> Bool {
        (lhs.version, lhs.pointRelease ?? Int.max) < (rhs.version, rhs.pointRelease ?? Int.max)
    }

    /// How long an app may run in the background with outstanding background tasks: 600 s on iOS 4 to 6,
    /// 180 s on iOS 7 to 12, 30 s from iOS 13 (observed; Apple publishes no figure).
    public var backgroundBudget: Duration {
        switch version {
        case ..<7: .seconds(600)
        case ..<13: .seconds(180)
        default: .seconds(30)
        }
    }

    /// Expiration handlers run when this much background time remains.
    public static let expirationWarning: Duration = .seconds(5)

    /// Whether the profile honours `UIApplicationExitsOnSuspend` (not from iOS 13).
    public var honoursExitsOnSuspend: Bool { version < 13 }

    /// Whether locking the device sends the active app to the background (from iOS 5; iOS 4 only resigns it).
    public var lockSendsAppToBackground: Bool { version >= 5 }

    /// Whether apps may be scene-based (from iOS 13).
    public var allowsScenes: Bool { version >= 13 }

    /// Whether the system prewarms apps (from iOS 15).
    public var prewarms: Bool { version >= 15 }

    /// Whether a prewarm runs the app's launch methods in the background, as iOS 15.0 to 15.3 did; later, it stops
    /// before `UIApplicationMain` (docs/lifecycle.md §15, §21).
    public var prewarmRunsLaunchMethods: Bool { self == .ios15_0 }

    /// Whether a background mode exists in this version.
    public func offers(_ mode: BackgroundMode) -> Bool { version >= mode.introducedIn }
}
