import LifecycleCore

/// A documented deviation of particular iOS versions from the model: `lifecycle check` names it, with its
/// source, instead of reporting a violation; or, where its lines also fit the model another way that the pauses
/// between them rule out (a prewarm, a swipe, a flicker), beside the line.
public struct LogQuirk: Sendable, Hashable {
    /// How the quirk shows in a log.
    enum Pattern: Sendable, Hashable {
        /// The same event twice in a row, the second one not explained by the model.
        case repeated(Set<LoggedEvent>)
        /// The launch methods long before the scene connects: they ran during a prewarm.
        case launchDuringPrewarm
        /// The app terminates at once as its scene enters the background, the scene never disconnecting: a swipe
        /// in the app switcher.
        case terminationAtBackgroundEntry
        /// A scene resigns, becomes active and resigns again, each within moments of the last.
        case sceneActivationFlicker
    }

    /// A line that fits the model, as the quirks that name such lines see it: by what came just before, and when.
    struct FittingLine {
        var event: LoggedEvent
        /// The line before it in the same process.
        var last: LoggedEvent?
        /// The seconds since that line, when both lines give their time.
        var pause: Double?
        /// Whether the log is a scene-based app's.
        var isSceneBased: Bool
        /// Whether the scene became active within moments of resigning, its last activation before this line.
        var reactivatedAtOnce: Bool
    }

    /// What happens, in a sentence.
    public let summary: String
    /// Where it was reported.
    public let source: String
    /// The profiles whose iOS versions show it.
    public let profiles: Set<Profile>
    let pattern: Pattern

    /// Whether an event the model cannot explain is this quirk.
    func explains(_ event: LoggedEvent, after last: LoggedEvent?) -> Bool {
        switch pattern {
        case .repeated(let events): events.contains(event) && event == last
        case .launchDuringPrewarm, .terminationAtBackgroundEntry, .sceneActivationFlicker: false
        }
    }

    /// Whether a line that fits the model is this quirk all the same: lines the model explains in another way,
    /// which the pauses between them show to be this quirk's.
    func marks(_ line: FittingLine) -> Bool {
        switch pattern {
        case .repeated: return false
        case .launchDuringPrewarm:
            guard Self.connectLines.contains(line.event), let last = line.last, Self.launchLines.contains(last),
                let pause = line.pause
            else { return false }
            return pause > Self.longestLaunchPause
        case .terminationAtBackgroundEntry:
            guard line.isSceneBased, Self.terminationLines.contains(line.event), let last = line.last,
                Self.backgroundEntryLines.contains(last)
            else { return false }
            return line.pause.map { $0 <= Self.longestSwipePause } ?? true
        case .sceneActivationFlicker:
            guard line.isSceneBased, line.reactivatedAtOnce, Self.resignLines.contains(line.event),
                let last = line.last, Self.activationLines.contains(last), let pause = line.pause
            else { return false }
            return pause <= Self.longestFlickerPause
        }
    }

    /// Whether a scene's activation came within moments of its resigning: the first half of the flicker.
    static func isReactivationAtOnce(_ event: LoggedEvent, after last: LoggedEvent?, pause: Double?) -> Bool {
        guard activationLines.contains(event), let last, resignLines.contains(last), let pause else { return false }
        return pause <= longestFlickerPause
    }

    /// The lines that ``marks(_:)`` may name: the last line of each pattern.
    static let fittingQuirkLines = connectLines.union(terminationLines).union(resignLines)

    /// The launch methods, and the lines of a scene's connection.
    static let launchLines = EventSet([
        .callback(.didFinishLaunching), .notification(.didFinishLaunching), .callback(.willFinishLaunching),
    ])
    private static let connectLines = EventSet([
        .callback(.sceneWillConnect), .notification(.sceneWillConnect), .callback(.configurationForConnecting),
    ])
    /// The lines of a scene-based app's termination, of a scene's entry into the background, of its resigning and
    /// of its activation: the callback, its notifications, the scene phase.
    private static let terminationLines = EventSet([.callback(.willTerminate), .notification(.willTerminate)])
    private static let backgroundEntryLines = EventSet([
        .callback(.sceneDidEnterBackground), .notification(.sceneDidEnterBackground),
        .notification(.didEnterBackground), .scenePhase(.background),
    ])
    private static let resignLines = EventSet([
        .callback(.sceneWillResignActive), .notification(.sceneWillDeactivate), .notification(.willResignActive),
        .scenePhase(.inactive),
    ])
    private static let activationLines = EventSet([
        .callback(.sceneDidBecomeActive), .notification(.sceneDidActivate), .notification(.didBecomeActive),
        .scenePhase(.active),
    ])

    /// The longest pause between a cold launch's methods and its scene connecting; longer means the launch
    /// ran ahead, during a prewarm.
    static let longestLaunchPause: Double = 10
    /// The longest pause between a scene's entry into the background and the app's termination in the swipe
    /// quirk: both come at the swipe. A system termination of a running app comes when its background time ends.
    static let longestSwipePause: Double = 1
    /// The longest pause between the three lines of the flicker: no hand dismisses Notification Center and pulls
    /// it down again that fast.
    static let longestFlickerPause: Double = 1

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
            source:
                "Apple's documentation of prewarming, and logs of iOS 15.0–15.3; `profile ios15.0` simulates it "
                + "(docs/lifecycle.md §15, §21)",
            profiles: [.ios15_0, .ios15], pattern: .launchDuringPrewarm),
        LogQuirk(
            summary:
                "iOS 13 on an iPhone: a scene swiped away in the app switcher enters the background and the app "
                + "terminates at once, without the scene disconnecting or its session being discarded (the same lines "
                + "as a system termination of a running app, which would not come at once)",
            source:
                "Stack Overflow question 71570813, an iPhone on iOS 13; the same question's iPad disconnects, as "
                + "the model does",
            profiles: [.ios13], pattern: .terminationAtBackgroundEntry),
        LogQuirk(
            summary:
                "iOS 15 resigns a scene, makes it active and resigns it again at once when Notification Center is "
                + "pulled down (the same lines as two pulls, which no hand makes that fast)",
            source: "a study note of iOS 15's scene callbacks, docs/lifecycle.md §12",
            profiles: [.ios15_0, .ios15], pattern: .sceneActivationFlicker),
    ]
}
