import Foundation
import LifecycleCore
import LifecycleScenario

/// What a session answers each request with: the phone as it now is, and whatever changed.
public struct PlaygroundReply: Encodable, Sendable {
    /// The scenario's whole text, when it was replaced (a loaded file) or is sent first.
    public var source: String?
    /// How the scenario's text changed otherwise (an appended line, a growing `wait`): only what changed, so that
    /// a reply's size does not grow with the session.
    public var sourceEdit: SourceEdit?
    /// The line the next step is on, or `nil` when every line has run.
    public var nextLine: Int?
    /// How many of the scenario's lines that do something have run, and how many there are.
    public var stepsRun: Int
    public var stepCount: Int
    /// The trace's lines from index `traceFrom` on: the page keeps those before it and replaces the rest.
    public var traceFrom: Int
    public var trace: [TraceLine]
    public var phone: PhoneSnapshot
    /// The session's timeline asked for by `timeline`, as `lifecycle timeline` draws it: an SVG element the page
    /// shows as it is.
    public var timeline: String?
    /// What went wrong, if something did: nothing changed then.
    public var problem: Problem?
    /// The jsonl trace asked for by `export`.
    public var export: String?
}

/// A change to the scenario's text: the first `keep` UTF-16 code units of the text the page has stay (what a
/// JavaScript string counts), and `text` replaces the rest.
public struct SourceEdit: Encodable, Sendable, Hashable {
    public var keep: Int
    public var text: String

    public init(keep: Int, text: String) {
        self.keep = keep
        self.text = text
    }

    /// The edit that turns `old` into `new`: their common start is kept, up to a whole Unicode scalar.
    init(from old: String, to new: String) {
        var (old, new) = (old, new)
        let (keep, text) = old.withUTF8 { old in
            new.withUTF8 { new in
                var common = Self.commonPrefixLength(old, new)
                // Back to the start of the scalar the texts part in (its continuation bytes are 0b10xxxxxx).
                while common > 0, common < new.count, new[common] & 0xC0 == 0x80 { common -= 1 }
                let kept = String(decoding: UnsafeBufferPointer(rebasing: old[..<common]), as: UTF8.self)
                return (
                    kept.utf16.count, String(decoding: UnsafeBufferPointer(rebasing: new[common...]), as: UTF8.self)
                )
            }
        }
        self.keep = keep
        self.text = text
    }

    /// How many bytes two buffers share from their start: halves compared with `memcmp`, so a long text that only
    /// grew costs a few calls, not a loop over its bytes.
    private static func commonPrefixLength(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var (low, high) = (0, min(a.count, b.count))
        guard high > 0 else { return 0 }
        if memcmp(a.baseAddress!, b.baseAddress!, high) == 0 { return high }
        // The first `low` bytes are equal; the first `high` are not.
        while high - low > 1 {
            let middle = (low + high) / 2
            if memcmp(a.baseAddress!, b.baseAddress!, middle) == 0 { low = middle } else { high = middle }
        }
        return low
    }

    /// What `old`, the text the page has, becomes.
    public func applied(to old: String) -> String {
        String(decoding: Array(old.utf16.prefix(keep)), as: UTF16.self) + text
    }
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
        /// What a SwiftUI app's `App` reads as its `scenePhase`, for a scene-based app: the most active of its
        /// scenes' phases (docs/lifecycle.md §22).
        public var scenePhase: String?
        public var usesScenes: Bool
        public var backgroundModes: [String]
        public var tasks: Int
        /// The identifiers of its BGTaskScheduler requests waiting for the system, and of the scheduled tasks
        /// its process runs (docs/lifecycle.md §17).
        public var pendingRequests: [String]
        public var scheduledTasks: [String]
        /// Seconds of background time left, while a budget runs.
        public var budget: Double?
        /// The memory it takes, in megabytes.
        public var memory: Int
        /// Its scene sessions (docs/lifecycle.md §16), its first window's first.
        public var sessions: [Session]
        /// How many of its notifications wait in Notification Center, and whether it hears them through a delegate
        /// of UNUserNotificationCenter (docs/lifecycle.md §18).
        public var notifications: Int
        public var notificationDelegate: Bool
    }

    /// A scene session of an app: a window, or an external display's scene.
    public struct Session: Encodable, Sendable, Hashable {
        public var id: String
        /// `window` or `externalDisplay`.
        public var role: String
        /// Its scene's state, or `disconnected`.
        public var state: String
        /// What a SwiftUI view of the scene reads as its `scenePhase`, while a scene is connected.
        public var phase: String?
        /// Whether the window is among those the app shows when in front.
        public var onScreen: Bool
        /// How it is placed when on screen: `full-screen`, `split`, `slide-over` or `stage`.
        public var placement: String?
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
    /// `iphone` or `ipad`.
    public var device: String
    /// The app an external display is connected to, if one is.
    public var externalDisplay: String?
    public var isLocked: Bool
    /// What data protection lets apps read: `available`, `locked` or `beforeFirstUnlock` (docs/lifecycle.md §21).
    public var protectedData: String
    /// `switcher`, `notificationCenter`, `controlCenter`, `alert`, `ringingCall` or `callInProgress`.
    public var overlay: String?
    public var foreground: String?
    /// The apps with a window on screen, left to right, then Slide Over: several on an iPad (docs/lifecycle.md §16).
    public var onScreen: [String] = []
    /// The window with the user's focus, when one is on screen.
    public var keyWindow: String?
    /// The window pushed off screen from Slide Over, and the windows minimized (iPadOS 26), to bring back.
    public var hiddenSlideOver: String?
    public var minimized: [String] = []
    public var isHomeScreenShowing: Bool
    /// The switcher's cards, the most recent first.
    public var cards: [String]
    public var memoryInUse: Int
    public var deviceMemory: Int
    public var apps: [App]
    public var timers: [Timer]
}
