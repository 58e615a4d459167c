extension Phone {
    /// Opens a new window of a scene-based app (docs/lifecycle.md §16): full screen, covering what was on screen,
    /// or on an iPad beside, over or on a stage with the app's windows on screen. Its session is new, so the app is
    /// asked for its configuration even after its first launch.
    ///
    /// An app that is not on screen, placed beside, over or with the windows of another, comes as a tap brings it,
    /// with its front window (a new session only if it has none); the apps on screen hear nothing.
    mutating func openNewWindow(_ index: Int, placement: WindowPlacement) throws(ImpossibleAction) {
        let app = apps[index].id
        guard usesScenes(index) else {
            throw ImpossibleAction("\(app) is not scene-based (declare it with 'scenes')", culprit: .app)
        }
        try requireUnlocked()
        try requireNothingOpen()
        if placement != .fullScreen, foreground != nil, !isOnScreen(index) {
            try checkRoom(for: placement, of: index)
            bringBeside(index, window: windowToShowBeside(index), placement)
            return
        }
        if apps[index].windowSessionCount > 0 {
            guard device == .ipad else {
                throw ImpossibleAction(
                    "an iPhone shows one window of an app, and \(app) has one; several windows need 'device ipad'",
                    culprit: .app)
            }
            guard apps[index].configuration.supportsMultipleWindows else {
                throw ImpossibleAction(
                    "\(app) has one window and no more (declare it with 'scenes multiple-windows')", culprit: .app)
            }
        }
        if placement != .fullScreen { try checkRoom(for: placement, of: index) }
        let number = apps[index].makeWindowSession()
        if isOnScreen(index) {
            let covered = placement == .fullScreen ? apps[index].windowsOnScreen : []
            place(number, placement, of: index)
            // The new window takes the focus (the key window, docs/lifecycle.md §16).
            sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
            queueWindowComingForward(number, of: index, connecting: true, covering: covered)
            // Full screen, it covers the other apps' windows too: they leave after it came.
            if placement == .fullScreen { leaveScreen(except: index) }
        } else {
            leaveScreen()
            showOnly(number, of: index)
            bringForward(index)
        }
    }

    /// Throws unless the app's windows on screen leave room for a new one placed beside, over or with them.
    private func checkRoom(for placement: WindowPlacement, of index: Int) throws(ImpossibleAction) {
        let app = apps[index].id
        let (feature, relation) =
            switch placement {
            case .fullScreen: ("A window full screen", "cover")
            case .split: ("Split View", "be side by side with")
            case .slideOver: ("Slide Over", "float over")
            case .stage: ("Stage Manager", "join on a stage")
            }
        guard device == .ipad else { throw ImpossibleAction("\(feature) needs an iPad ('device ipad')") }
        if placement == .stage, profile < .ios16 {
            throw ImpossibleAction("Stage Manager came with iPadOS 16; the profile is \(profile.rawValue)")
        }
        guard let front = foreground else {
            throw ImpossibleAction("no window is on screen for a new one to \(relation)", culprit: .app)
        }
        if !isOnScreen(index) { try requireSceneBasedScreen() }
        // The windows on screen, of every app there; named as the app's own when it is alone on screen.
        let layout = screenLayout
        let alone = front == index && alongside.isEmpty
        let windows = alone ? "\(app)'s windows" : "the windows on screen"
        switch placement {
        case .fullScreen:
            return
        case .split:
            if layout.onStage {
                throw ImpossibleAction("\(windows) are on a stage, where Split View is off", culprit: .app)
            }
            guard layout.tiled == 1 else {
                throw ImpossibleAction(
                    alone
                        ? "two windows of \(app) are side by side already; a third cannot join them"
                        : "two windows are side by side already; a third takes one's place with 'replacing SCENE'",
                    culprit: .app)
            }
        case .slideOver:
            if layout.onStage {
                throw ImpossibleAction("\(windows) are on a stage, where Slide Over is off", culprit: .app)
            }
            if let owner = layout.slideOverApp {
                throw ImpossibleAction("a window of \(apps[owner].id) is in Slide Over already", culprit: .app)
            }
        case .stage:
            guard layout.onStage || layout.windows == 1 else {
                throw ImpossibleAction(
                    "\(windows) are in Split View or Slide Over, not on a stage; a new one goes full screen",
                    culprit: .app)
            }
            let capacity = WindowPlacement.stageCapacity(under: profile)
            guard layout.windows < capacity else {
                throw ImpossibleAction(
                    alone
                        ? "a stage holds \(capacity) windows before iPadOS 26, and \(app) has \(capacity) on it"
                        : "a stage holds \(capacity) windows before iPadOS 26, and \(capacity) are on it",
                    culprit: .app)
            }
        }
    }

    /// Puts a new window on screen as placed: it covers the others, joins the tiled one, floats over them, or joins
    /// their stage. Left first: a Slide Over window stays the last.
    private mutating func place(_ number: Int32, _ placement: WindowPlacement, of index: Int) {
        switch placement {
        case .fullScreen:
            apps[index].show(onlyWindow: number)
        case .split:
            let tiledEnd = apps[index].slideOverWindow == nil ? apps[index].windowsOnScreen.endIndex : 1
            apps[index].windowsOnScreen.insert(number, at: tiledEnd)
        case .slideOver:
            apps[index].windowsOnScreen.append(number)
            apps[index].slideOverWindow = number
        case .stage:
            apps[index].windowsOnScreen.append(number)
            apps[index].windowsOnStage = true
        }
    }

    /// Picks a window's card in the switcher, or brings it forward at its app's request (docs/lifecycle.md §16):
    /// it comes forward full screen, connecting again if the system had reclaimed its scene; the windows it
    /// covers enter the background.
    mutating func pickWindow(_ scene: SceneID, fromSwitcher: Bool) throws(ImpossibleAction) {
        let (index, position) = try windowSession(scene)
        if fromSwitcher, !apps[index].hasSwitcherCard {
            throw ImpossibleAction("\(apps[index].id) has no card in the app switcher", culprit: .app)
        }
        let number = apps[index].sessions[position].number
        overlay = nil
        guard isOnScreen(index) else {
            leaveScreen()
            showOnly(number, of: index)
            bringForward(index)
            return
        }
        if apps[index].windowsOnScreen.contains(number) {
            // Back to what was on screen, every app there.
            activateScreen()
            return
        }
        let covered = apps[index].windowsOnScreen
        apps[index].show(onlyWindow: number)
        queueWindowComingForward(
            number, of: index, connecting: apps[index].sessions[position].scene == nil, covering: covered)
        leaveScreen(except: index)
    }

    /// Closes a window (docs/lifecycle.md §16): swiped away, or `requestSceneSessionDestruction`. Its scene
    /// resigns if it was active and disconnects, with no `sceneDidEnterBackground:`, and the app hears at once
    /// that its session is discarded (a suspended app is resumed for it, then suspended again; one that is not
    /// running hears of it after a scene connects at its next launch). The app's last window goes as a swipe of
    /// the app: it terminates.
    mutating func closeWindow(_ scene: SceneID) throws(ImpossibleAction) {
        let (index, position) = try windowSession(scene)
        guard apps[index].windowSessionCount > 1 else {
            // An active window resigns first; then its scene disconnects as a swiped card's (§13).
            resignActive(index)
            swipeAway(index)
            return
        }
        let number = apps[index].sessions[position].number
        let leavesTheScreen = isOnScreen(index) && apps[index].windowsOnScreen == [number]
        apps[index].removeFromScreen(number)
        closeSession(at: position, of: index)
        // The window was all the app in front showed: with it gone the user sees the Home screen, and the app's
        // other windows, in the switcher only, are not brought forward. An external display's scene, which follows
        // the app's window, enters the background with it, and the app with it (§16): else it kept the app in
        // front, and the next activation reached a window with no scene.
        if leavesTheScreen, let display = apps[index].sessionPosition(of: .externalDisplay),
            let state = apps[index].sessions[display].scene?.state, state != .background
        {
            queueDisplaySceneSteps(for: .enterBackground, of: index)
            run(index)
        }
    }

    /// Asks the window in focus, one of several, for its restoration activity and keeps it with its session.
    mutating func queueRestorationActivityRequest(of index: Int) {
        queue(.call(.stateRestorationActivityForScene, nil, .sceneConnected), for: index)
        queue(.storeSceneActivity, for: index)
    }

    /// Makes a window the only one the app shows when in front; the run loop's steps are about it from here.
    mutating func showOnly(_ number: Int32, of index: Int) {
        apps[index].show(onlyWindow: number)
        queue(.focus(.window), for: index)
    }

    /// The user action that does what an app's own code asked for its scenes (a new window, a window brought
    /// forward, a window closed), for a host to perform as it performs the user's; throws when the session it
    /// names is not the app's.
    public func userAction(for request: SceneSessionRequest, from app: AppID) throws(ImpossibleAction) -> UserAction {
        let scene: SceneID?
        let action: UserAction
        switch request {
        case .activate(nil): (scene, action) = (nil, .newWindow(app, placement: .fullScreen))
        case .activate(let window?): (scene, action) = (window, .activateWindow(window))
        case .destroy(let window): (scene, action) = (window, .closeWindow(window))
        case .setActivationConditions(let window, let conditions):
            (scene, action) = (window, .setActivationConditions(window, conditions))
        }
        if let scene, !sessions(of: app).contains(where: { $0.id == scene }) {
            throw ImpossibleAction("\(scene) is not a session of \(app)", culprit: .scene)
        }
        return action
    }

    /// The app and position of a window session, or why there is none.
    func windowSession(_ scene: SceneID) throws(ImpossibleAction) -> (index: Int, position: Int) {
        for index in apps.indices {
            guard let position = apps[index].sessions.firstIndex(where: { $0.id == scene }) else { continue }
            guard apps[index].sessions[position].role == .window else {
                throw ImpossibleAction(
                    "\(scene) is an external display's scene, which goes with 'disconnect-display'", culprit: .scene)
            }
            return (index, position)
        }
        throw ImpossibleAction("no app has a session \(scene)", culprit: .scene)
    }

    /// Queues a window of the app in front coming forward, the order of SPEC §16's table: it connects (asking for
    /// its configuration if its session is new), enters the foreground and becomes active; then the windows it
    /// covers enter the background, each asked for its restoration activity. The app stays active throughout.
    ///
    /// A `url` that brought it forward comes in its connection options as it connects, or to its connected scene
    /// first, while still in the background. (Two strings rather than the options: connection options passed in,
    /// even empty, cost opening 20,000 windows 1%.)
    mutating func queueWindowComingForward(
        _ number: Int32, of index: Int, connecting: Bool, covering covered: [Int32], item: ExternalItem? = nil
    ) {
        queue(.focusSession(number), for: index)
        if connecting {
            queue(.connectScene(.window), for: index)
            queue(.call(.configurationForConnecting, nil, .firstConfiguration), for: index)
            let connection = item?.connectionOptions ?? ConnectionOptions()
            queueCall(.sceneWillConnect, .connectionOptions(connection), for: index)
            queueDiscardedSessions(of: index)
        } else if let item {
            queueCalls(delivering: Self.sceneDeliveries(item.deliveries), when: .always, to: index)
        }
        queueSceneSteps(for: .enterForeground, .always, of: index)
        queueSceneSteps(for: .becomeActive, .always, of: index)
        for window in covered { queueWindowLeaving(window, of: index) }
        queue(.focus(.window), for: index)
        run(index)
    }

    /// Queues a window of an app that stays in the foreground leaving the screen: its scene resigns if it is active
    /// and enters the background, asked for its restoration activity. The focus stays on that window's session.
    mutating func queueWindowLeaving(_ number: Int32, of index: Int) {
        queue(.focusSession(number), for: index)
        if let position = apps[index].sessionPosition(number: number),
            apps[index].sessions[position].scene?.state == .foregroundActive
        {
            queueSceneSteps(for: .resignActive, .sceneConnected, of: index)
        }
        queueSceneSteps(for: .enterBackground, .sceneConnected, of: index)
        if apps[index].behavior.restoresState { queueRestorationActivityRequest(of: index) }
    }
}
