import LifecycleCore

// The chart a log is held to (docs/lifecycle.md §12, §13): the core's transition tables as edges, which callbacks are
// logged, and how one line moves the set of states the app may be in.
extension LogChecker.Model {
    typealias State = LogChecker.State
    typealias Edge = LogChecker.Edge

    // MARK: The chart

    /// The chart of a log, from the core's tables. A scene-based app launches into the background; its
    /// foreground is its scene's; it is suspended and killed as a process.
    static func edges(sceneBased: Bool) -> [Edge] {
        guard sceneBased else {
            return AppLifecycle.edges.map { edge in
                let kind: Edge.Kind =
                    switch edge.event {
                    case .launch, .launchInBackground: .launch
                    case .removeFromScreen: .foregroundKill
                    default: .other
                    }
                return Edge(from: State(app: edge.from), to: State(app: edge.to), callback: edge.callback, kind: kind)
            }
        }
        var edges: [Edge] = [
            Edge(from: State(app: .notRunning), to: State(app: .background), callback: nil, kind: .launch)
        ]
        let sceneStates: [SceneState?] = [nil] + SceneState.allCases
        for scene in sceneStates where scene == nil || scene == .background {
            edges.append(
                Edge(
                    from: State(app: .background, scene: scene), to: State(app: .suspended, scene: scene),
                    callback: nil, kind: .other))
            edges.append(
                Edge(
                    from: State(app: .suspended, scene: scene), to: State(app: .background, scene: scene),
                    callback: nil, kind: .other))
            edges.append(
                Edge(
                    from: State(app: .suspended, scene: scene), to: State(app: .notRunning), callback: nil,
                    kind: .other))
        }
        for scene in sceneStates {
            let from = State(app: scene?.appState ?? .background, scene: scene)
            if from.app == .background {
                edges.append(Edge(from: from, to: State(app: .notRunning), callback: nil, kind: .other))
                edges.append(Edge(from: from, to: State(app: .notRunning), callback: .willTerminate, kind: .other))
            } else {
                edges.append(Edge(from: from, to: State(app: .notRunning), callback: nil, kind: .foregroundKill))
            }
        }
        edges.append(
            Edge(
                from: State(app: .background), to: State(app: .background, scene: .unattached),
                callback: .sceneWillConnect, kind: .other))
        for edge in SceneLifecycle.edges {
            let to: SceneState? = edge.event == .disconnect ? nil : edge.to
            edges.append(
                Edge(
                    from: State(app: edge.from.appState, scene: edge.from), to: State(app: edge.to.appState, scene: to),
                    callback: edge.callback, kind: .other))
        }
        return edges
    }

    private func isLogged(_ callback: Callback) -> Bool {
        stepLines(of: .callback(callback)).contains { logged.contains($0) }
    }

    private var launchIsLogged: Bool { isLogged(.willFinishLaunching) || isLogged(.didFinishLaunching) }

    /// Whether an edge can be taken without a line in this log.
    ///
    /// A foreground app that is killed leaves the screen on its way to `notRunning`; that silent step explains
    /// only a new launch, never a callback of the background (docs/lifecycle.md §12): `applicationWillResignActive:`
    /// then `applicationWillEnterForeground:` does not fit.
    private func isSilent(_ edge: Edge, throughForegroundKill: Bool) -> Bool {
        switch edge.kind {
        case .launch: !launchIsLogged
        case .foregroundKill: throughForegroundKill
        case .other: edge.callback.map { !isLogged($0) } ?? true
        }
    }

    /// Every state reachable from `states` through steps that leave no line in this log (and, when
    /// `throughForegroundKill`, through a foreground app's kill: for a launch line).
    func closure(_ states: Set<State>, throughForegroundKill: Bool = false) -> Set<State> {
        var reached = states
        var frontier = Array(states)
        while let state = frontier.popLast() {
            for edge in edges
            where edge.from == state && !reached.contains(edge.to)
                && isSilent(edge, throughForegroundKill: throughForegroundKill)
            {
                reached.insert(edge.to)
                frontier.append(edge.to)
            }
        }
        return reached
    }

    /// The lines a step shows: a callback and its notification; for a scene-delegate method, its `UIScene`
    /// notification and the `UIApplication` one of the same step (docs/lifecycle.md §13).
    func stepLines(of event: LoggedEvent) -> Set<LoggedEvent> {
        let callback: Callback?
        switch event {
        case .callback(let logged): callback = logged
        case .notification(let notification): callback = self.callback(posting: notification)
        case .sceneState, .scenePhase, .scheduledTask: callback = nil
        }
        guard let callback else { return [event] }
        var lines: Set<LoggedEvent> = [.callback(callback)]
        if let notification = callback.notification { lines.insert(.notification(notification)) }
        if isSceneBased, let notification = callback.applicationNotification {
            lines.insert(.notification(notification))
        }
        return lines
    }

