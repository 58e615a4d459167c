extension Phone {
    /// An external display is connected while an app is in the foreground (docs/lifecycle.md §16): the app
    /// configures a scene of the display's role, which connects and enters the foreground, and stays
    /// `foregroundInactive`: it takes no touches, so it never becomes active.
    mutating func connectDisplay(to index: Int) throws(ImpossibleAction) {
        if let connected = externalDisplayApp {
            throw ImpossibleAction("an external display is already connected (to \(apps[connected].id))")
        }
        guard usesScenes(index) else {
            throw ImpossibleAction(
                "\(apps[index].id) is not scene-based (declare it with 'scenes'): only scenes reach a display",
                culprit: .app)
        }
        let state = projectedState(of: index)
        guard state == .active || state == .inactive else {
            throw ImpossibleAction(
                "\(apps[index].id) is not in the foreground (it is \(state.rawValue)); a display shows the app in front",
                culprit: .app)
        }
        externalDisplayApp = index
        queueDisplayReconnection(of: index)
        run(index)
    }

    /// Connects the app's display scene if it has none connected: a new session asks for its configuration; one
    /// that outlived the process (a purge) is reconnected as it is. It enters the foreground, after the window.
    mutating func queueDisplayReconnection(of index: Int) {
        let position = apps[index].sessionPosition(of: .externalDisplay)
        guard position.flatMap({ apps[index].sessions[$0].scene }) == nil else { return }
        queue(.focus(.externalDisplay), for: index)
        queue(.connectScene(.externalDisplay), for: index)
        if position == nil { queue(.call(.configurationForConnecting, nil, .always), for: index) }
        queueCall(.sceneWillConnect, .connectionOptions(ConnectionOptions()), for: index)
        queueSceneSteps(for: .enterForeground, .always, of: index)
        queue(.focus(.window), for: index)
    }

    /// The external display is disconnected (docs/lifecycle.md §16): its scene disconnects (a suspended app is
    /// resumed for it, then suspended again) and the app hears that its session is discarded. An app that is not
    /// running hears of it after a scene connects at its next launch.
    mutating func disconnectDisplay() throws(ImpossibleAction) {
        guard let index = externalDisplayApp else { throw ImpossibleAction("no external display is connected") }
        externalDisplayApp = nil
        guard let position = apps[index].sessionPosition(of: .externalDisplay) else { return }
        closeSession(at: position, of: index)
    }
}
