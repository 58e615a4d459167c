/// What an app's delegate does when the system calls it: how long each callback takes, what the
/// `BOOL`-returning ones answer, and the background work it starts.
///
/// The simulator has no app code to run, so a scenario declares this; a host that runs real delegate
/// code learns the same facts by calling it.
public struct AppBehavior: Sendable, Hashable {
    /// How long callbacks take; a callback not listed returns at once.
    public var durations: [Callback: Duration]
    /// The `BOOL` answers; a callback not listed answers YES.
    public var answers: [Callback: Bool]
    /// Whether the app implements state preservation and restoration (docs/lifecycle.md §6).
    public var restoresState: Bool
    /// When set, the app begins a background task in `applicationDidEnterBackground:` and ends it after this much work.
    public var backgroundTaskWork: Duration?
    /// Whether the app's expiration handler leaves its background task running instead of ending it.
    public var ignoresExpiration: Bool
    /// How long the app works on a background event before it calls the completion handler.
    public var backgroundEventWork: Duration
    /// How long a scheduled task's launch handler works before it calls `setTaskCompleted(success: true)`
    /// (docs/lifecycle.md §17).
    public var scheduledTaskWork: Duration = .seconds(1)
    /// Whether a scheduled task's expiration handler leaves the task running instead of completing it.
    public var ignoresScheduledTaskExpiration = false
    /// How long the app works on a notification's response before it calls the completion handler of
    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` (docs/lifecycle.md §18).
    public var notificationResponseWork: Duration = .seconds(1)
    /// Whether the app never calls the completion handlers of its notification delegate's methods.
    public var ignoresNotificationCompletion = false

    public init(
        durations: [Callback: Duration] = [:], answers: [Callback: Bool] = [:], restoresState: Bool = false,
        backgroundTaskWork: Duration? = nil, ignoresExpiration: Bool = false, backgroundEventWork: Duration = .zero
    ) {
        self.durations = durations
        self.answers = answers
        self.restoresState = restoresState
        self.backgroundTaskWork = backgroundTaskWork
        self.ignoresExpiration = ignoresExpiration
        self.backgroundEventWork = backgroundEventWork
    }

    /// How long the callback runs before it returns, as declared (zero when nothing is); ``delay(of:)`` says
    /// whether it returns later.
    ///
    /// Most apps declare no durations: an empty table is answered without hashing the callback.
    public func duration(of callback: Callback) -> Duration {
        durations.isEmpty ? .zero : durations[callback] ?? .zero
    }

    /// How long the callback runs when it does not return at once; `nil` when it returns at once (no duration, or
    /// one of zero or less). The rule for every host that runs callbacks: the phone's run loop asks on every call,
    /// and the common app, which declares no durations, is answered without `Duration`'s arithmetic (calls into
    /// the standard library).
    public func delay(of callback: Callback) -> Duration? {
        guard !durations.isEmpty, let duration = durations[callback], duration > .zero else { return nil }
        return duration
    }

    /// What a `BOOL`-returning callback answers (YES when nothing is declared); an empty table is answered without
    /// hashing the callback.
    public func answer(of callback: Callback) -> Bool {
        answers.isEmpty ? true : answers[callback] ?? true
    }
}