    /// The states after an event, from the states before it (empty when it cannot happen).
    func apply(_ event: LoggedEvent, to states: Set<State>, last: LoggedEvent?) -> Set<State> {
        switch event {
        case .sceneState(let scene):
            return closure(states).filter { $0.scene == scene }
        case .scenePhase(let phase):
            // SwiftUI's phase of the scene: background also when the scene is gone (docs/lifecycle.md §13); the
            // app's process runs to print it.
            return closure(states).filter {
                $0.app != .notRunning && $0.app != .suspended && ($0.scene?.phase ?? .background) == phase
            }
        case .scheduledTask:
            // A task's handler runs, or the app completes it, in a process that executes: launched into the
            // background for it, or resumed silently (docs/lifecycle.md §17).
            return closure(states).filter { $0.app.isExecuting }
        case .notification(let notification):
            guard let callback = callback(posting: notification) else { return [] }
            if !callback.isSceneCallback, logged.contains(.callback(callback)) {
                // The app logs the method too: the notification follows it at once, in the state it left.
                return last == .callback(callback) ? states : []
            }
            return apply(callback, to: states, previous: last)
        case .callback(let callback):
            return apply(callback, to: states, previous: last)
        }
    }

    private func apply(_ callback: Callback, to states: Set<State>, previous: LoggedEvent?) -> Set<State> {
        if isSceneBased, Self.replacedBySceneDelegate.contains(callback) { return [] }
        let reachable = closure(states)
        let launched: Set<State> =
            isSceneBased ? [State(app: .background)] : [State(app: .inactive), State(app: .background)]
        let canRelaunch = closure(states, throughForegroundKill: true).contains(State(app: .notRunning))
        switch callback {
        case .willFinishLaunching:
            return canRelaunch ? launched : []
        case .didFinishLaunching:
            if isLogged(.willFinishLaunching) {
                return lastWasLaunchStep(previous) ? states.intersection(launched) : []
            }
            return canRelaunch ? launched : []
        case .shouldRestoreApplicationState, .didDecodeRestorableState:
            break
        default:
            // Nothing comes between the two launch methods but state restoration's (docs/lifecycle.md §2, §18: a
            // notification's response comes after the launch): a log that shows `didFinishLaunching` shows it next.
            if isLogged(.didFinishLaunching), lastWasLaunchStep(previous) { return [] }
        }
        let edges = self.edges.filter { $0.callback == callback }
        if !edges.isEmpty {
            return Set(edges.filter { reachable.contains($0.from) }.map(\.to))
        }
        return reachable.filter { state in
            callback.deliveryStates.contains(state.app)
                && (!callback.isSceneCallback || state.scene.map(callback.sceneDeliveryStates.contains) == true)
                && (callback != .configurationForConnecting || state.scene == nil)
        }
    }

    /// Whether `application:didFinishLaunchingWithOptions:` may come now, in a log that also logs the
    /// `willFinishLaunching` before it: only right after it (or after restoration, or the discarded sessions).
    private func lastWasLaunchStep(_ previous: LoggedEvent?) -> Bool {
        let launchSteps: Set<LoggedEvent> = [
            .callback(.willFinishLaunching), .callback(.shouldRestoreApplicationState),
            .callback(.didDecodeRestorableState),
        ]
        return previous.map(launchSteps.contains) == true
    }

    /// The method a notification follows: for a scene-based app, the UIApplication notifications of the
    /// foreground follow its scene delegate's methods.
    private func callback(posting notification: UIKitNotification) -> Callback? {
        Callback.allCases.first { callback in
            guard !(isSceneBased && Self.replacedBySceneDelegate.contains(callback)) else { return false }
            return callback.notification == notification
                || (isSceneBased && callback.applicationNotification == notification)
        }
    }

    /// The app-delegate methods a scene-based app's scene delegate receives instead (docs/lifecycle.md §13).
    static var replacedBySceneDelegate: Set<Callback> { LogChecker.replacedBySceneDelegate }
}

extension LogChecker {
    /// The app-delegate methods a scene-based app's scene delegate receives instead (docs/lifecycle.md §13).
    static let replacedBySceneDelegate: Set<Callback> = [
        .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .openURL,
        .willContinueUserActivity, .continueUserActivity, .performActionForShortcutItem,
        .shouldSaveApplicationState, .willEncodeRestorableState, .shouldRestoreApplicationState,
        .didDecodeRestorableState,
    ]
}
