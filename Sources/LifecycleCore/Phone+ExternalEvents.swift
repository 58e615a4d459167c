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
        let sessions = apps[index].sessions
        var candidates = [front]
        for number in apps[index].otherWindowsOnScreen {
            if let position = apps[index].sessionPosition(number: number) { candidates.append(position) }
        }
        for position in sessions.indices where sessions[position].role == .window && !candidates.contains(position) {
            candidates.append(position)
        }
        let chosen =
            candidates.first { sessions[$0].activationConditions.prefers(url) }
            ?? candidates.first { sessions[$0].activationConditions.allows(url) }
        guard let chosen else { return .newWindow }
        return chosen == front ? .frontWindow : .window(sessions[chosen].number)
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
            queueCalls(delivering: Self.sceneDeliveries(deliveries), when: .always, to: index)
            queue(.focus(.window), for: index)
            run(index)
            becomeActive(index)
            return
        }
        let covered = apps[index].windowsOnScreen
        apps[index].show(onlyWindow: number)
        sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
        let connection = ConnectionOptions(url: url, sourceApplication: options.sourceApplication)
        queueWindowComingForward(
            number, of: index, connecting: connecting, covering: covered, connection: connection,
            delivering: connecting ? [] : Self.sceneDeliveries(deliveries))
        leaveScreen(except: index)
    }

    /// Keeps what a window's scene says it handles with its session, and notes a change in the trace where URLs go
    /// by it.
    mutating func setActivationConditions(_ conditions: SceneActivationConditions, of scene: SceneID)
        throws(ImpossibleAction)
    {
        let (index, position) = try windowSession(scene)
        guard apps[index].sessions[position].activationConditions != conditions else { return }
        apps[index].setActivationConditions(conditions, ofSessionAt: position)
        if routesURLs(of: index) { note(index, "\(scene)'s scene \(conditions)") }
    }
}
