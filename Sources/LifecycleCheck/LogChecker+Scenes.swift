import LifecycleCore

// A process's several scenes (docs/lifecycle.md §16): each scene's lines on a chart of its own, and a line of the
// app's fitting if one scene's chart allows it.
extension LogChecker {
    /// Checks a line about a scene other than the process's first, on its own chart: a new scene's starts where
    /// the configuration call left it, or as a log's first process may be (in any state), or not yet connected.
    mutating func checkOnOtherScene(_ line: LogRecognizer.Recognized, _ scene: String) -> Verdict {
        var track =
            current.otherScenes[scene] ?? current.connectingScene.take()
            ?? SceneTrack(
                states: current.startedInAnyState && !isConnectingLater(scene, line)
                    ? nil : number(of: Self.connectableOnly))
        let verdict = check(line, on: &track)
        current.otherScenes[scene] = track
        return verdict
    }

    /// Checks a line on another scene's chart, whose fields stand in for the main scene's meanwhile.
    mutating func check(_ line: LogRecognizer.Recognized, on track: inout SceneTrack) -> Verdict {
        current.exchange(&track)
        let verdict = checkOnMainScene(line)
        current.exchange(&track)
        return verdict
    }

    /// Checks a line that names no scene in a process whose lines name scenes: it fits if the first scene's
    /// chart or another's allows it; the app's configuration call may also begin a scene not named yet.
    mutating func checkAmongScenes(_ line: LogRecognizer.Recognized) -> Verdict {
        let others = current.otherScenes.sorted { $0.key < $1.key }
        // A line of a step in progress (the app's notification of a scene's step) is that scene's.
        if !current.openStep.contains(line.event),
            let (scene, found) = others.first(where: { $0.value.openStep.contains(line.event) })
        {
            if let holding = sceneHoldingTheApp(against: line.event, besides: scene, in: current) {
                return violation(heldBy: holding, last: found.lastEvent)
            }
            var track = found
            let verdict = check(line, on: &track)
            current.otherScenes[scene] = track
            return verdict
        }
        let saved = current
        if line.event == .callback(.configurationForConnecting), isConnected(saved),
            let connecting = checkConnecting(line, from: saved)
        {
            // The first scene is connected: the call is for a new scene, not the first one's silent disconnection
            // and return (a display connecting while an overlay covers the app, docs/lifecycle.md §16).
            return connecting
        }
        var verdict = checkOnMainScene(line)
        if !verdict.isViolation {
            guard let holding = sceneHoldingTheApp(against: line.event, besides: saved.mainScene, in: saved) else {
                return verdict
            }
            current = saved
            verdict = violation(heldBy: holding, last: saved.lastEvent)
        }
        // The configuration call begins a scene not named yet, before it may be another scene's: tried on a
        // connected scene's chart first, it took that scene for a new one (an external display's scene, connected
        // and in the foreground, was then refused its sceneDidEnterBackground:).
        if line.event == .callback(.configurationForConnecting), let connecting = checkConnecting(line, from: saved) {
            return connecting
        }
        for (scene, var track) in others {
            current = saved
            let other = check(line, on: &track)
            if other.isViolation || sceneHoldingTheApp(against: line.event, besides: scene, in: saved) != nil {
                continue
            }
            current.otherScenes[scene] = track
            return other
        }
        current = saved
        return verdict
    }

    /// Checks the configuration call on the chart of a scene about to connect, from the process as it was
    /// (`saved`): the verdict if it fits there, the process as it was otherwise.
    mutating func checkConnecting(_ line: LogRecognizer.Recognized, from saved: Process) -> Verdict? {
        current = saved
        var track = saved.connectingScene ?? SceneTrack(states: number(of: Self.connectableOnly))
        let connecting = check(line, on: &track)
        if connecting.isViolation {
            current = saved
            return nil
        }
        current.connectingScene = track
        return connecting
    }

    /// Whether the process's first scene is certainly connected: every state its chart allows has the scene.
    func isConnected(_ process: Process) -> Bool {
        guard let number = process.states else { return false }
        return stateSets[number].allSatisfy { $0.scene != nil }
    }

    /// The states of a scene of the process other than `chart`'s that is certainly where it holds the app above
    /// the state an app-level line takes it to, if there is one. The app's own notifications follow the app's
    /// state, the most active of its scenes' (docs/lifecycle.md §13, §16): `UIApplicationDidEnterBackground…`
    /// cannot come while another window is in the foreground, nor `UIApplicationWillResignActive…` while one is
    /// active, whatever the chart of the scene that left says.
    func sceneHoldingTheApp(against event: LoggedEvent, besides chart: String?, in process: Process)
        -> Set<State>?
    {
        let holding: Set<SceneState>
        switch event {
        case .notification(.didEnterBackground): holding = [.foregroundActive, .foregroundInactive]
        case .notification(.willResignActive): holding = [.foregroundActive]
        default: return nil
        }
        var others = process.otherScenes.filter { $0.key != chart }.map(\.value.states)
        if chart != process.mainScene { others.append(process.states) }
        for number in others {
            guard let number else { continue }
            let states = stateSets[number]
            if !states.isEmpty, states.allSatisfy({ $0.scene.map(holding.contains) ?? false }) { return states }
        }
        return nil
    }

    /// The verdict on an app-level line that another scene's state forbids: the app may be where that scene holds
    /// it, and the lines the model allows from there.
    func violation(heldBy states: Set<State>, last: LoggedEvent?) -> Verdict {
        .violation(possible: states, allowed: allowedEvents(after: states, last: last))
    }

    /// The lines of a scene's connection and disconnection: the first of them a scene shows says whether it
    /// was connected before.
    static let connectionLines = EventSet([
        .callback(.sceneWillConnect), .notification(.sceneWillConnect), .callback(.sceneDidDisconnect),
        .notification(.sceneDidDisconnect),
    ])

    /// Whether a scene met for the first time at `line` connects only later: it is not connected yet, and its
    /// line is held to that (docs/lifecycle.md §12). The first pass knows which scenes connect before they
    /// disconnect; a scene's own connection line is no later one.
    func isConnectingLater(_ scene: String, _ line: LogRecognizer.Recognized) -> Bool {
        scenesConnectingFirst.contains(scene) && !Self.connectionLines.contains(line.event)
    }

    /// Takes the process's first scene as not connected: the process runs, if it may, with no scene; the
    /// states it may be in otherwise stay when none of them fits.
    mutating func startUnconnected() {
        let before = stateSets[current.states ?? number(of: Self.allStates(sceneBased: model.isSceneBased))]
        let unconnected = model.closure(before).filter { $0.scene == nil && $0.app.isExecuting }
        if !unconnected.isEmpty { current.states = number(of: unconnected) }
    }

    /// Where a scene that has not connected yet stands on its chart: the app runs, and this scene gives it the
    /// background.
    static let connectableOnly: Set<State> = [State(app: .background)]
}
