extension Phone {
    /// What the outside world sends an app and an iPad routes among its windows (docs/lifecycle.md §16): a URL, or an
    /// activity, by its target content identifier.
    enum ExternalItem {
        case url(String, sourceApplication: String?)
        case activity(type: String, target: String?)

        /// What the windows' conditions are matched against: the URL's text, the activity's target.
        var target: String? {
            switch self {
            case .url(let url, _): url
            case .activity(_, let target): target
            }
        }

        /// The item's name in the trace's notes.
        var name: String {
            switch self {
            case .url: "URL"
            case .activity: "activity"
            }
        }

        var launchOptions: LaunchOptions {
            switch self {
            case .url(let url, let source): LaunchOptions(url: url, sourceApplication: source)
            case .activity(let type, _): LaunchOptions(userActivityType: type)
            }
        }

        /// The app delegate's calls that deliver it to an app on screen (a scene-based app's go to its scene).
        var deliveries: [ForegroundRequest.Delivery] {
            switch self {
            case .url(let url, _): [(.openURL, url)]
            case .activity(let type, let target):
                [
                    (.willContinueUserActivity, type),
                    (.continueUserActivity, UserActivityArgument.argument(type: type, target: target)),
                ]
            }
        }

        /// What a window made or connected for it finds in its connection options.
        var connectionOptions: ConnectionOptions {
            switch self {
            case .url(let url, let source): ConnectionOptions(url: url, sourceApplication: source)
            case .activity(let type, let target): ConnectionOptions(userActivityType: type, userActivityTarget: target)
            }
        }
    }

    /// Where a URL or an activity for an app with several windows goes (docs/lifecycle.md §16): a window whose
    /// scene prefers it, else one whose scene can take it, looked for from the front window, then the others on
    /// screen, then the rest in the order they were made; else a new window. An iPhone, or an app with one window,
    /// gets it in its window.
    enum ExternalEventDestination: Equatable {
        /// The window the item goes to whatever its conditions: the app's front window, as without routing.
        case frontWindow
        /// Another of the app's windows, by its session's number.
        case window(Int32)
        /// A new window, made for the item.
        case newWindow
    }

    /// The window an item goes to among the app's, by what each window's scene said it handles. An item with no
    /// target (an activity without a target content identifier) goes to the front window, as without routing.
    func destination(of target: String?, for index: Int) -> ExternalEventDestination {
        guard let target, routesURLs(of: index), let front = apps[index].frontWindowPosition else {
            return .frontWindow
        }
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
        guard let chosen = first(where: { $0.prefers(target) }) ?? first(where: { $0.allows(target) }) else {
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

    /// Sends a URL or an activity to the app, in the window its scenes' conditions choose: the front window as
    /// any item goes, or another window brought forward full screen (connecting again if its scene was reclaimed),
    /// or a new window that gets the item as it connects. Brought forward, a window gets the item while still in
    /// the background, as the front window does (§13).
    mutating func deliver(_ item: ExternalItem, to index: Int) {
        let number: Int32
        let connecting: Bool
        switch destination(of: item.target, for: index) {
        case .frontWindow:
            bringToFront(index, options: item.launchOptions, deliveries: item.deliveries)
            return
        case .window(let window):
            number = window
            connecting = apps[index].sessionPosition(number: window).flatMap { apps[index].sessions[$0].scene } == nil
            note(
                index,
                "the \(item.name) goes to \(SceneID(app: apps[index].id, number: Int(window))), whose scene takes it")
        case .newWindow:
            number = apps[index].makeWindowSession()
            connecting = true
            note(index, "no window's scene takes the \(item.name): it opens in a new window")
        }
        guard isOnScreen(index) else {
            leaveScreen()
            showOnly(number, of: index)
            bringForward(index, options: item.launchOptions, deliveries: item.deliveries)
            return
        }
        if apps[index].windowsOnScreen.contains(number) {
            queue(.focusSession(number), for: index)
            queueCalls(delivering: Self.sceneDeliveries(item.deliveries), when: .always, to: index)
            queue(.focus(.window), for: index)
            run(index)
            becomeActive(index)
            return
        }
        let covered = apps[index].windowsOnScreen
        apps[index].show(onlyWindow: number)
        sharedScreen.keyWindow = ScreenWindow(app: index, number: number)
        queueWindowComingForward(number, of: index, connecting: connecting, covering: covered, item: item)
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
