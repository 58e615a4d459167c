/// A note the phone writes when the app's own code is at fault: it held background time it did not give back,
/// did not return or complete in time, or lost what iOS handed it. Its words are kept here only, both to write
/// the note and to read it back, so that a tool telling the fault from a trace (the explorer, §19) and the trace
/// itself cannot drift apart.
public enum FaultNote: Hashable, Sendable {
    /// The background budget ran out while the app held a background task: iOS kills it.
    case backgroundTaskNotEnded
    /// The background budget ran out while a completion handler (a fetch's, a URL session's) was not called.
    case completionHandlerNotCalled(selector: String)
    /// A scheduled task (BGTaskScheduler) ran to the end of its time without `setTaskCompleted`.
    case scheduledTaskNotCompleted(identifier: String)
    /// The watchdog: a callback, or the launch, did not return within its limit.
    case didNotFinish(subject: String, limit: String)
    /// The watchdog: a background event's completion handler was not called within its limit.
    case completionHandlerTimedOut(selector: String, limit: String)
    /// A notification's response was not delivered: the app had set no delegate of UNUserNotificationCenter.
    case responseLost(selector: String)
    /// A background task was still open when its expiration handler returned: the handler must end it before it
    /// returns, and iOS logs this line (docs/lifecycle.md §19). `identifier` is the task's number.
    case taskNotEndedByExpirationHandler(identifier: Int)
    /// The app's code wrote a keychain item (added, updated or deleted one) after a read of the same item failed
    /// because protected data was unavailable, and without reading it again since (docs/lifecycle.md §21): it took
    /// the locked item for a missing one. `write` names the call and the item: `SecItemAdd of service 'auth',
    /// account 'token'`.
    case keychainWrittenAfterUnavailableRead(write: String)

    /// The note's text, as the trace shows it.
    public var text: String {
        switch self {
        case .backgroundTaskNotEnded: Self.budgetUsedUp + Self.taskNotEnded
        case .completionHandlerNotCalled(let selector):
            Self.budgetUsedUp + Self.handlerOf + selector + Self.notCalled
        case .scheduledTaskNotCompleted(let identifier): Self.theTask + identifier + Self.notCompleted
        case .didNotFinish(let subject, let limit): Self.watchdog + subject + Self.didNotFinishWithin + limit + " s"
        case .completionHandlerTimedOut(let selector, let limit):
            Self.watchdog + Self.handlerOf + selector + Self.wasNotCalledWithin + limit + " s"
        case .responseLost(let selector): selector + Self.noDelegate
        case .taskNotEndedByExpirationHandler(let identifier):
            Self.stillNotEnded + String(identifier) + Self.likelyTerminated
        case .keychainWrittenAfterUnavailableRead(let write): Self.keychain + write + Self.afterUnavailableRead
        }
    }

    /// The fault a note's text tells of, or `nil` for every other note.
    public init?(text: String) {
        if let rest = text.dropping(prefix: Self.budgetUsedUp) {
            if rest == Self.taskNotEnded {
                self = .backgroundTaskNotEnded
            } else if let selector = rest.dropping(prefix: Self.handlerOf)?.dropping(suffix: Self.notCalled) {
                self = .completionHandlerNotCalled(selector: selector)
            } else {
                return nil
            }
        } else if let rest = text.dropping(prefix: Self.watchdog) {
            if let timedOut = rest.dropping(prefix: Self.handlerOf)?.dropping(suffix: " s"),
                let split = timedOut.firstRange(of: Self.wasNotCalledWithin)
            {
                self = .completionHandlerTimedOut(
                    selector: String(timedOut[..<split.lowerBound]), limit: String(timedOut[split.upperBound...]))
            } else if let finished = rest.dropping(suffix: " s"),
                let split = finished.firstRange(of: Self.didNotFinishWithin)
            {
                self = .didNotFinish(
                    subject: String(finished[..<split.lowerBound]), limit: String(finished[split.upperBound...]))
            } else {
                return nil
            }
        } else if let identifier = text.dropping(prefix: Self.theTask)?.dropping(suffix: Self.notCompleted) {
            self = .scheduledTaskNotCompleted(identifier: identifier)
        } else if let selector = text.dropping(suffix: Self.noDelegate) {
            self = .responseLost(selector: selector)
        } else if let number = text.dropping(prefix: Self.stillNotEnded)?.dropping(suffix: Self.likelyTerminated),
            let identifier = Int(number)
        {
            self = .taskNotEndedByExpirationHandler(identifier: identifier)
        } else if let write = text.dropping(prefix: Self.keychain)?.dropping(suffix: Self.afterUnavailableRead) {
            self = .keychainWrittenAfterUnavailableRead(write: write)
        } else {
            return nil
        }
    }

    private static let budgetUsedUp = "background time used up with "
    private static let taskNotEnded = "a background task not ended"
    private static let handlerOf = "the completion handler of "
    private static let notCalled = " not called"
    private static let theTask = "the task "
    private static let notCompleted = " was not completed by the end of its time"
    private static let watchdog = "watchdog: "
    private static let didNotFinishWithin = " did not finish within "
    private static let wasNotCalledWithin = " was not called within "
    /// Also the reason `Phone` gives when the condition `notificationDelegateSet` does not hold.
    static let noDelegateReason =
        "the app has set no delegate of UNUserNotificationCenter yet (Apple asks for one before the launch ends): "
        + "the response is lost"
    private static let noDelegate = " not called: " + noDelegateReason
    /// iOS's own words (logged by UIKit since iOS 13), with the task's number where iOS prints the identifier.
    private static let stillNotEnded =
        "Background task still not ended after expiration handlers were called: <UIBackgroundTaskIdentifier: "
    private static let keychain = "keychain: "
    private static let afterUnavailableRead =
        " after a read of the same item failed with errSecInteractionNotAllowed (protected data unavailable), "
        + "and no read since"
    private static let likelyTerminated =
        ">. This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this."
}

extension String {
    /// The rest of the text after `prefix`, if it starts with it.
    func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    /// The text before `suffix`, if it ends with it.
    func dropping(suffix: String) -> String? {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : nil
    }
}
