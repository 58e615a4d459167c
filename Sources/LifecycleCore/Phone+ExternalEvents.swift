extension Phone {
    /// Where a URL for an app with several windows goes (docs/lifecycle.md §16): a window whose scene prefers it,
    /// else one whose scene can take it, looked for from the front window, then the others on screen, then the rest
    /// in the order they were made; else a new window. An iPhone, or an app with one window, gets it in its window.
    enum ExternalEventDestination: Equatable {
        /// The window the URL goes to whatever its conditions: the app's front window, as without routing.
        case frontWindow
        /// Another of the app's windows, by its session's number.
        case window(Int32)
        /// A new window, made for the URL.
        case newWindow
    }

    /// The window a URL goes to among the app's, by what each window's scene said it handles.
    func destination(ofURL url: String, for index: Int) -> ExternalEventDestination {
        guard routesURLs(of: index), let front = apps[index].frontWindowPosition else { return .frontWindow }
        let app = apps[index]
        // The window sessions in the order they are looked through: the front window, the others on screen (a few
        // at most), then the rest as they were made.
        let rest = app.sessions.indices.filter { position in
            position != front && app.sessions[position].role == .window
                && !app.windowsOnScreen.contains(app.sessions[position].number)
        }
        let order = [front] + app.otherWindowsOnScreen.compactMap(app.sessionPosition(number:)) + rest
        func first(where test: (SceneActivationConditions) -> Bool) -> Int? {
            order.first { test(sharedScreen.activationConditions(of: app.sessions[$0].id)) }
        }
        guard let chosen = first(where: { $0.prefers(url) }) ?? first(where: { $0.allows(url) }) else {
            return .newWindow
        }
        return chosen == front ? .frontWindow : .window(app.sessions[chosen].number)
    }

    /// `UIApplication.supportsMultipleScenes`: whether the app shows several windows, so that its URLs go by its
    /// windows' conditions.
    public func supportsMultipleScenes(_ app: AppID) -> Bool {
        indexByID[app].map(routesURLs(of:)) ?? false
    }

    /// Whether the app's URLs go by its windows' conditions: it shows several windows, on an iPad. An iPhone, or an
    /// app with one window, gets every URL in its window.
    func routesURLs(of index: Int) -> Bool {
        device == .ipad && apps[index].configuration.supportsMultipleWindows && usesScenes(index)
    }

    /// Opens a URL in the app, in the window its scenes' conditions choose: the front window as any URL goes, or
    /// another window brought forward full screen (connecting again if its scene was reclaimed), or a new window
    /// that gets the URL as it connects. Brought forward, a window gets the URL while still in the background, as
    /// the front window does (§13).
    mutating func openURL(_ url: String, in index: Int, options: LaunchOptions) {
        let deliveries: [ForegroundRequest.Delivery] = [(.openURL, url)]
        let number: Int32
        let connecting: Bool
        switch destination(ofURL: url, for: index) {
        case .frontWindow:
            bringToFront(index, options: options, deliveries: deliveries)
            return
        case .window(let window):
            number = window
            connecting = apps[index].sessionPosition(number: window).flatMap { apps[index].sessions[$0].scene } == nil
            note(index, "the URL goes to \(SceneID(app: apps[index].id, number: Int(window))), whose scene takes it")
        case .newWindow:
            number = apps[index].makeWindowSession()
            connecting = true
            note(index, "no window's scene takes the URL: it opens in a new window")
        }
        guard isOnScreen(index) else {
            leaveScreen()
            showOnly(number, of: index)
            bringForward(index, options: options, deliveries: deliveries)
            return
        }
        if apps[index].windowsOnScreen.contains(number) {
            queue(.focusSession(number), for: index)
            queueCall(.sceneOpenURLContexts, .argument(url), for: index)
            queue(.focus(.window), for: index)
            run(index)
            becomeActive(index)
            return
        }
        let covered = apps[index].windowsOnScreen
        apps[index].show(onlyWindow: number)
        sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
        queueWindowComingForward(
            number, of: index, connecting: connecting, covering: covered, url: url,
            sourceApplication: options.sourceApplication)
        leaveScreen(except: index)
    }

    /// Keeps what a window's scene says it handles with its session, where URLs go by it, and notes a change in the
    /// trace.
    mutating func setActivationConditions(_ conditions: SceneActivationConditions, of scene: SceneID)
        throws(ImpossibleAction)
    {
        let (index, _) = try windowSession(scene)
        // Where URLs do not go by them (an iPhone), the system has nothing to keep.
        guard routesURLs(of: index), sharedScreen.activationConditions(of: scene) != conditions else { return }
        sharedScreen.setActivationConditions(conditions, of: scene, appSessions: apps[index].sessions.lazy.map(\.id))
        note(index, "\(scene)'s scene \(conditions)")
    }
}
