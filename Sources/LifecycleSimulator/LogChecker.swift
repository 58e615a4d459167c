import LifecycleCore

/// Holds a real log against the model (docs/lifecycle.md §12): after each lifecycle line, the states the app may be in;
/// at the first line the model cannot explain, a violation saying why.
///
/// A log shows only what the app logs, so every step that could happen without a line in this log — silent
/// transitions, and callbacks that never appear anywhere in it — may happen between two lines. What does
/// appear is held to the model strictly. The rules are the core's: the transition table
/// (``AppLifecycle/edges``) and the states each callback may arrive in (``Callback/deliveryStates``).
public struct LogChecker {
    /// What a lifecycle line did to the possible states.
    public enum Verdict: Sendable, Hashable {
        /// The line fits: the states the app may be in after it.
        case consistent(Set<AppState>)
        /// The line cannot happen: the states the app may have been in, and what could have come there.
        case violation(possible: Set<AppState>, allowed: [LoggedEvent])
        /// The line is a documented quirk of some iOS versions; the states are as before it.
        case quirk(LogQuirk, Set<AppState>)
    }

    /// The events that appear somewhere in the log; the others may have happened unlogged.
    public let logged: Set<LoggedEvent>
    private var states: [String: Set<AppState>] = [:]
    private var lastEvent: [String: LoggedEvent] = [:]
    private var currentProcess = ""
    private var seenProcesses = 0

    /// The quirks that may explain a line: those of the profile, or all of them.
    public let quirks: [LogQuirk]

    /// - Parameters:
    ///   - logged: every event that appears in the whole log (a first pass over it finds them).
    ///   - profile: the iOS versions the log comes from, if known; only their quirks explain lines.
    public init(logged: Set<LoggedEvent>, profile: Profile? = nil) {
        self.logged = logged
        self.quirks = LogQuirk.known.filter { quirk in profile.map(quirk.profiles.contains) ?? true }
    }

    /// Checks the next lifecycle line of the log.
    public mutating func check(_ line: LogRecognizer.Recognized) -> Verdict {
        if let process = line.process, process != currentProcess {
            if states[process] == nil {
                // A log may start in the middle of a session; a process that appears later is a new one.
                states[process] = seenProcesses == 0 ? Set(AppState.allCases) : [.notRunning]
                seenProcesses += 1
            }
            currentProcess = process
        }
        let before = states[currentProcess] ?? Set(AppState.allCases)
        let after = apply(line.event, to: before, last: lastEvent[currentProcess])
        if after.isEmpty,
            let quirk = quirks.first(where: { $0.explains(line.event, after: lastEvent[currentProcess]) })
        {
            return .quirk(quirk, before)
        }
        if after.isEmpty {
            let possible = closure(before)
            let allowed = logged.sorted { $0.description < $1.description }.filter {
                !apply($0, to: before, last: lastEvent[currentProcess]).isEmpty
            }
            return .violation(possible: possible, allowed: allowed)
        }
        states[currentProcess] = after
        lastEvent[currentProcess] = line.event
        return .consistent(after)
    }

    // MARK: The model

    private func isLogged(_ callback: Callback) -> Bool {
        logged.contains(.callback(callback)) || callback.notification.map { logged.contains(.notification($0)) } == true
    }

    private var launchIsLogged: Bool { isLogged(.willFinishLaunching) || isLogged(.didFinishLaunching) }

    /// Whether an edge can be taken without a line in this log.
    ///
    /// A foreground app that is killed leaves the screen on its way to `notRunning`; that silent step explains
    /// only a new launch, never a callback of the background (docs/lifecycle.md §12): `applicationWillResignActive:`
    /// then `applicationWillEnterForeground:` does not fit.
    private func isSilent(_ edge: AppLifecycle.Edge, throughForegroundKill: Bool) -> Bool {
        switch edge.event {
        case .launch, .launchInBackground: !launchIsLogged
        case .removeFromScreen: throughForegroundKill
        default: edge.callback.map { !isLogged($0) } ?? true
        }
    }

    /// Every state reachable from `states` through steps that leave no line in this log (and, when
    /// `throughForegroundKill`, through a foreground app's kill: for a launch line).
    func closure(_ states: Set<AppState>, throughForegroundKill: Bool = false) -> Set<AppState> {
        var reached = states
        var frontier = Array(states)
        while let state = frontier.popLast() {
            for edge in AppLifecycle.edges
            where edge.from == state && !reached.contains(edge.to)
                && isSilent(edge, throughForegroundKill: throughForegroundKill)
            {
                reached.insert(edge.to)
                frontier.append(edge.to)
            }
        }
        return reached
    }

    /// The states after an event, from the states before it (empty when it cannot happen).
    func apply(_ event: LoggedEvent, to states: Set<AppState>, last: LoggedEvent?) -> Set<AppState> {
        switch event {
        case .notification(let notification):
            let callback = Callback.allCases.first { $0.notification == notification }!
            if logged.contains(.callback(callback)) {
                // The app logs the method too: the notification follows it at once, in the state it left.
                return last == .callback(callback) ? states : []
            }
            return apply(callback, to: states, last: last)
        case .callback(let callback):
            return apply(callback, to: states, last: last)
        }
    }

    private func apply(_ callback: Callback, to states: Set<AppState>, last: LoggedEvent?) -> Set<AppState> {
        let reachable = closure(states)
        let canRelaunch = closure(states, throughForegroundKill: true).contains(.notRunning)
        switch callback {
        case .willFinishLaunching:
            return canRelaunch ? [.inactive, .background] : []
        case .didFinishLaunching:
            let afterWillFinish: Set<LoggedEvent> = [
                .callback(.willFinishLaunching), .callback(.shouldRestoreApplicationState),
                .callback(.didDecodeRestorableState),
            ]
            if isLogged(.willFinishLaunching) {
                return last.map(afterWillFinish.contains) == true ? states.intersection([.inactive, .background]) : []
            }
            return canRelaunch ? [.inactive, .background] : []
        default:
            let edges = AppLifecycle.edges.filter { $0.callback == callback }
            if !edges.isEmpty {
                return Set(edges.filter { reachable.contains($0.from) }.map(\.to))
            }
            return reachable.intersection(callback.deliveryStates)
        }
    }
}
