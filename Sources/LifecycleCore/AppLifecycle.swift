/// The state machine of one app: its state and the only transitions docs/lifecycle.md §1 allows.
///
/// This is the single transition table of the project. The system's policy (``Phone``) changes an app's
/// state only through it, the diagram is drawn from ``edges``, and it allocates nothing, so it can run
/// tens of millions of events a second.
///
/// ```swift
/// var app = AppLifecycle()
/// let launch = app.handle(.launch)   // notRunning → inactive
/// let active = app.handle(.becomeActive)
/// ```
public struct AppLifecycle: Sendable, Hashable {
    /// Something that moves an app from one state to another.
    public enum Event: CaseIterable, Sendable, Hashable {
        /// The user launches the app: notRunning → inactive.
        case launch
        /// The system launches the app for a background event: notRunning → background.
        case launchInBackground
        /// inactive → active, with `applicationDidBecomeActive:`.
        case becomeActive
        /// active → inactive, with `applicationWillResignActive:`.
        case resignActive
        /// inactive → background, with `applicationDidEnterBackground:`.
        case enterBackground
        /// background → inactive, with `applicationWillEnterForeground:`.
        case enterForeground
        /// background → suspended, silently.
        case suspend
        /// suspended → background, silently.
        case resume
        /// background → notRunning, with `applicationWillTerminate:`.
        case terminate
        /// background or suspended → notRunning, silently: the process is killed.
        case kill
        /// active → inactive → background, silently: a foreground app that is killed (or crashes) leaves the
        /// screen first.
        case removeFromScreen
    }

    /// A legal edge of the state diagram.
    public struct Edge: Sendable, Hashable {
        public let event: Event
        public let from: AppState
        public let to: AppState
        /// The delegate callback that accompanies the edge; `nil` when it is silent.
        public let callback: Callback?
    }

    /// What a handled event did: the state before and after, and the callback that goes with it.
    public struct Transition: Sendable, Hashable {
        public let from: AppState
        public let to: AppState
        public let callback: Callback?

        init(from: AppState, to: AppState, callback: Callback?) {
            self.from = from
            self.to = to
            self.callback = callback
        }
    }

    /// The app's current state.
    public private(set) var state: AppState

    /// Creates a state machine in the given state (`notRunning` by default).
    public init(state: AppState = .notRunning) {
        self.state = state
    }

    /// Applies an event; returns the transition, or `nil` (leaving the state unchanged) when the event is
    /// illegal in the current state.
    public mutating func handle(_ event: Event) -> Transition? {
        guard let to = Self.target(of: event, from: state) else { return nil }
        let transition = Transition(from: state, to: to, callback: Self.callback(for: event))
        state = to
        return transition
    }

    /// The state an event leads to from `state`, or `nil` when the event is illegal there.
    public static func target(of event: Event, from state: AppState) -> AppState? {
        switch (event, state) {
        case (.launch, .notRunning): .inactive
        case (.launchInBackground, .notRunning): .background
        case (.becomeActive, .inactive): .active
        case (.resignActive, .active): .inactive
        case (.enterBackground, .inactive), (.removeFromScreen, .inactive): .background
        case (.removeFromScreen, .active): .inactive
        case (.enterForeground, .background): .inactive
        case (.suspend, .background): .suspended
        case (.resume, .suspended): .background
        case (.terminate, .background), (.kill, .background), (.kill, .suspended): .notRunning
        default: nil
        }
    }

    /// The delegate callback that accompanies an event, if any.
    public static func callback(for event: Event) -> Callback? {
        switch event {
        case .becomeActive: .didBecomeActive
        case .resignActive: .willResignActive
        case .enterBackground: .didEnterBackground
        case .enterForeground: .willEnterForeground
        case .terminate: .willTerminate
        case .launch, .launchInBackground, .suspend, .resume, .kill, .removeFromScreen: nil
        }
    }

    /// Every legal edge, in a stable order: the state diagram of docs/lifecycle.md §1.
    public static let edges: [Edge] = Event.allCases.flatMap { event in
        AppState.allCases.compactMap { from in
            target(of: event, from: from).map { Edge(event: event, from: from, to: $0, callback: callback(for: event)) }
        }
    }

    /// Whether docs/lifecycle.md §1 allows an app to go from one state to another.
    public static func isLegal(from: AppState, to: AppState) -> Bool {
        edges.contains { $0.from == from && $0.to == to }
    }
}
