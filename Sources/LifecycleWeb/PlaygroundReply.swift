import LifecycleCore
import LifecycleSimulator

/// What a session answers each request with: the phone as it now is, and whatever changed.
public struct PlaygroundReply: Encodable, Sendable {
    /// The scenario's text, when it changed (a loaded file, an appended line, a growing `wait`).
    public var source: String?
    /// The line the next step is on, or `nil` when every line has run.
    public var nextLine: Int?
    /// How many of the scenario's lines that do something have run, and how many there are.
    public var stepsRun: Int
    public var stepCount: Int
    /// The trace's lines from index `traceFrom` on: the page keeps those before it and replaces the rest.
    public var traceFrom: Int
    public var trace: [TraceLine]
    public var phone: PhoneSnapshot
    /// What went wrong, if something did: nothing changed then.
    public var problem: Problem?
    /// The jsonl trace asked for by `export`.
    public var export: String?
}

/// A mistake in a request or a scenario, located when it is in the scenario.
public struct Problem: Encodable, Sendable, Hashable {
    /// The first mistake, as the command line says it (`FILE:LINE:COL: error: …`), or what was wrong with the
    /// request.
    public var message: String
    /// Where it is in the scenario, for the editor to mark.
    public var line: Int?
    public var column: Int?
    /// Every mistake with its line and caret, as `lifecycle run` prints them.
    public var diagnostic: String

    init(request: PlaygroundRequest.Invalid) {
        message = request.message
        diagnostic = request.message
    }

    init(message: String) {
        self.message = message
        diagnostic = message
    }

    init(_ errors: ScenarioErrors) {
        message = errors.errors.first?.description ?? errors.description
        line = errors.errors.first?.line
        column = errors.errors.first?.column
        diagnostic = errors.diagnostic
    }
}

/// One line of the trace, as the text format writes it, with what the page needs to highlight it.
public struct TraceLine: Encodable, Sendable, Hashable {
    /// Seconds since the start.
    public var time: Double
    /// The line of `lifecycle run`'s text trace.
    public var text: String
    /// `action`, `transition`, `callback`, `notification`, `expect`, `note` or `explanation`.
    public var kind: String
    public var app: String?
    public var scene: String?
    /// For a transition: the states, for the diagram to animate the edge.
    public var from: String?
    public var to: String?
    /// For an action or an expect: the scenario line.
    public var line: Int?
    /// For an expect: whether it held.
    public var passed: Bool?
}

/// The phone at one instant, as the page draws it.
public struct PhoneSnapshot: Encodable, Sendable, Hashable {
    public struct App: Encodable, Sendable, Hashable {
        public var id: String
        public var state: String
        /// The scene's state, for a scene-based app whose scene is connected.
        public var scene: String?
        public var usesScenes: Bool
        public var backgroundModes: [String]
        public var tasks: Int
        /// Seconds of background time left, while a budget runs.
        public var budget: Double?
        /// The memory it takes, in megabytes.
        public var memory: Int
    }

    /// A timer the system has set, counting down.
    public struct Timer: Encodable, Sendable, Hashable {
        public var app: String?
        /// What happens when it fires, in words.
        public var what: String
        /// Seconds left.
        public var remaining: Double
    }

    public var time: Double
    public var profile: String
    public var isLocked: Bool
    /// `switcher`, `notificationCenter`, `controlCenter`, `alert`, `ringingCall` or `callInProgress`.
    public var overlay: String?
    public var foreground: String?
    public var isHomeScreenShowing: Bool
    /// The switcher's cards, the most recent first.
    public var cards: [String]
    public var memoryInUse: Int
    public var deviceMemory: Int
    public var apps: [App]
    public var timers: [Timer]
}
