/// A request for an app to come to the foreground, with what to deliver to it there. Internal to ``Phone``.
struct ForegroundRequest: Sendable {
    var app: Int
    var options: LaunchOptions
    /// Event deliveries, made while the app is inactive, before `applicationDidBecomeActive:`.
    var deliveries: [(callback: Callback, argument: String?)]
    /// On a launch, when the deliveries happen (docs/lifecycle.md §3: URL and quick-action gating).
    var launchGate: Step.Condition
}
