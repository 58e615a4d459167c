/// A request for an app to come to the foreground, with what to deliver to it there. Internal to ``Phone``.
struct ForegroundRequest: Sendable {
    /// An event delivered to the app by calling a delegate method with an argument.
    typealias Delivery = (callback: Callback, argument: String?)

    var app: Int
    /// The launch options; `nil` for none (a tap on the icon), which copies no strings on the way.
    var options: LaunchOptions?
    /// Event deliveries, made while the app is inactive, before `applicationDidBecomeActive:`.
    var deliveries: [Delivery]
    /// On a launch, when the deliveries happen (docs/lifecycle.md §3: URL and quick-action gating).
    var launchGate: Step.Condition
}
