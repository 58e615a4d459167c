extension Phone {
    /// Performs a user action: returns what must happen, in order, or throws — changing nothing — when the
    /// action is impossible in the current situation.
    public mutating func perform(_ action: UserAction) throws(ImpossibleAction) -> [Action] {
        try handle(action)
        return takeOutput()
    }

    /// Performs a user action, appending what must happen to `actions`: ``perform(_:)`` without a new array
    /// each time, for a host that keeps one buffer for all its events. Throws, appending nothing, when the
    /// action is impossible.
    public mutating func perform(_ action: UserAction, appendingTo actions: inout [Action]) throws(ImpossibleAction) {
        swap(&output, &actions)
        defer { swap(&output, &actions) }
        try handle(action)
    }

    private mutating func handle(_ action: UserAction) throws(ImpossibleAction) {
        switch action {
        case .tap(let app):
            let index = try self.index(of: app)
            try requireHomeScreen()
            bringForward(index)
        case .home:
            try requireUnlocked()
            if let overlay { throw ImpossibleAction("\(overlay.rawValue) is open; dismiss it first") }
            guard let foreground else {
                // On a real phone, Home on the Home screen only goes back to its first page.
                note(nil, "Home pressed on the Home screen: no app is in the foreground, nothing happens")
                break
            }
            leaveForeground(foreground)
        case .openSwitcher:
            try requireUnlocked()
            try requireNothingOpen()
            overlay = .switcher
            if let foreground { resignActive(foreground) }
        case .pick(let app):
            let index = try switcherCard(of: app)
            overlay = nil
            if index == foreground {
                becomeActive(index)
            } else {
                if let foreground { leaveForeground(foreground) }
                bringForward(index)
            }
        case .swipe(let app):
            swipeAway(try switcherCard(of: app))
        case .openNotificationCenter, .openControlCenter:
            try requireNothingOpen()
            overlay = action == .openNotificationCenter ? .notificationCenter : .controlCenter
            if let foreground { resignActive(foreground) }
        case .showAlert:
            try requireUnlocked()
            try requireNothingOpen()
            guard let foreground else { throw ImpossibleAction("no app is in the foreground for an alert to cover") }
            overlay = .alert
            resignActive(foreground)
        case .dismiss:
            try dismiss()
        case .incomingCall, .answerCall, .declineCall, .hangUp:
            try handleCall(action)
        case .lock:
            try lock()
        case .unlock:
            try unlock()
        case .openURL(let app, let url):
            let index = try self.index(of: app)
            try requireUnlocked()
            try requireNothingOpen()
            let options = LaunchOptions(url: url, sourceApplication: sourceApplication)
            bringToFront(index, options: options, deliveries: [(.openURL, url)])
        case .continueActivity(let app, let type):
            let index = try self.index(of: app)
            try requireUnlocked()
            try requireNothingOpen()
            let deliveries: [(Callback, String?)] = [(.willContinueUserActivity, type), (.continueUserActivity, type)]
            bringToFront(index, options: LaunchOptions(userActivityType: type), deliveries: deliveries)
        case .tapPushNotification(let app):
            let index = try self.index(of: app)
            try requireUnlocked()
            try requireNothingOpen()
            let options = LaunchOptions(remoteNotification: true)
            bringToFront(index, options: options, deliveries: [(.didReceiveRemoteNotification, nil)])
        case .shortcut(let app, let type):
            let index = try self.index(of: app)
            try requireHomeScreen()
            bringForward(
                index, options: LaunchOptions(shortcutItem: type), deliveries: [(.performActionForShortcutItem, type)],
                launchGate: .didFinishLaunchingAccepted)
        case .backgroundEvent(let event, let app):
            try deliverBackgroundEvent(event, to: try index(of: app))
        case .terminate(let app):
            terminate(try index(of: app), .terminate)
        case .memoryWarning:
            sendMemoryWarning()
        case .memoryPressure(let count):
            if let count, count < 1 { throw ImpossibleAction("memory pressure must terminate at least 1 app") }
            relieveMemoryPressure(count: count)
        case .significantTimeChange:
            significantTimeChanges += 1
            deliverQueuedNotificationsToExecutingApps()
        case .disconnectScene(let app):
            try disconnectScene(of: try index(of: app))
        case .prewarm(let app):
            try prewarm(try index(of: app))
        case .processEnded(let app):
            let index = try index(of: app)
            if apps[index].state != .notRunning { kill(index, .crash) }
        }
    }

    // MARK: Preconditions

    private func index(of app: AppID) throws(ImpossibleAction) -> Int {
        guard let index = indexByID[app] else {
            throw ImpossibleAction("no app named '\(app)' is declared", culprit: .app)
        }
        return index
    }

    private func requireUnlocked() throws(ImpossibleAction) {
        if isLocked { throw ImpossibleAction("the device is locked") }
    }

    private func requireNothingOpen() throws(ImpossibleAction) {
        if let overlay { throw ImpossibleAction("\(overlay.rawValue) is open") }
    }

    private func requireHomeScreen() throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        if let foreground {
            throw ImpossibleAction("\(apps[foreground].id) is in the foreground, so the Home screen is not showing")
        }
    }

    private func switcherCard(of app: AppID) throws(ImpossibleAction) -> Int {
        guard overlay == .switcher else { throw ImpossibleAction("the app switcher is not open") }
        let index = try self.index(of: app)
        guard apps[index].hasSwitcherCard else {
            throw ImpossibleAction("\(app) has no card in the app switcher", culprit: .app)
        }
        return index
    }

    /// Who opens a URL or activity: the app in the foreground, else the Home screen.
    private var sourceApplication: String {
        foreground.map { apps[$0].id.rawValue } ?? "com.apple.springboard"
    }

    // MARK: Sequences

    mutating func resignActive(_ index: Int) {
        if projectedState(of: index) == .active { enqueue(index, steps(for: .resignActive, of: index)) }
    }

    mutating func becomeActive(_ index: Int) {
        if projectedState(of: index) == .inactive { enqueue(index, steps(for: .becomeActive, of: index)) }
    }

    /// Whether the app quits on leaving the foreground: it sets `UIApplicationExitsOnSuspend` and the profile
    /// honours it (docs/lifecycle.md §5).
    private func exitsOnSuspend(_ index: Int) -> Bool {
        apps[index].configuration.exitsOnSuspend && profile.honoursExitsOnSuspend
    }

    /// The foreground app goes away: resign if active, then enter the background.
    mutating func leaveForeground(_ index: Int) {
        resignActive(index)
        sendToBackground(index)
    }

    /// inactive → background: `applicationDidEnterBackground:`, state preservation, then exit (exits-on-suspend)
    /// or suspension once nothing is left to run. A scene-based app's scene enters the background instead, and
    /// is asked for its restoration activity.
    private mutating func sendToBackground(_ index: Int) {
        guard projectedState(of: index) == .inactive else { return }
        var steps = steps(for: .enterBackground, of: index)
        if usesScenes(index) {
            if apps[index].behavior.restoresState {
                steps += [.call(.stateRestorationActivityForScene, nil, .always), .storeSceneActivity]
            }
        } else if apps[index].behavior.restoresState {
            steps += [
                .call(.shouldSaveApplicationState, nil, .always),
                .call(.willEncodeRestorableState, nil, .lastAnswerYes),
                .storeArchive,
            ]
        }
        if exitsOnSuspend(index) {
            steps += self.steps(for: .terminate, reason: .exit)
        }
        enqueue(index, steps)
    }

    /// Launches or resumes an app into the foreground, delivering events while it is inactive. On a launch,
    /// the deliveries happen only if `launchGate` holds (docs/lifecycle.md §3).
    private mutating func bringForward(
        _ index: Int, options: LaunchOptions = LaunchOptions(), deliveries: [(Callback, String?)] = [],
        launchGate: Step.Condition = .launchAccepted
    ) {
        bringForward(ForegroundRequest(app: index, options: options, deliveries: deliveries, launchGate: launchGate))
    }

    /// Carries out a request to come forward, or parks it while another app is still leaving the foreground:
    /// at most one app is ever in the foreground.
    mutating func bringForward(_ request: ForegroundRequest) {
        if let foreground, foreground != request.app {
            appAwaitingScreen = request
            return
        }
        let index = request.app
        apps[index].wasForceQuit = false
        if usesScenes(index) {
            bringSceneForward(request)
        } else if projectedState(of: index) == .notRunning {
            let calls = calls(delivering: request.deliveries, when: request.launchGate, to: index)
            launch(
                index, options: request.options, then: calls + steps(for: .becomeActive, of: index),
                inBackground: false)
        } else {
            var steps: [Step] = projectedState(of: index) == .suspended ? [.change(.resume, .resume)] : []
            steps += self.steps(for: .enterForeground, of: index)
            steps.append(.deliverQueuedNotifications)
            steps += calls(delivering: request.deliveries, when: .always, to: index)
            steps += self.steps(for: .becomeActive, of: index)
            enqueue(index, steps)
        }
    }

    /// The steps that deliver events (a URL, a quick action, an activity) to an app, each with its argument.
    mutating func calls(
        delivering deliveries: [(callback: Callback, argument: String?)], when condition: Step.Condition,
        to index: Int
    ) -> [Step] {
        deliveries.map { callStep($0.callback, $0.argument.map(CallbackDetail.argument), condition, for: index) }
    }

    /// Delivers an event that brings its app to the front: the foreground app gives way to another app; the
    /// foreground app itself just receives the event.
    private mutating func bringToFront(_ index: Int, options: LaunchOptions, deliveries: [(Callback, String?)]) {
        if index == foreground {
            let delivered = usesScenes(index) ? Self.sceneDeliveries(deliveries) : deliveries
            enqueue(index, calls(delivering: delivered, when: .always, to: index))
            becomeActive(index)
        } else {
            if let foreground { leaveForeground(foreground) }
            bringForward(index, options: options, deliveries: deliveries)
        }
    }

    /// Launches an app: into the foreground (inactive) or for a background event (background), with
    /// restoration when it has an archive, under the launch watchdog. A scene-based app always launches into
    /// the background, and hears of the sessions the user discarded since it last ran.
    mutating func launch(_ index: Int, options: LaunchOptions, then next: [Step], inBackground: Bool) {
        makeRoom(forLaunchOf: index)
        apps[index].launchRefused = false
        apps[index].didFinishLaunchingAnswer = true
        apps[index].lastAnswer = true
        apps[index].timeChangesSeen = significantTimeChanges
        apps[index].protectedDataAvailableSeen = protectedDataAvailable
        let detail = options.isEmpty ? nil : CallbackDetail.launchOptions(options)
        var steps: [Step] = [
            .change(inBackground ? .launchInBackground : .launch, nil), .armLaunchWatchdog,
            callStep(.willFinishLaunching, detail, for: index),
        ]
        if !inBackground, apps[index].behavior.restoresState, apps[index].hasRestorationArchive {
            steps += [
                .call(.shouldRestoreApplicationState, nil, .always),
                .call(.didDecodeRestorableState, nil, .lastAnswerYes),
            ]
        }
        steps += [callStep(.didFinishLaunching, detail, for: index), .disarmWatchdog]
        if usesScenes(index), !apps[index].discardedSessions.isEmpty {
            let sessions = apps[index].discardedSessions.map(\.rawValue).joined(separator: " ")
            apps[index].discardedSessions = []
            steps.append(callStep(.didDiscardSceneSessions, .argument(sessions), for: index))
        }
        enqueue(index, steps + next)
    }

    /// Swipes an app's card away: a running app is terminated, a suspended one killed silently (docs/lifecycle.md §3),
    /// and its restoration archive deleted (§6).
    private mutating func swipeAway(_ index: Int) {
        apps[index].hasSwitcherCard = false
        apps[index].wasForceQuit = true
        terminate(index, .user)
        deleteRestorationArchive(of: index)
        discardSession(of: index)
    }

    /// Ends a running app with `applicationWillTerminate:`, leaving the foreground first if it is there; a
    /// suspended app is killed silently (docs/lifecycle.md §2, §3).
    mutating func terminate(_ index: Int, _ reason: TransitionReason) {
        let terminateSteps = steps(for: .terminate, of: index, reason: reason)
        switch projectedState(of: index) {
        case .active:
            enqueue(
                index,
                steps(for: .resignActive, of: index) + steps(for: .enterBackground, of: index) + terminateSteps)
        case .inactive:
            enqueue(index, steps(for: .enterBackground, of: index) + terminateSteps)
        case .background:
            enqueue(index, terminateSteps)
        case .suspended:
            kill(index, reason)
        case .notRunning:
            break
        }
    }

    private mutating func dismiss() throws(ImpossibleAction) {
        switch overlay {
        case nil: throw ImpossibleAction("nothing is open to dismiss")
        case .ringingCall: throw ImpossibleAction("a call is ringing: answer or decline it")
        case .callInProgress: throw ImpossibleAction("a call is in progress: hang up to end it")
        case .switcher, .notificationCenter, .controlCenter, .alert:
            overlay = nil
            if !isLocked, let foreground { becomeActive(foreground) }
        }
    }

    private mutating func handleCall(_ action: UserAction) throws(ImpossibleAction) {
        switch action {
        case .incomingCall:
            try requireNothingOpen()
            overlay = .ringingCall
            appUnderCall = foreground
            if let foreground { resignActive(foreground) }
        case .answerCall:
            guard overlay == .ringingCall else { throw ImpossibleAction("no call is ringing") }
            overlay = .callInProgress
            if let foreground { leaveForeground(foreground) }
        case .declineCall:
            guard overlay == .ringingCall else { throw ImpossibleAction("no call is ringing") }
            overlay = nil
            appUnderCall = nil
            if !isLocked, let foreground { becomeActive(foreground) }
        default:
            guard overlay == .callInProgress else { throw ImpossibleAction("no call is in progress") }
            overlay = nil
            let returning = appUnderCall
            appUnderCall = nil
            if !isLocked, let returning { bringForward(returning) }
        }
    }

    private mutating func lock() throws(ImpossibleAction) {
        if isLocked { throw ImpossibleAction("the device is already locked") }
        if overlay == .ringingCall || overlay == .callInProgress {
            throw ImpossibleAction("\(overlay!.rawValue) holds the screen")
        }
        overlay = nil
        isLocked = true
        if let foreground {
            appUnderLock = foreground
            resignActive(foreground)
            if profile.lockSendsAppToBackground, !exitsOnSuspend(foreground) {
                sendToBackground(foreground)
            }
        }
        cancel(protectedDataTimer)
        protectedDataTimer = schedule(.protectedDataLocks, for: nil, after: .seconds(10))
    }

    private mutating func unlock() throws(ImpossibleAction) {
        guard isLocked else { throw ImpossibleAction("the device is not locked") }
        try requireNothingOpen()
        isLocked = false
        cancel(protectedDataTimer)
        protectedDataTimer = nil
        let protectedDataReturns = !protectedDataAvailable
        protectedDataAvailable = true
        if let returning = appUnderLock {
            appUnderLock = nil
            switch projectedState(of: returning) {
            case .inactive:
                enqueue(returning, [.deliverQueuedNotifications] + steps(for: .becomeActive, of: returning))
            case .background, .suspended:
                bringForward(returning)
            case .active, .notRunning:
                break
            }
        }
        if protectedDataReturns { deliverQueuedNotificationsToExecutingApps() }
    }

    /// A background event: launches the app into the background, wakes it, or reaches it where it runs
    /// (docs/lifecycle.md §3). Only apps that declare the event's background mode receive it.
    private mutating func deliverBackgroundEvent(_ event: BackgroundEvent, to index: Int) throws(ImpossibleAction) {
        if let mode = event.requiredMode, !apps[index].configuration.backgroundModes.contains(mode) {
            throw ImpossibleAction(
                "\(apps[index].id) does not declare the background mode '\(mode.rawValue)', so it cannot receive "
                    + "a \(event.rawValue) event", culprit: .app)
        }
        if let mode = event.requiredMode, !profile.offers(mode) {
            throw ImpossibleAction(
                "the background mode '\(mode.rawValue)' exists from iOS \(mode.introducedIn); the profile is "
                    + profile.rawValue)
        }
        if projectedState(of: index) == .notRunning, apps[index].wasForceQuit {
            // docs/lifecycle.md §3: not an error, but nothing happens, and the trace says why.
            note(
                index,
                "\(event.rawValue) not delivered: the user swiped \(apps[index].id) away, and iOS does not launch an "
                    + "app the user force-quit for background work until the user opens it again")
            return
        }
        // The app may call the completion handler inside the callback itself: wait for it from before the call.
        let delivery: [Step] = [.awaitCompletionHandler(event.callback), .call(event.callback, nil, .always)]
        switch projectedState(of: index) {
        case .notRunning:
            let options = LaunchOptions(remoteNotification: event == .push)
            launch(index, options: options, then: delivery, inBackground: true)
        case .suspended:
            enqueue(index, [.change(.resume, .resume), .deliverQueuedNotifications] + delivery)
        case .background, .inactive, .active:
            enqueue(index, delivery)
        }
    }
}
