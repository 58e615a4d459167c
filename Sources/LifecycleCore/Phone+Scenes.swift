extension Phone {
    // MARK: Queries

    /// Whether an app lives the scene life cycle: it declares scenes, and the profile has them (iOS 13 and
    /// later). On an older iOS, UIKit ignores an app's scene manifest and calls its app delegate, and so does
    /// the model.
    func usesScenes(_ index: Int) -> Bool {
        apps[index].livesScenes
    }

    /// The state of an app's window scene, or `nil` when none is connected.
    public func sceneState(of app: AppID) -> SceneState? {
        indexByID[app].flatMap { apps[$0].windowScene?.state }
    }

    /// The state of the scene connected to a session, or `nil` when none is (the session is disconnected,
    /// discarded, or was never made).
    public func sceneState(of scene: SceneID) -> SceneState? {
        for app in apps {
            if let session = app.sessions.first(where: { $0.id == scene }) { return session.scene?.state }
        }
        return nil
    }

    /// The windows an app shows when it is in front, left first (docs/lifecycle.md §16).
    public func windowsOnScreen(of app: AppID) -> [SceneID] {
        guard let index = indexByID[app] else { return [] }
        return apps[index].windowsOnScreen.compactMap { number in
            apps[index].sessionPosition(number: number).map { apps[index].sessions[$0].id }
        }
    }

    /// How a window is placed among those its app shows when in front (docs/lifecycle.md §16): `fullScreen` when
    /// it is the only one, `split` when tiled with another, `slideOver` or `stage`; `nil` when it is not shown.
    public func placement(of scene: SceneID) -> WindowPlacement? {
        guard let index = apps.firstIndex(where: { $0.sessions.contains { $0.id == scene } }),
            let position = apps[index].sessions.firstIndex(where: { $0.id == scene }),
            apps[index].windowsOnScreen.contains(apps[index].sessions[position].number)
        else { return nil }
        let number = apps[index].sessions[position].number
        if apps[index].slideOverWindow == number { return .slideOver }
        if apps[index].windowsOnStage { return .stage }
        // Tiled with a window of its own app, or of another app on screen beside it.
        let tiled =
            isOnScreen(index) && !alongside.isEmpty
            ? screenLayout.tiled : apps[index].windowsOnScreen.count - (apps[index].slideOverWindow == nil ? 0 : 1)
        return tiled > 1 ? .split : .fullScreen
    }

    /// The app an external display is connected to, if one is.
    public var externalDisplay: AppID? { externalDisplayApp.map { apps[$0].id } }

    /// The sessions an app has (`UIApplication.openSessions`), the first window's first: their ids, roles, and the
    /// state of the scene connected to each (`nil` when none is).
    public func sessions(of app: AppID) -> [(id: SceneID, role: SceneRole, state: SceneState?)] {
        guard let index = indexByID[app] else { return [] }
        return apps[index].sessions.map { ($0.id, $0.role, $0.scene?.state) }
    }

    /// The scene event of an app-level foreground event, for a scene-based app's only scene.
    static func sceneEvent(for event: AppLifecycle.Event) -> SceneLifecycle.Event? {
        switch event {
        case .enterForeground: .enterForeground
        case .becomeActive: .becomeActive
        case .resignActive: .resignActive
        case .enterBackground: .enterBackground
        default: nil
        }
    }

    // MARK: Coming forward

    /// Brings a scene-based app forward (docs/lifecycle.md §13): launched into the background if it is not
    /// running, resumed if it is suspended; its scene connects if it has none (with what brought it forward in
    /// its connection options), then enters the foreground and becomes active.
    mutating func bringSceneForward(_ request: ForegroundRequest) {
        let index = request.app
        let options = request.options ?? LaunchOptions()
        var connection = ConnectionOptions(
            url: options.url, sourceApplication: options.sourceApplication, userActivityType: options.userActivityType,
            shortcutItem: options.shortcutItem)
        // An activity's target rides in its delivery's argument (not in the launch options, which every tap copies).
        if options.userActivityType != nil,
            let continued = request.deliveries.first(where: { $0.callback == .continueUserActivity })?.argument
        {
            connection.userActivityTarget = UserActivityArgument.split(continued).target
        }
        // A tapped push stays the app delegate's, and a notification's response its notification delegate's (which
        // a connecting scene also finds in its options); the rest arrive in the connection options when the scene
        // connects, or through the scene delegate when it was already connected.
        let pushes = request.deliveries.filter {
            $0.callback == .didReceiveRemoteNotification || $0.callback == .notificationDidReceive
        }
        connection.notificationResponse = pushes.first { $0.callback == .notificationDidReceive }?.argument
        let state = projectedState(of: index)
        let connected = apps[index].windowScene != nil && state != .notRunning
        switch state {
        case .notRunning:
            let launchOptions = LaunchOptions(
                remoteNotification: options.remoteNotification,
                remoteNotificationPayload: options.remoteNotificationPayload)
            queueLaunch(index, options: launchOptions, inBackground: true)
        case .suspended:
            queue(.change(.resume, .resume), for: index)
        default:
            break
        }
        if !connected {
            // The session is made if the app has none (and configured once), then the scene connects.
            queue(.connectScene(.window), for: index)
            queue(.call(.configurationForConnecting, nil, .firstConfiguration), for: index)
            queueCall(.sceneWillConnect, .connectionOptions(connection), for: index)
            // Sessions discarded while the app was not running are told once the scene has connected, before it
            // enters the foreground (the logs of docs/lifecycle.md §13).
            queueDiscardedSessions(of: index)
            // The other windows shown with it (side by side on an iPad) connect too, each to its own session (§16).
            if apps[index].windowsOnScreen.count > 1 {
                for number in apps[index].otherWindowsOnScreen {
                    guard let position = apps[index].sessionPosition(number: number),
                        apps[index].sessions[position].scene == nil
                    else { continue }
                    queue(.focusSession(number), for: index)
                    queue(.connectScene(.window), for: index)
                    queueCall(.sceneWillConnect, .connectionOptions(ConnectionOptions()), for: index)
                }
                queue(.focus(.window), for: index)
            }
        }
        let sceneDeliveries = connected ? Self.sceneDeliveries(request.deliveries) : []
        // A URL reaches a connected scene while it is still in the background, before it enters the foreground;
        // an activity or a quick action after (the logs of docs/lifecycle.md §13).
        let urls = sceneDeliveries.filter { $0.callback == .sceneOpenURLContexts }
        if !urls.isEmpty { queueCalls(delivering: urls, when: .always, to: index) }
        queueSteps(for: .enterForeground, of: index)
        if externalDisplayApp == index { queueDisplayReconnection(of: index) }
        queue(.deliverQueuedNotifications, for: index)
        if connected {
            let others = sceneDeliveries.filter { $0.callback != .sceneOpenURLContexts }
            queueCalls(delivering: others, when: .always, to: index)
        } else {
            queueCalls(delivering: pushes, when: request.launchGate, to: index)
        }
        queueSteps(for: .becomeActive, of: index)
        run(index)
    }

    /// The scene delegate's methods for events an app delegate would receive: a URL, an activity, a quick
    /// action. A tapped push stays the app delegate's.
    static func sceneDeliveries(_ deliveries: [ForegroundRequest.Delivery]) -> [ForegroundRequest.Delivery] {
        deliveries.map { delivery in
            let callback: Callback =
                switch delivery.callback {
                case .openURL: .sceneOpenURLContexts
                case .willContinueUserActivity: .sceneWillContinueUserActivity
                case .continueUserActivity: .sceneContinueUserActivity
                case .performActionForShortcutItem: .windowScenePerformActionForShortcutItem
                default: delivery.callback
                }
            return (callback, delivery.argument)
        }
    }

    /// Makes the app's session of a role if it has none, in focus, and connects a scene to it, `unattached`.
    mutating func connectScene(_ role: SceneRole, of index: Int) {
        if apps[index].session == nil {
            apps[index].sessionCount += 1
            let session = SceneSession(number: apps[index].sessionCount, app: apps[index].id, role: role)
            // The window's session comes first: the other scenes follow it.
            if role == .window {
                apps[index].insertSession(session, at: 0)
                apps[index].focus = 0
                apps[index].show(onlyWindow: session.number)
            } else {
                apps[index].appendSession(session)
                apps[index].focus = apps[index].sessions.count - 1
            }
        }
        apps[index].scene = SceneLifecycle()
    }

    /// The detail a scene-delegate method is called with: the connection options carry the session's
    /// restoration activity, if it has one.
    func sceneDetail(of callback: Callback, _ detail: CallbackDetail?, on index: Int) -> CallbackDetail? {
        guard callback == .sceneWillConnect, let session = apps[index].session else { return detail }
        var options = if case .connectionOptions(let options) = detail { options } else { ConnectionOptions() }
        if session.hasRestorationActivity { options.restorationActivity = session.id }
        return .connectionOptions(options)
    }

    // MARK: Scene state

    /// Changes the app's scene through its state machine, then the app's own state to the one its scene asks
    /// for: the app's state is derived from its scene, never set apart from it (docs/lifecycle.md §13).
    mutating func applySceneEvent(_ event: SceneLifecycle.Event, to index: Int) {
        apps[index].lastSceneStepChangedApp = false
        guard var scene = apps[index].scene, let session = apps[index].session, let change = scene.handle(event)
        else {
            // A step queued for a scene that is gone (its process was killed meanwhile): nothing to do.
            return
        }
        apps[index].scene = event == .disconnect ? nil : scene
        emit(.sceneTransition(app: index, scene: output.keep(session.id), from: change.from, to: change.to))
        let before = apps[index].state
        let derived = apps[index].stateOfScenes
        guard derived != before,
            let appEvent = AppLifecycle.Event.allCases.first(where: {
                AppLifecycle.target(of: $0, from: before) == derived && Self.sceneEvent(for: $0) != nil
            })
        else { return }
        apply(appEvent, nil, to: index)
        apps[index].lastSceneStepChangedApp = true
    }

    /// Whether the step of a scene-delegate method changes the app's own state: after the transition for a
    /// `did…` method, before it for a `will…` one.
    func sceneStepChangesApp(_ callback: Callback, on index: Int) -> Bool {
        guard let event = SceneLifecycle.Event.allCases.first(where: { SceneLifecycle.callback(for: $0) == callback })
        else { return false }
        guard SceneLifecycle.callbackPrecedesTransition(event) else { return apps[index].lastSceneStepChangedApp }
        guard let scene = apps[index].scene, let next = SceneLifecycle.target(of: event, from: scene.state) else {
            return false
        }
        return apps[index].stateOfScenes(withFocusIn: next) != apps[index].state
    }

    // MARK: The system's scene actions

    /// The system reclaims an app's background scene (docs/lifecycle.md §13): a suspended app is resumed for
    /// `sceneDidDisconnect:`, then suspended again; the session stays, with its restoration activity.
    mutating func disconnectScene(of index: Int) throws(ImpossibleAction) {
        guard usesScenes(index) else {
            throw ImpossibleAction("\(apps[index].id) is not scene-based (declare it with 'scenes')", culprit: .app)
        }
        let state = projectedState(of: index)
        guard apps[index].windowScene != nil, state == .background || state == .suspended else {
            throw ImpossibleAction(
                "\(apps[index].id) has no connected scene in the background (it is \(state.rawValue))", culprit: .app)
        }
        if state == .suspended { queue(.change(.resume, .resume), for: index) }
        queue(.scene(.disconnect), for: index)
        queue(.call(.sceneDidDisconnect, nil, .always), for: index)
        run(index)
    }

    /// The system starts an app's process before the user asks for it (docs/lifecycle.md §15): UIKit does
    /// not run yet, so the app stays `notRunning` and hears nothing; the process counts toward memory.
    mutating func prewarm(_ index: Int) throws(ImpossibleAction) {
        guard profile.prewarms else {
            throw ImpossibleAction("prewarming exists from iOS 15; the profile is \(profile.rawValue)")
        }
        guard projectedState(of: index) == .notRunning else {
            throw ImpossibleAction("\(apps[index].id) is already running", culprit: .app)
        }
        guard !apps[index].isPrewarmed else {
            throw ImpossibleAction("\(apps[index].id) is already prewarmed", culprit: .app)
        }
        let needed = apps[index].footprint
        guard needed <= freeMemory else {
            note(
                index,
                "not prewarmed: \(needed) MB needed, \(freeMemory) MB free (the system prewarms as memory allows)")
            return
        }
        if profile.prewarmRunsLaunchMethods {
            // iOS 15.0 to 15.3: the prewarm goes on into UIApplicationMain and the launch methods, in the
            // background, locked or not; no scene connects until the user opens the app, whose tap then resumes the
            // launch without running them again (docs/lifecycle.md §21).
            note(
                index,
                "prewarmed (iOS 15.0 to 15.3): the system launches it in the background and runs its launch methods; "
                    + "no scene connects until the user opens it")
            queueLaunch(index, options: nil, inBackground: true)
            run(index)
            return
        }
        apps[index].isPrewarmed = true
        prewarmed.insert(index)
        usedMemory += needed
        note(index, "prewarmed: the system starts its process ahead of a launch; UIKit does not run yet")
    }

    /// Swiping away a running scene-based app (docs/lifecycle.md §13): its scene disconnects, from the foreground
    /// or the background, with no `sceneDidEnterBackground:`; the app hears at once that the session is discarded
    /// (with any discarded before and not yet told), then terminates.
    mutating func terminateSwipedScene(of index: Int) {
        queue(.scene(.disconnect), for: index)
        queue(.call(.sceneDidDisconnect, nil, .always), for: index)
        if let display = apps[index].sessionPosition(of: .externalDisplay), apps[index].sessions[display].scene != nil {
            queue(.focus(.externalDisplay), for: index)
            queue(.scene(.disconnect), for: index)
            queue(.call(.sceneDidDisconnect, nil, .always), for: index)
            queue(.focus(.window), for: index)
        }
        apps[index].discardedSessions.append(contentsOf: apps[index].sessions.map(\.id))
        queueDiscardedSessions(of: index)
        queue(.forgetSessions, for: index)
        queueSteps(for: .terminate, of: index, reason: .user)
        run(index)
    }

    /// Discards one session of several while the app lives on (a window closed, a display unplugged;
    /// docs/lifecycle.md §16): its scene, if connected, resigns if it was active and disconnects, with no
    /// `sceneDidEnterBackground:`, and the app hears at once that the session is discarded. A suspended app is
    /// resumed for it, then suspended again; one that is not running hears of it after a scene connects at its
    /// next launch.
    mutating func closeSession(at position: Int, of index: Int) {
        let session = apps[index].sessions[position]
        apps[index].discardedSessions.append(session.id)
        switch projectedState(of: index) {
        case .notRunning:
            apps[index].removeSession(at: position)
            apps[index].focus(on: .window)
            note(index, "session \(session.id) discarded")
            return
        case .suspended:
            queue(.change(.resume, .resume), for: index)
        default:
            break
        }
        queue(.focusSession(session.number), for: index)
        // A process launched into the background has no scene connected to the session.
        if let state = session.scene?.state {
            if state == .foregroundActive { queueSceneSteps(for: .resignActive, .always, of: index) }
            queue(.scene(.disconnect), for: index)
            queue(.call(.sceneDidDisconnect, nil, .always), for: index)
        }
        queueDiscardedSessions(of: index)
        queue(.forgetSession, for: index)
        run(index)
    }

    /// `application:didDiscardSceneSessions:` with the sessions the user discarded since the app last heard of it.
    mutating func queueDiscardedSessions(of index: Int) {
        guard !apps[index].discardedSessions.isEmpty else { return }
        let sessions = apps[index].discardedSessions.map(\.rawValue).joined(separator: " ")
        apps[index].discardedSessions = []
        queueCall(.didDiscardSceneSessions, .argument(sessions), for: index)
    }

    /// The user swiped away an app whose scene does not hear of it (the app is suspended, or runs with no scene
    /// connected): its session goes once the process has ended, and the app hears of it after a scene connects
    /// at its next launch.
    mutating func discardSession(of index: Int) {
        guard usesScenes(index), !apps[index].sessions.isEmpty else { return }
        apps[index].discardsSessionOnExit = true
        if apps[index].state == .notRunning { endDiscardedSession(of: index) }
    }

    /// Drops the sessions the user discarded, now that their app's process has ended.
    mutating func endDiscardedSession(of index: Int) {
        apps[index].discardsSessionOnExit = false
        for session in apps[index].sessions {
            apps[index].discardedSessions.append(session.id)
            note(index, "session \(session.id) discarded")
        }
        apps[index].forgetEverySession()
    }
}
