import LifecycleCore

/// A documented deviation of particular iOS versions from the model: `lifecycle check` names it, with its
/// source, instead of reporting a violation.
public struct LogQuirk: Sendable, Hashable {
    /// What happens, in a sentence.
    public let summary: String
    /// Where it was reported.
    public let source: String
    /// The profiles whose iOS versions show it.
    public let profiles: Set<Profile>
    /// The events that arrive twice in a row.
    let repeated: Set<LoggedEvent>

    /// Whether an event the model cannot explain is this quirk: the same event as the line before.
    func explains(_ event: LoggedEvent, after last: LoggedEvent?) -> Bool {
        repeated.contains(event) && event == last
    }

    public static let known: [LogQuirk] = [
        LogQuirk(
            summary:
                "iOS 11 and 12 call applicationDidBecomeActive: (and post its notification) twice around Notification Center",
            source:
                "Open Radar 49216830, \"UIApplicationDelegate.applicationDidBecomeActive(_:) is called twice when pulling & "
                + "dismissing notification center\" (iOS 12.1.4; iOS 11 also affected)",
            profiles: [.ios11, .ios12], repeated: [.callback(.didBecomeActive), .notification(.didBecomeActive)]),
        LogQuirk(
            summary:
                "iOS 7 (at least in the simulator) posts UIApplicationDidEnterBackgroundNotification twice when the app is swiped away",
            source:
                "Q&A 25857028, \"Two UIApplicationDidEnterBackgroundNotification when killing the app\" (iOS 7.1; not on iOS 8)",
            profiles: [.ios7], repeated: [.notification(.didEnterBackground)]),
    ]
}
