import LifecycleCore

/// A documented deviation of particular iOS versions from the model: `lifecycle check` names it, with its
/// source, instead of reporting a violation.
public struct LogQuirk: Sendable, Hashable {
    /// How the quirk shows in a log.
    enum Pattern: Sendable, Hashable {
        /// The same event twice in a row, the second one not explained by the model.
        case repeated(Set<LoggedEvent>)
        /// The launch methods long before the scene connects: they ran during a prewarm.
        case launchDuringPrewarm
    }

    /// What happens, in a sentence.
    public let summary: String
    /// Where it was reported.
    public let source: String
    /// The profiles whose iOS versions show it.
    public let profiles: Set<Profile>
    let pattern: Pattern

    /// Whether an event the model cannot explain is this quirk.
    func explains(_ event: LoggedEvent, after last: LoggedEvent?, in states: Set<LogChecker.State>) -> Bool {
        switch pattern {
        case .repeated(let events): events.contains(event) && event == last
        case .launchDuringPrewarm: false
        }
    }

    /// The states after a line this quirk explains.
    func statesAfter(_ states: Set<LogChecker.State>) -> Set<LogChecker.State> {
        switch pattern {
        case .repeated: states
        case .launchDuringPrewarm: states
        }
    }

    /// The longest pause between a cold launch's methods and its scene connecting; longer means the launch
    /// ran ahead, during a prewarm.
    static let longestLaunchPause: Double = 10

    public static let known: [LogQuirk] = [
        LogQuirk(
            summary:
                "iOS 11 and 12 call applicationDidBecomeActive: (and post its notification) twice around Notification Center",
            source:
                "Open Radar 49216830, \"UIApplicationDelegate.applicationDidBecomeActive(_:) is called twice when pulling & "
                + "dismissing notification center\" (iOS 12.1.4; iOS 11 also affected)",
            profiles: [.ios11, .ios12],
            pattern: .repeated([.callback(.didBecomeActive), .notification(.didBecomeActive)])),
        LogQuirk(
            summary:
                "iOS 7 (at least in the simulator) posts UIApplicationDidEnterBackgroundNotification twice when the app is swiped away",
            source:
                "Q&A 25857028, \"Two UIApplicationDidEnterBackgroundNotification when killing the app\" (iOS 7.1; not on iOS 8)",
            profiles: [.ios7], pattern: .repeated([.notification(.didEnterBackground)])),
        LogQuirk(
            summary:
                "iOS 15.0 to 15.3 run the launch methods while prewarming the app, long before its scene connects "
                + "(from 15.4 the prewarm stops before UIApplicationMain)",
            source: "Apple's documentation of prewarming, and logs of iOS 15.0–15.3 (docs/lifecycle.md §15)",
            profiles: [.ios15], pattern: .launchDuringPrewarm),
    ]
}
