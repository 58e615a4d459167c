extension Phone {
    /// Performs a user action: returns what must happen, in order, or throws — changing nothing — when the
    /// action is impossible in the current situation.
    public mutating func perform(_ action: UserAction) throws(ImpossibleAction) -> [Action] {
        try resolving { phone, list throws(ImpossibleAction) in try phone.perform(action, into: &list) }.actions
    }

    /// Performs a user action, appending what must happen to `list` as plain values: ``perform(_:)`` without a
    /// new array each time, for a host that keeps one list for all its events. Throws, appending nothing, when
    /// the action is impossible.
    public mutating func perform(_ action: UserAction, into list: inout ActionList) throws(ImpossibleAction) {
        try emitting(into: &list) { phone throws(ImpossibleAction) in try phone.handle(action) }
    }

    private mutating func handle(_ action: UserAction) throws(ImpossibleAction) {
        switch action {
        case .tap(let app):
            let index = try self.index(of: app)
            try requireHomeScreen()
            bringForward(index)
        case .home:
            try requireUnlocked()
            // Home with the switcher open (swipe up, a tap outside the cards, a Home button) shows the Home
            // screen: the app in front, resigned when the switcher opened, enters the background (§3).
            let closesSwitcher = overlay == .switcher
            if let overlay, !closesSwitcher {
                throw ImpossibleAction("\(overlay.rawValue) is open; dismiss it first")
            }
            overlay = nil
            guard foreground != nil else {
                // On a real phone, Home on the Home screen only goes back to its first page.
                if !closesSwitcher {
                    note(nil, "Home pressed on the Home screen: no app is in the foreground, nothing happens")
                }
                break
            }
            leaveScreen()
        case .openSwitcher:
            try requireUnlocked()
            try requireNothingOpen()
            overlay = .switcher
            resignScreen()
        case .pick(let app):
            let index = try switcherCard(of: app)
            overlay = nil
            if isOnScreen(index) {
                // Back to what was on screen: every app there (docs/lifecycle.md §16).
                activateScreen()
            } else {
                leaveScreen()
                bringForward(index)
            }
        case .swipe(let app):
            let index = try switcherCard(of: app)
            // On an iPad a card is a window's: the app's most recent one goes, the app with it only if it was its
            // last (docs/lifecycle.md §16).
            if device == .ipad, apps[index].windowSessionCount > 1, let front = apps[index].frontWindowPosition {
                try closeWindow(apps[index].sessions[front].id)
            } else {
                swipeAway(index)
            }
        case .newWindow(let app, let placement):
            try openNewWindow(try index(of: app), placement: placement)
        case .closeWindow(let scene):
            try closeWindow(scene)
        case .pickWindow(let scene):
            guard overlay == .switcher else { throw ImpossibleAction("the app switcher is not open") }
            try pickWindow(scene, fromSwitcher: true)
        case .activateWindow(let scene):
            try requireUnlocked()
            try requireNothingOpen()
            try pickWindow(scene, fromSwitcher: false)
        case .setActivationConditions(let scene, let conditions):
            try setActivationConditions(conditions, of: scene)
        case .swipeWindow(let scene):
            guard overlay == .switcher else { throw ImpossibleAction("the app switcher is not open") }
            try closeWindow(scene)
        case .openNotificationCenter, .openControlCenter:
            try requireNothingOpen()
            overlay = action == .openNotificationCenter ? .notificationCenter : .controlCenter
            resignScreen()
        case .showAlert:
            try requireUnlocked()
            try requireNothingOpen()
            guard foreground != nil else {
                throw ImpossibleAction("no app is in the foreground for an alert to cover")
            }
            overlay = .alert
            resignScreen()
        case .dismiss:
            try dismiss()
        case .incomingCall, .answerCall, .declineCall, .hangUp:
            try handleCall(action)
        case .lock:
            try lock()
        case .unlock:
            try unlock()
        case .restart:
            restart()
        case .openURL(let app, let url):
            let index = try self.index(of: app)
            try requireUnlocked()
            try requireNothingOpen()
            deliver(.url(url, sourceApplication: sourceApplication), to: index)
        case .continueActivity(let app, let type, let target):
            let index = try self.index(of: app)
            try requireUnlocked()
            try requireNothingOpen()
            deliver(.activity(type: type, target: target), to: index)
        case .tapPushNotification(let app):
            try tapPush(for: try self.index(of: app), payload: nil)
        case .pushWithPayload(let app, let payload, let tapped):
            let index = try self.index(of: app)
            guard apps[index].configuration.notificationPayloads.contains(where: { $0.name == payload }) else {
                throw ImpossibleAction(
                    "\(app) declares no payload '\(payload)' (payload.\(payload)={…})", culprit: .app)
            }
            if tapped {
                try tapPush(for: index, payload: payload)
            } else {
                try deliverBackgroundEvent(.push, to: index, payload: payload)
            }
        case .notify(let app, let remote):
            notify(try index(of: app), remote: remote)
        case .tapNotification(let app):
            try tapNotification(of: try index(of: app))
        case .replaceWindow(let app, let scene):
            try replaceWindow(scene, with: try index(of: app))
        case .focusWindow(let scene):
            try focusWindow(scene)
        case .unsplit(let scene):
            try unsplit(scene)
        case .hideSlideOver:
            try hideSlideOver()
        case .showSlideOver:
            try showSlideOver()
        case .minimizeWindow(let scene):
            try minimizeWindow(scene)
        case .restoreWindow(let scene):
            try restoreWindow(scene)
        case .pickNotificationAction(let app, let identifier, let foreground):
            try pickNotificationAction(identifier, foreground: foreground, of: try index(of: app))
        case .dismissNotification(let app):
            try dismissNotification(of: try index(of: app))
        case .shortcut(let app, let type):
            let index = try self.index(of: app)
            try requireHomeScreen()
            bringForward(
                index, options: LaunchOptions(shortcutItem: type), deliveries: [(.performActionForShortcutItem, type)],
                launchGate: .didFinishLaunchingAccepted)
        case .backgroundEvent(let event, let app):
            try deliverBackgroundEvent(event, to: try index(of: app))
        case .throttledPush(let app):
            let index = try index(of: app)
            try requireMode(of: .push, for: index)
            note(
                index,
                "push not delivered: the system throttles background pushes (low priority, about two or three an hour)")
        case .submitTaskRequest(let app, let request):
            try submitTaskRequest(request, from: try index(of: app))
        case .runTaskRequest(let app, let identifier):
            try runTaskRequest(identifier, of: try index(of: app))
        case .expireTask(let app, let identifier):
            try expireTask(identifier, of: try index(of: app))
        case .setBackgroundAppRefresh(let app, let enabled):
            apps[try index(of: app)].backgroundAppRefreshIsOff = !enabled
        case .setCharging(let charging):
            isCharging = charging
        case .setNetworkReachable(let reachable):
            if isNetworkReachable, !reachable { networkOutageCount += 1 }
            isNetworkReachable = reachable
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
        case .connectDisplay(let app):
            try connectDisplay(to: try index(of: app))
        case .disconnectDisplay:
            try disconnectDisplay()
        case .prewarm(let app):
            try prewarm(try index(of: app))
        case .processEnded(let app):
            let index = try index(of: app)
            if apps[index].state != .notRunning { kill(index, .crash) }
        }
    }

    // MARK: Preconditions

    // Inlined: called out of line from the mutating `handle(_:)`, each of these non-mutating checks was handed a
    // copy of the whole phone (320 bytes) on every user action. Their errors are made out of line.

    @inline(__always)
    private func index(of app: AppID) throws(ImpossibleAction) -> Int {
        guard let index = indexByID[app] else { throw Self.undeclared(app) }
        return index
    }

    private static func undeclared(_ app: AppID) -> ImpossibleAction {
        ImpossibleAction("no app named '\(app)' is declared", culprit: .app)
    }

    @inline(__always)
    func requireUnlocked() throws(ImpossibleAction) {
        if isLocked { throw ImpossibleAction("the device is locked") }
    }

    @inline(__always)
    func requireNothingOpen() throws(ImpossibleAction) {
        if let overlay { throw Self.covered(by: overlay) }
    }

    static func covered(by overlay: Overlay) -> ImpossibleAction {
        ImpossibleAction("\(overlay.rawValue) is open")
    }

    @inline(__always)
    private func requireHomeScreen() throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        if let foreground { throw Self.homeScreenHidden(by: apps[foreground].id) }
    }

    private static func homeScreenHidden(by app: AppID) -> ImpossibleAction {
        ImpossibleAction("\(app) is in the foreground, so the Home screen is not showing")
    }

    @inline(__always)
    private func switcherCard(of app: AppID) throws(ImpossibleAction) -> Int {
        guard overlay == .switcher else { throw ImpossibleAction("the app switcher is not open") }
        let index = try self.index(of: app)
        guard apps[index].hasSwitcherCard else { throw Self.noSwitcherCard(app) }
        return index
    }

    private static func noSwitcherCard(_ app: AppID) -> ImpossibleAction {
        ImpossibleAction("\(app) has no card in the app switcher", culprit: .app)
    }

    /// Who opens a URL or activity: the app in the foreground, else the Home screen.
    private var sourceApplication: String {
        foreground.map { apps[$0].id.rawValue } ?? "com.apple.springboard"
    }

    // MARK: Sequences

    mutating func resignActive(_ index: Int) {
        guard projectedState(of: index) == .active else { return }
        queueSteps(for: .resignActive, of: index)
        run(index)
    }

    mutating func becomeActive(_ index: Int) {
        guard projectedState(of: index) == .inactive else { return }
        queueSteps(for: .becomeActive, of: index)
        run(index)
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
    mutating func sendToBackground(_ index: Int) {
        guard projectedState(of: index) == .inactive else { return }
        queueSteps(for: .enterBackground, of: index)
        if usesScenes(index) {
            if apps[index].behavior.restoresState {
                queue(.call(.stateRestorationActivityForScene, nil, .always), for: index)
                queue(.storeSceneActivity, for: index)
                // Each other window on screen is asked for its own (docs/lifecycle.md §16).
                if apps[index].windowsOnScreen.count > 1 {
                    for number in apps[index].otherWindowsOnScreen {
                        queue(.focusSession(number), for: index)
                        queueRestorationActivityRequest(of: index)
                    }
                    queue(.focus(.window), for: index)
                }
            }
        } else if apps[index].behavior.restoresState {
            queue(.call(.shouldSaveApplicationState, nil, .always), for: index)
            queue(.call(.willEncodeRestorableState, nil, .lastAnswerYes), for: index)
            queue(.storeArchive, for: index)
        }
        if exitsOnSuspend(index) {
            queueAppDelegateSteps(for: .terminate, reason: .exit, of: index)
        }
        run(index)
    }

    /// Launches or resumes an app into the foreground, delivering events while it is inactive. On a launch,
    /// the deliveries happen only if `launchGate` holds (docs/lifecycle.md §3).
    mutating func bringForward(
        _ index: Int, options: LaunchOptions? = nil, deliveries: [ForegroundRequest.Delivery] = [],
        launchGate: Step.Condition = .launchAccepted
    ) {
        bringForward(ForegroundRequest(app: index, options: options, deliveries: deliveries, launchGate: launchGate))
    }

    /// Carries out a request to come forward, or parks it while another app is still leaving the foreground:
    /// at most one app is ever in the foreground, unless it comes beside the one there on an iPad (§16).
    mutating func bringForward(_ request: ForegroundRequest) {
        if let foreground, foreground != request.app, alongside.isEmpty || !alongside.contains(request.app) {
            appAwaitingScreen = request
            return
        }
        let index = request.app
        apps[index].wasForceQuit = false
        if usesScenes(index) {
            bringSceneForward(request)
        } else if projectedState(of: index) == .notRunning {
            queueLaunch(index, options: request.options, inBackground: false)
            queueCalls(delivering: request.deliveries, when: request.launchGate, to: index)
            queueSteps(for: .becomeActive, of: index)
            run(index)
        } else {
            if projectedState(of: index) == .suspended { queue(.change(.resume, .resume), for: index) }
            queueSteps(for: .enterForeground, of: index)
            queue(.deliverQueuedNotifications, for: index)
            queueCalls(delivering: request.deliveries, when: .always, to: index)
            queueSteps(for: .becomeActive, of: index)
            run(index)
        }
    }

    /// Queues the calls that deliver events (a URL, a quick action, an activity) to an app, each with its argument.
    mutating func queueCalls(
        delivering deliveries: [ForegroundRequest.Delivery], when condition: Step.Condition,
        to index: Int
    ) {
        for delivery in deliveries {
            // A response to a notification goes to the app's notification delegate, if it has set one by then.
            let condition = delivery.callback.isNotificationCenterCallback ? .notificationDelegateSet : condition
            queueCall(delivery.callback, delivery.argument.map(CallbackDetail.argument), condition, for: index)
        }
    }

    /// Delivers an event that brings its app to the front: the foreground app gives way to another app; the
    /// foreground app itself just receives the event.
    mutating func bringToFront(_ index: Int, options: LaunchOptions, deliveries: [ForegroundRequest.Delivery]) {
        if isOnScreen(index) {
            let delivered = usesScenes(index) ? Self.sceneDeliveries(deliveries) : deliveries
            queueCalls(delivering: delivered, when: .always, to: index)
            run(index)
            becomeActive(index)
        } else {
            leaveScreen()
            bringForward(index, options: options, deliveries: deliveries)
        }
    }

    /// Queues an app's launch, after making room for it: into the foreground (inactive) or for a background event
    /// (background), with restoration when it has an archive, under the launch watchdog. A scene-based app always
    /// launches into the background, and hears of the sessions the user discarded since it last ran. What the
    /// launch leads to is queued after it; ``run(_:)`` then starts it.
    ///
    /// Inlined: its callers say whether the launch is in the background, and most give no options.
    @inline(__always)
    mutating func queueLaunch(_ index: Int, options: LaunchOptions?, inBackground: Bool) {
        makeRoom(forLaunchOf: index)
        apps[index].launchRefused = false
        apps[index].didFinishLaunchingAnswer = true
        apps[index].lastAnswer = true
        apps[index].timeChangesSeen = significantTimeChanges
        apps[index].protectedDataAvailableSeen = protectedDataAvailable
        let detail = options.flatMap { $0.isEmpty ? nil : CallbackDetail.launchOptions($0) }
        queue(.change(inBackground ? .launchInBackground : .launch, nil), for: index)
        queue(.armLaunchWatchdog, for: index)
        queueCall(.willFinishLaunching, detail, for: index)
        if !inBackground, apps[index].behavior.restoresState, apps[index].hasRestorationArchive {
            queue(.call(.shouldRestoreApplicationState, nil, .always), for: index)
            queue(.call(.didDecodeRestorableState, nil, .lastAnswerYes), for: index)
        }
        queueCall(.didFinishLaunching, detail, for: index)
        queue(.disarmWatchdog, for: index)
    }

    /// Swipes an app's card away: a running app is terminated, a suspended one killed silently (docs/lifecycle.md §3),
    /// and its restoration archive deleted (§6). A running scene-based app hears of its discarded session at once;
    /// any other's session goes with its process, told at the next launch.
    mutating func swipeAway(_ index: Int) {
        apps[index].hasSwitcherCard = false
        apps[index].wasForceQuit = true
        apps[index].forceQuits += 1
        let state = projectedState(of: index)
        if usesScenes(index), apps[index].scene != nil, state == .inactive || state == .background {
            terminateSwipedScene(of: index)
        } else {
            terminate(index, .user)
            discardSession(of: index)
        }
        deleteRestorationArchive(of: index)
    }

    /// Ends a running app with `applicationWillTerminate:`, leaving the foreground first if it is there; a
    /// suspended app is killed silently (docs/lifecycle.md §2, §3).
    mutating func terminate(_ index: Int, _ reason: TransitionReason) {
        switch projectedState(of: index) {
        case .active, .inactive, .background:
            if projectedState(of: index) == .active { queueSteps(for: .resignActive, of: index) }
            if projectedState(of: index) == .inactive { queueSteps(for: .enterBackground, of: index) }
            queueSteps(for: .terminate, of: index, reason: reason)
            run(index)
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
            if !isLocked { activateScreen() }
        }
    }

    private mutating func handleCall(_ action: UserAction) throws(ImpossibleAction) {
        switch action {
        case .incomingCall:
            try requireNothingOpen()
            overlay = .ringingCall
            appUnderCall = foreground
            sharedScreen.othersUnderCall = alongside
            resignScreen()
        case .answerCall:
            guard overlay == .ringingCall else { throw ImpossibleAction("no call is ringing") }
            overlay = .callInProgress
            leaveScreen()
        case .declineCall:
            guard overlay == .ringingCall else { throw ImpossibleAction("no call is ringing") }
            overlay = nil
            appUnderCall = nil
            sharedScreen.othersUnderCall = []
            if !isLocked { activateScreen() }
        default:
            guard overlay == .callInProgress else { throw ImpossibleAction("no call is in progress") }
            overlay = nil
            let returning = appUnderCall
            appUnderCall = nil
            let others = sharedScreen.othersUnderCall
            sharedScreen.othersUnderCall = []
            if !isLocked, let returning {
                returnToScreen(returning, with: others) { phone, index in phone.bringForward(index) }
            }
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
            sharedScreen.othersUnderLock = alongside
            if alongside.isEmpty {
                resignActive(foreground)
                if profile.lockSendsAppToBackground, !exitsOnSuspend(foreground) {
                    sendToBackground(foreground)
                }
            } else {
                // Several apps on screen (an iPad's, from iOS 13): each resigns, then each enters the background.
                leaveScreen()
            }
        }
        cancel(protectedDataTimer)
        protectedDataTimer = schedule(.protectedDataLocks, for: nil, after: .seconds(10))
    }

    private mutating func unlock() throws(ImpossibleAction) {
        guard isLocked else { throw ImpossibleAction("the device is not locked") }
        try requireNothingOpen()
        // The apps that were beside it come back with it, each to its place (docs/lifecycle.md §16).
        let others = sharedScreen.othersUnderLock
        liftLock { phone, returning in
            phone.returnToScreen(returning, with: others) { phone, index in phone.bringBack(index) }
        }
    }

    /// Unlocks the device: protected data comes back, and `returning` is handed the app that was in front when the
    /// device was locked, if one was, before the apps that run hear of the protected data.
    mutating func liftLock(_ returning: (inout Phone, Int) -> Void) {
        isLocked = false
        cancel(protectedDataTimer)
        protectedDataTimer = nil
        let protectedDataReturns = !protectedDataAvailable
        protectedDataAvailable = true
        unlockedSinceRestart = true
        sharedScreen.othersUnderLock = []
        if let app = appUnderLock {
            appUnderLock = nil
            returning(&self, app)
        }
        if protectedDataReturns { deliverQueuedNotificationsToExecutingApps() }
    }

    /// The app that was in front when the device was locked comes back to the foreground.
    private mutating func bringBack(_ returning: Int) {
        switch projectedState(of: returning) {
        case .inactive:
            queue(.deliverQueuedNotifications, for: returning)
            queueSteps(for: .becomeActive, of: returning)
            run(returning)
        case .background, .suspended:
            bringForward(returning)
        case .active, .notRunning:
            break
        }
    }

    /// Gets an app running for work the system gives it in the background (docs/lifecycle.md §3): launched into the
    /// background if it is not running, resumed silently (what it missed first) if suspended. An app the user swiped
    /// away is not launched: not an error, but nothing happens, and the trace says why, after `what` — unless the
    /// work is the user's own act (`byTheUser`: a notification's action). Returns whether the app will run the work.
    mutating func queueWakeForBackgroundWork(
        of index: Int, _ what: String, _ options: LaunchOptions, byTheUser: Bool = false
    ) -> Bool {
        switch projectedState(of: index) {
        case .notRunning:
            if apps[index].wasForceQuit, !byTheUser {
                note(
                    index,
                    "\(what): the user swiped \(apps[index].id) away, and iOS does not launch an app the user "
                        + "force-quit for background work until the user opens it again")
                return false
            }
            queueLaunch(index, options: options, inBackground: true)
        case .suspended:
            queue(.change(.resume, .resume), for: index)
            queue(.deliverQueuedNotifications, for: index)
        case .background, .inactive, .active:
            break
        }
        return true
    }

    /// The user taps a push notification for the app, with one of its payloads, if named.
    private mutating func tapPush(for index: Int, payload: String?) throws(ImpossibleAction) {
        try requireUnlocked()
        try requireNothingOpen()
        if hearsNotificationsThroughCenter(index) {
            // The app hears of it through its notification delegate (docs/lifecycle.md §18).
            notify(index, remote: true, payload: payload)
            try tapNotification(of: index)
            return
        }
        let options = LaunchOptions(remoteNotification: true, remoteNotificationPayload: payload)
        let argument = NotificationPayload.argument(nil, payload: payload)
        bringToFront(index, options: options, deliveries: [(.didReceiveRemoteNotification, argument)])
    }

    /// A background event: launches the app into the background, wakes it, or reaches it where it runs
    /// (docs/lifecycle.md §3). Only apps that declare the event's background mode receive it.
    private mutating func deliverBackgroundEvent(
        _ event: BackgroundEvent, to index: Int, payload: String? = nil
    ) throws(ImpossibleAction) {
        try requireMode(of: event, for: index)
        guard
            queueWakeForBackgroundWork(
                of: index, "\(event.rawValue) not delivered",
                LaunchOptions(remoteNotification: event == .push, remoteNotificationPayload: payload))
        else { return }
        // The app may call the completion handler inside the callback itself: wait for it from before the call.
        queue(.awaitCompletionHandler(event.callback), for: index)
        let argument = NotificationPayload.argument(nil, payload: payload)
        queueCall(event.callback, argument.map(CallbackDetail.argument), for: index)
        run(index)
    }

    /// Only apps that declare an event's background mode receive it, and only under a profile that has the mode.
    private func requireMode(of event: BackgroundEvent, for index: Int) throws(ImpossibleAction) {
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
    }
}
