import LifecycleCore

/// A lifecycle bug the explorer found in an app's own code (docs/lifecycle.md §19), shrunk to the shortest scenario
/// that still shows it.
public struct ExplorationFinding: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, by the name reports and tests use.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A background task not ended when the app's background time ran out, its expiration handler included.
        case backgroundTaskNotEnded = "background-task-not-ended"
        /// A completion handler never called: a background event's, a notification delegate's, or a scheduled
        /// task's `setTaskCompleted`.
        case completionHandlerNotCalled = "completion-handler-not-called"
        /// `BGTaskScheduler.register` after the launch, or twice, or a task run with no handler registered.
        case bgtaskRegisteredLate = "bgtask-registered-late"
        /// A URL, user activity or quick action handed to the app and never read by its code: above all a
        /// scene-based app's cold launch, where it comes only in `scene(_:willConnectTo:options:)`'s options.
        case launchItemDropped = "launch-item-dropped"
        /// The delegate of `UNUserNotificationCenter` set too late: the response that launched the app is lost.
        case notificationDelegateLate = "notification-delegate-late"
        /// A launch or a callback that overran its watchdog.
        case watchdog
        /// Work the app's code scheduled came due while its process was suspended, when a phone runs none of it.
        case ranWhileSuspended = "ran-while-suspended"
        /// What the app showed when the system purged it differs from what it shows when the user comes back.
        case stateLostAcrossPurge = "state-lost-across-purge"
        /// The app's code read a keychain item while protected data was unavailable (the phone locked, or not
        /// unlocked since a restart), took the failure for a missing item, and wrote one of the same name; or, with
        /// the app's snapshot, showed the user something else after a launch while locked than before it: the bug
        /// that signs users out (docs/lifecycle.md §21).
        case protectedDataReadWhileUnavailable = "protected-data-read-while-unavailable"
        /// One of the app's own invariants, given to the explorer, failed.
        case invariant
        /// The app's code crashed, other than by a late registration.
        case crash
        /// A neutral sequence (Home and back, lock and unlock, a purge and back) inserted into a scenario changed
        /// what the app's checks give (``LifecycleExplorer/checkNeutralSequences(in:file:sequences:)``).
        case neutralSequence = "neutral-sequence"

        /// What iOS does about it, for the report.
        public var consequence: String {
            switch self {
            case .backgroundTaskNotEnded:
                "iOS kills the app when its background time runs out (\"has active assertions beyond permitted "
                    + "time\", 0x8badf00d): end every task, in its expiration handler too"
            case .completionHandlerNotCalled:
                "iOS holds the app until the handler is called, then kills it: call every completion handler, on "
                    + "every path"
            case .bgtaskRegisteredLate:
                "UIKit raises NSInternalInconsistencyException and the app crashes: register every launch handler "
                    + "once, before application(_:didFinishLaunchingWithOptions:) returns"
            case .launchItemDropped:
                "the user's link, Handoff or quick action does nothing: on a scene-based app's cold launch read "
                    + "them in scene(_:willConnectTo:options:)'s options; later they come to scene(_:openURLContexts:) "
                    + "and its kin"
            case .notificationDelegateLate:
                "the tap that launched the app is lost: set UNUserNotificationCenter's delegate before the launch "
                    + "ends"
            case .watchdog: "the watchdog kills the app (0x8badf00d): return from the callback sooner"
            case .ranWhileSuspended:
                "on iOS a suspended app runs no code: the work waits for the next resume, and never runs if the "
                    + "system purges the app first"
            case .stateLostAcrossPurge:
                "the user comes back to an app the system purged and finds it changed: save the state before "
                    + "suspension and restore it at the next launch"
            case .protectedDataReadWhileUnavailable:
                "a locked item reads as errSecInteractionNotAllowed, not errSecItemNotFound, and the app took it for "
                    + "missing (wrote over it, made a new identity, signed its user out): check "
                    + "UIApplication.shared.isProtectedDataAvailable first, or wait for "
                    + "applicationProtectedDataDidBecomeAvailable(_:), or store the item with "
                    + "kSecAttrAccessibleAfterFirstUnlock"
            case .invariant: "the app's own rule does not hold"
            case .crash: "the app crashes"
            case .neutralSequence:
                "the user who leaves and comes back, or whose phone locks, finds the app changed: what it shows must "
                    + "survive the life cycle"
            }
        }
    }

    public var kind: Kind
    /// The app at fault, when the finding is one app's.
    public var app: AppID?
    /// What was seen: the trace's note, the invariant's name, the two snapshots.
    public var detail: String
    /// The seed of the exploration and the session that found it, which replay it.
    public var seed: UInt64
    public var session: Int
    /// The shortest scenario found that still shows it, declarations included: `lifecycle run` replays it, and a
    /// `SimulatedDevice(scenario:)` with the app's delegates.
    public var scenario: String
    /// How many lines of actions the session had when the finding came, and the scenario has now.
    public var originalSteps: Int
    public var steps: Int
    /// The trace of the shortest scenario, with the app's delegates.
    public var trace: String

    public var description: String {
        let who = app.map { " in \($0)" } ?? ""
        let indentedScenario = scenario.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0 }.joined(separator: "\n")
        let indentedTrace = trace.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        return """
            \(kind.rawValue)\(who): \(detail)
              \(kind.consequence)
              found in session \(session) of seed \(seed) after \(originalSteps) steps, shrunk to \(steps):
            \(indentedScenario)
              its trace:
            \(indentedTrace)
            """
    }
}
