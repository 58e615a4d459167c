/// How often each kind of step comes in a generated session (docs/lifecycle.md §19): relative weights, zero for
/// never. The explorer draws a kind by weight, then an action of that kind possible in the phone's situation.
public struct ExplorationWeights: Sendable, Hashable {
    /// A tap on an app's icon.
    public var tap = 10.0
    /// Home.
    public var home = 8.0
    /// The app switcher, then a pick, a swipe or back.
    public var switcher = 3.0
    /// Notification Center, Control Center or an alert over the app.
    public var overlays = 2.0
    /// A call, answered or declined.
    public var calls = 1.0
    /// Lock, and unlock; one time in five, a restart instead of a lock.
    public var lock = 2.0
    /// A memory warning, or memory pressure that purges suspended apps.
    public var memory = 3.0
    /// A background event of a mode the app declares (a silent push, a fetch), a finished download.
    public var backgroundEvents = 2.0
    /// The system runs a request the app's code submitted to BGTaskScheduler, or expires a task it runs.
    public var scheduledTasks = 2.0
    /// A URL, a Handoff activity or a quick action.
    public var launchItems = 1.0
    /// A notification, and the user's tap, action or dismiss on it, for an app with a notification delegate.
    public var notifications = 2.0
    /// A new window, a window closed, an external display (an iPad's, for apps with several windows).
    public var windows = 1.0
    /// Time passing, across the edges that matter: 1, 5, 10, 20, 30, 180 and 600 s.
    public var wait = 8.0
    /// The device's network going off, or coming back: drawn only when the apps reach a network the test declared
    /// (``LifecycleExplorer/network(_:)``).
    public var network = 1.0

    public init() {}

    /// The weights in a fixed order, for drawing.
    var all: [Double] {
        [
            tap, home, switcher, overlays, calls, lock, memory, backgroundEvents, scheduledTasks, launchItems,
            notifications, windows, wait, network,
        ]
    }
}
