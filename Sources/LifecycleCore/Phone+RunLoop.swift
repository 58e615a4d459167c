extension Phone {
    /// Queues a step on an app's run loop, after those already queued; ``run(_:)`` does them.
    ///
    /// Steps go straight into the app's queue, which keeps its capacity: building each sequence as an array of
    /// its own cost an allocation or two on every event.
    mutating func queue(_ step: Step, for index: Int) {
        apps[index].steps.append(step)
    }

    /// Queues one step on an app's run loop and runs it as far as it can go.
    mutating func enqueue(_ index: Int, _ step: Step) {
        queue(step, for: index)
        run(index)
    }

    /// The state an app will be in once its queued steps are done: what the system decides on, since a slow
    /// callback can hold changes back. Worked out when asked, from the queue, rather than kept beside it: asked a
    /// few times an event, where every queued step would have had to update it.
    mutating func projectedState(of index: Int) -> AppState {
        let state = apps[index].state
        return apps[index].steps.state(after: state)
    }

    /// Runs an app's queued steps until it is waiting for a callback to return, or has none left; an app
    /// left in the background with nothing to run is then suspended (docs/lifecycle.md §4).
    mutating func run(_ index: Int) {
        while !apps[index].isBusy, let step = apps[index].steps.popFirst() {
            perform(step, for: index)
        }
        if !apps[index].hasQueuedSteps {
            apps[index].steps.removeAll()
            suspendIfIdle(index)
        }
        releaseScreenIfFree()
    }

    /// Lets the app waiting for the screen come forward, once no app is in the foreground.
    ///
    /// Inlined, with the rare case out of line: asked at the end of every run, it took a copy of the waiting
    /// request (and retained what it holds) to find that none waits.
    @inline(__always)
    mutating func releaseScreenIfFree() {
        if foreground == nil, appAwaitingScreen != nil { bringWaitingAppForward() }
    }

    private mutating func bringWaitingAppForward() {
        guard let waiting = appAwaitingScreen.take() else { return }
        bringForward(waiting)
    }

    /// Does one step. Inlined into ``run(_:)``, its one caller: the call's entry and exit had been 2% of the
    /// phone's tap-and-Home loop.
    @inline(__always)
    private mutating func perform(_ step: Step, for index: Int) {
        switch step {
        case .change(let event, let reason):
            apply(event, reason, to: index)
        case .call(let callback, nil, let condition):
            // Most calls carry no detail: no parked detail to look up, and none to destroy after the call.
            call(callback, nil, if: condition, on: index)
        case .call(let callback, let ticket?, let condition):
            call(callback, apps[index].parkedDetails.removeValue(forKey: ticket), if: condition, on: index)
        case .armLaunchWatchdog:
            disarmWatchdog(for: index)
            apps[index].launchWatchdogIsPending = true
        case .disarmWatchdog:
            disarmWatchdog(for: index)
        case .storeArchive:
            if apps[index].lastAnswer {
                apps[index].hasRestorationArchive = true
                note(index, "restoration archive saved")
                emit(.storeRestorationArchive(app: index))
            }
        case .deliverQueuedNotifications:
            deliverQueuedNotifications(to: index)
        case .awaitCompletionHandler(let callback):
            awaitCompletionHandler(of: callback, for: index, work: apps[index].behavior.backgroundEventWork)
        case .startScheduledTask(let permitted, let kind):
            startScheduledTask(permitted, kind, of: index)
        case .focus(let role):
            apps[index].focus(on: role)
        case .focusSession(let number):
            apps[index].focus(onSession: number)
        case .connectScene(let role):
            connectScene(role, of: index)
        case .scene(let event):
            applySceneEvent(event, to: index)
        case .storeSceneActivity:
            if apps[index].lastAnswer, let session = apps[index].session {
                apps[index].keepRestorationActivityInFocusedSession()
                note(index, "restoration activity kept with session \(session.id)")
            }
        case .forgetSession:
            apps[index].forgetFocusedSession()
        case .forgetSessions:
            apps[index].forgetEverySession()
        }
    }

    /// Calls a delegate method if its condition holds, or notes why it was not called.
    @inline(__always)
    private mutating func call(
        _ callback: Callback, _ detail: CallbackDetail?, if condition: Step.Condition, on index: Int
    ) {
        if holds(condition, for: index) {
            call(callback, detail, on: index)
        } else if let reason = explanation(of: condition) {
            note(index, "\(callback.selector) not called: \(reason)")
        }
    }

    @inline(__always)
    private func holds(_ condition: Step.Condition, for index: Int) -> Bool {
        switch condition {
        case .always: true
        case .launchAccepted: !apps[index].launchRefused
        case .didFinishLaunchingAccepted: apps[index].didFinishLaunchingAnswer
        case .lastAnswerYes: apps[index].lastAnswer
        case .firstConfiguration: !apps[index].hasSceneConfiguration || apps[index].session?.needsConfiguration == true
        case .sceneConnected: apps[index].scene != nil
        case .notificationDelegateSet: apps[index].notifications.delegateIsSet
        }
    }

    /// Why a conditional call was not made, for the trace; `nil` when that is the ordinary case not worth a note.
    private func explanation(of condition: Step.Condition) -> String? {
        switch condition {
        case .always: "never"
        case .launchAccepted: "a launch method returned NO"
        case .didFinishLaunchingAccepted: "application:didFinishLaunchingWithOptions: returned NO"
        case .lastAnswerYes: "the app answered NO"
        case .firstConfiguration, .sceneConnected: nil
        case .notificationDelegateSet: FaultNote.noDelegateReason
        }
    }

    /// Calls a delegate method: the callback, what the app's code does in it, and, once it returns, its
    /// notification (at once, or when its work is done).
    private mutating func call(_ callback: Callback, _ detail: CallbackDetail?, on index: Int) {
        let hosted = apps[index].configuration.runsHostedCode
        // A scripted callback returns after its declared delay, or at once; a hosted one when the host says so.
        // The behaviour's tables are looked at in place first: asking the behaviour itself copies it out of the
        // app's record, on every call, though most apps declare neither delays nor answers.
        let delay =
            hosted || apps[index].behavior.durations.isEmpty ? nil : apps[index].behavior.delay(of: callback)
        let returnsAtOnce = !hosted && delay == nil
        if let limit = callback.watchdogLimit {
            // A callback that returns within the event that calls it cannot outlast a watchdog: none is set for
            // it. The one armed before still goes, as arming another would replace it.
            if returnsAtOnce {
                disarmWatchdog(for: index)
            } else {
                armWatchdog(for: index, guarding: callback, limit: limit)
            }
        }
        if !returnsAtOnce, apps[index].launchWatchdogIsPending { setPendingLaunchWatchdog(for: index) }
        if callback.isSceneCallback, let session = apps[index].session {
            let detail = output.keep(sceneDetail(of: callback, detail, on: index))
            emit(.sceneCallback(app: index, scene: output.keep(session.id), callback, detail: detail))
        } else if callback == .configurationForConnecting, let session = apps[index].session {
            // The window's configuration is remembered from the first launch on (docs/lifecycle.md §13); a new
            // window is asked about all the same (§16).
            if session.role == .window { apps[index].hasSceneConfiguration = true }
            apps[index].markFocusedSessionConfigured()
            let argument =
                session.role == .window
                ? session.id.rawValue : "\(session.id.rawValue) \(session.role.uiKitName(under: profile))"
            emit(.callback(app: index, callback, detail: output.keep(.argument(argument))))
        } else {
            emit(.callback(app: index, callback, detail: output.keep(detail)))
        }
        if hosted {
            // The host runs the delegate and reports the return with ``callbackReturned(from:answer:)``; the
            // completion handler of a notification delegate's method holds the app until the host says it is called.
            if callback.isNotificationCenterCallback { awaitNotificationCompletion(of: callback, on: index) }
            apps[index].running = (callback, nil)
            busyApps += 1
            return
        }
        if callback.returnsDecision {
            let answer = apps[index].behavior.answers.isEmpty || apps[index].behavior.answer(of: callback)
            record(answer, of: callback, for: index)
        }
        // What the scripted app's code does in the call, beyond returning: one switch, as every call of the phone's
        // loop comes through here.
        switch callback {
        case .didEnterBackground, .sceneDidEnterBackground:
            // A scene-based app begins its scripted task where its code learns it is in the background: in
            // `sceneDidEnterBackground:`, as the app delegate's method is no longer called.
            if let work = apps[index].behavior.backgroundTaskWork {
                beginScriptedBackgroundTask(for: index, work: work)
            }
        case .willFinishLaunching, .didBecomeActive, .sceneDidBecomeActive:
            // Where it sets its notification delegate, if it has one (docs/lifecycle.md §18).
            if apps[index].notificationDelegate != nil { notePossibleNotificationDelegate(after: callback, on: index) }
        case .notificationWillPresent, .notificationDidReceive:
            awaitNotificationCompletion(of: callback, on: index)
        default:
            break
        }
        if let delay {
            let timer = schedule(.callbackReturns, for: index, after: delay)
            apps[index].running = (callback, TimerHandle(timer))
            busyApps += 1
        } else {
            callbackReturned(callback, on: index)
        }
    }

    /// Records what a `BOOL`-returning callback answered: the launch gate, restoration and preservation
    /// depend on it.
    private mutating func record(_ answer: Bool, of callback: Callback, for index: Int) {
        apps[index].lastAnswer = answer
        if !answer, callback == .willFinishLaunching || callback == .didFinishLaunching {
            apps[index].launchRefused = true
        }
        if callback == .didFinishLaunching { apps[index].didFinishLaunchingAnswer = answer }
    }

    /// The host reports that an app whose code it runs returned from the callback it was in: the notifications that
    /// follow it are posted, and the app stays in its turn until the host reports ``turnEnded(of:)``.
    ///
    /// - Parameter answer: what a `BOOL`-returning callback returned (`nil` means YES, as an unimplemented
    ///   method does).
    /// - Returns: what must happen next; nothing if the app is no longer in a callback (the watchdog killed it).
    public mutating func callbackReturned(from app: AppID, answer: Bool? = nil) -> [Action] {
        resolving { phone, list in phone.callbackReturned(from: app, answer: answer, into: &list) }.actions
    }

    /// ``callbackReturned(from:answer:)``, appending what must happen next to `list`.
    public mutating func callbackReturned(from app: AppID, answer: Bool? = nil, into list: inout ActionList) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app], let running = phone.apps[index].running, running.timer == nil,
                !phone.apps[index].turnIsOpen
            else { return }
            if running.callback.returnsDecision { phone.record(answer ?? true, of: running.callback, for: index) }
            phone.callbackReturned(running.callback, on: index)
            // The app's turn goes on, busy still: its notifications' observers run, then the work on its main queue.
            // The system decides what comes next (a suspension above all) only once the host ends the turn.
            phone.apps[index].turnIsOpen = true
        }
    }

    /// The host reports that an app whose code it runs has returned to its run loop after a callback: the observers
    /// of the notifications that followed the callback have returned, and so has the work its code put on the main
    /// queue meanwhile (docs/lifecycle.md §19). Only now does the system go on with the app: a background task begun
    /// in an observer of `UIApplicationDidEnterBackgroundNotification` holds it as one begun in the delegate does.
    ///
    /// - Returns: what must happen next; nothing if the app is not in such a turn (it was killed meanwhile).
    public mutating func turnEnded(of app: AppID) -> [Action] {
        resolving { phone, list in phone.turnEnded(of: app, into: &list) }.actions
    }

    /// ``turnEnded(of:)``, appending what must happen next to `list`.
    public mutating func turnEnded(of app: AppID, into list: inout ActionList) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app], phone.apps[index].turnIsOpen else { return }
            phone.apps[index].turnIsOpen = false
            phone.apps[index].running = nil
            phone.busyApps -= 1
            phone.run(index)
        }
    }

    /// What happens when a callback returns: its notification is posted and its own watchdog disarmed. A
    /// scene-delegate method's `UIScene` notification comes first, then the `UIApplication` one when the app's
    /// own state changes in the same step (docs/lifecycle.md §13).
    ///
    /// Inlined: in ``call(_:_:on:)``, which knows then whether the callback is a scene's and what it posts, that
    /// saved 3% of the phone's tap-and-Home loop.
    @inline(__always)
    mutating func callbackReturned(_ callback: Callback, on index: Int) {
        if callback.watchdogLimit != nil { disarmWatchdog(for: index) }
        guard let notification = callback.notification else { return }
        guard callback.isSceneCallback, let session = apps[index].session else {
            emit(.notification(app: index, notification))
            return
        }
        emit(.sceneNotification(app: index, scene: output.keep(session.id), notification))
        if let applicationNotification = callback.applicationNotification, sceneStepChangesApp(callback, on: index) {
            emit(.notification(app: index, applicationNotification))
        }
    }

    /// Queues the callback-and-transition steps of a lifecycle event of an app, in UIKit's order: a `will…`
    /// callback runs before its transition, a `did…` callback after it (docs/lifecycle.md §11). For a scene-based
    /// app, the events of the foreground are its scene's, told to the scene delegate (docs/lifecycle.md §13).
    ///
    /// Inlined: its callers name the event, and what is queued for it then folds to a few stores; that saved 2.4%
    /// of the phone's tap-and-Home loop. A scene-based app's steps are out of line: with them inline, the compiler
    /// stopped inlining it once it had more callers (the apps sharing an iPad's screen), which cost 1.9% of that loop.
    @inline(__always)
    mutating func queueSteps(for event: AppLifecycle.Event, of index: Int, reason: TransitionReason? = nil) {
        guard usesScenes(index), let sceneEvent = Self.sceneEvent(for: event) else {
            queueAppDelegateSteps(for: event, reason: reason, of: index)
            return
        }
        queueEveryScenesSteps(for: sceneEvent, of: index)
    }

    /// Queues a scene-based app's steps for an app-level event: its front window's scene, then the other windows on
    /// screen, then an external display's scene, which follows the window.
    private mutating func queueEveryScenesSteps(for sceneEvent: SceneLifecycle.Event, of index: Int) {
        queueSceneSteps(for: sceneEvent, .always, of: index)
        // The other windows on screen beside the front one (an iPad's, docs/lifecycle.md §16), left first.
        if apps[index].windowsOnScreen.count > 1 {
            for number in apps[index].otherWindowsOnScreen {
                queue(.focusSession(number), for: index)
                queueSceneSteps(for: sceneEvent, .sceneConnected, of: index)
            }
            queue(.focus(.window), for: index)
        }
        // A scene that follows the app's window (an external display's) enters the foreground and the background
        // with it, after it; it never becomes active (docs/lifecycle.md §16).
        if sceneEvent == .enterForeground || sceneEvent == .enterBackground, apps[index].sessions.count > 1,
            apps[index].sessionPosition(of: .externalDisplay) != nil
        {
            queueDisplaySceneSteps(for: sceneEvent, of: index)
        }
    }

    /// Queues a scene event's steps for the app's external display's scene, if it is connected, then gives the focus
    /// back to the window.
    mutating func queueDisplaySceneSteps(for event: SceneLifecycle.Event, of index: Int) {
        queue(.focus(.externalDisplay), for: index)
        queueSceneSteps(for: event, .sceneConnected, of: index)
        queue(.focus(.window), for: index)
    }

    /// Queues the callback-and-transition steps of a scene event of the scene in focus, in UIKit's order.
    @inline(__always)
    mutating func queueSceneSteps(for event: SceneLifecycle.Event, _ condition: Step.Condition, of index: Int) {
        let callback = SceneLifecycle.callback(for: event)
        if SceneLifecycle.callbackPrecedesTransition(event) {
            queue(.call(callback, nil, condition), for: index)
            queue(.scene(event), for: index)
        } else {
            queue(.scene(event), for: index)
            queue(.call(callback, nil, condition), for: index)
        }
    }

    /// Queues the callback-and-transition steps of an app-delegate lifecycle event. Inlined: in
    /// ``queueSteps(for:of:reason:)``, where the event is often known, that saved 1.4% of the phone's tap-and-Home
    /// loop.
    @inline(__always)
    mutating func queueAppDelegateSteps(for event: AppLifecycle.Event, reason: TransitionReason?, of index: Int) {
        guard let callback = AppLifecycle.callback(for: event) else {
            queue(.change(event, reason), for: index)
            return
        }
        switch event {
        case .resignActive, .enterForeground, .terminate:
            queue(.call(callback, nil, .always), for: index)
            queue(.change(event, reason), for: index)
        default:
            queue(.change(event, reason), for: index)
            queue(.call(callback, nil, .always), for: index)
        }
    }

    /// Queues a call of a delegate method; its detail, if any, waits in the app's record until the call.
    mutating func queueCall(
        _ callback: Callback, _ detail: CallbackDetail?, _ condition: Step.Condition = .always, for index: Int
    ) {
        guard let detail else {
            queue(.call(callback, nil, condition), for: index)
            return
        }
        apps[index].lastDetailTicket &+= 1
        let ticket = Step.DetailTicket(number: apps[index].lastDetailTicket)
        apps[index].parkedDetails[ticket] = detail
        queue(.call(callback, ticket, condition), for: index)
    }

    // MARK: State changes

    /// Changes an app's state through its state machine and keeps the phone's books: the foreground app,
    /// executing apps, memory, the least-recently-used queue, the background budget, and clean-up on exit.
    ///
    /// Inlined: most callers pass the event as a constant (a suspension, a kill), for which the state machine's
    /// switch and most of the books fold away; that saved 6% of the phone's tap-and-Home loop.
    @inline(__always)
    mutating func apply(_ event: AppLifecycle.Event, _ reason: TransitionReason?, to index: Int) {
        guard let transition = apps[index].lifecycle.handle(event) else {
            // A step queued for a state the app has already left (it was killed meanwhile): nothing to do.
            return
        }
        emit(.transition(app: index, from: transition.from, to: transition.to, reason: reason))
        let (from, to) = (transition.from, transition.to)

        if from == .notRunning {
            if apps[index].isPrewarmed {
                // The prewarmed process becomes the app's: its memory is already counted.
                apps[index].isPrewarmed = false
                prewarmed.remove(index)
                note(index, "the launch uses the prewarmed process")
            } else {
                usedMemory += apps[index].footprint
            }
        }
        if to.isExecuting != from.isExecuting {
            if to.isExecuting { executing.insert(index) } else { executing.remove(index) }
        }
        if to.isForeground {
            bookComingOnScreen(index)
            useCounter += 1
            apps[index].lastUse = useCounter
            apps[index].hasSwitcherCard = true
            stopBudget(for: index)
        } else if from.isForeground || to == .notRunning {
            // Gone from the screen, or from its way there (a launch that never reached the foreground).
            dropFromScreen(index)
        }
        if from == .suspended { suspendedCount -= 1 }

        switch to {
        case .background where from == .inactive && event == .enterBackground:
            startBudget(for: index)
        case .suspended:
            stopBudget(for: index)
            apps[index].suspensions += 1
            suspendedCount += 1
            suspendedByLastUse.push(
                .init(lastUse: apps[index].lastUse, app: index, suspension: apps[index].suspensions))
            compactLeastRecentlyUsedQueue()
        case .notRunning:
            usedMemory -= apps[index].footprint
            discardProcess(of: index)
            if apps[index].discardsSessionOnExit { endDiscardedSession(of: index) }
        default:
            break
        }
    }

    /// Forgets everything the app's process was doing: its run loop, timers and tasks.
    private mutating func discardProcess(of index: Int) {
        if let running = apps[index].running {
            cancel(running.timer, of: index)
            busyApps -= 1
            apps[index].turnIsOpen = false
        }
        disarmWatchdog(for: index)
        stopBudget(for: index)
        // Most processes end holding no task and no event: their empty arrays are left as they are, which
        // spares walking them and releasing them.
        if !apps[index].backgroundTasks.isEmpty {
            for task in apps[index].backgroundTasks { cancel(task.end) }
            apps[index].backgroundTasks = []
        }
        if !apps[index].pendingEvents.isEmpty {
            for event in apps[index].pendingEvents { cancel(event.timer) }
            apps[index].pendingEvents = []
        }
        if !apps[index].runningTasks.isEmpty { discardRunningTasks(of: index) }
        apps[index].notifications.delegateIsSet = false
        apps[index].running = nil
        apps[index].steps.removeAll()
        apps[index].parkedDetails.removeAll(keepingCapacity: true)
        apps[index].disconnectEveryScene()
    }

    /// Kills an app's process at once: no callback, whatever it was doing (docs/lifecycle.md §3, §4, §8).
    mutating func kill(_ index: Int, _ reason: TransitionReason) {
        while apps[index].state.isForeground {
            apply(.removeFromScreen, reason, to: index)
        }
        apply(.kill, reason, to: index)
        releaseScreenIfFree()
    }

    /// Deletes the app's restoration archive, if it has one (docs/lifecycle.md §6).
    mutating func deleteRestorationArchive(of index: Int) {
        guard apps[index].hasRestorationArchive else { return }
        apps[index].hasRestorationArchive = false
        note(index, "restoration archive deleted")
        emit(.deleteRestorationArchive(app: index))
    }

    private mutating func compactLeastRecentlyUsedQueue() {
        guard suspendedByLastUse.count > 2 * suspendedCount + 64 else { return }
        suspendedByLastUse.compact { [apps] entry in
            apps[entry.app].state == .suspended && apps[entry.app].suspensions == entry.suspension
        }
    }

    // MARK: Suspension

    /// Suspends an app in the background that has nothing left to run (docs/lifecycle.md §4).
    ///
    /// Inlined: asked at the end of every run, where it most often finds the app busy or in the foreground, as a
    /// call of its own it had cost 0.7% of the phone's tap-and-Home loop.
    @inline(__always)
    mutating func suspendIfIdle(_ index: Int) {
        // Read in place: copying the whole record would retain every array and dictionary in it.
        guard apps[index].state == .background, !apps[index].isBusy, !apps[index].hasQueuedSteps,
            apps[index].backgroundTasks.isEmpty, apps[index].pendingEvents.isEmpty, apps[index].runningTasks.isEmpty,
            !apps[index].hasContinuousBackgroundMode
        else { return }
        apply(.suspend, .suspend, to: index)
    }

    /// Calls, next, the callbacks an app missed while suspended, one per kind for the net change
    /// (docs/lifecycle.md §7).
    private mutating func deliverQueuedNotifications(to index: Int) {
        var offset = 0
        if apps[index].timeChangesSeen < significantTimeChanges {
            apps[index].timeChangesSeen = significantTimeChanges
            apps[index].steps.insert(.call(.significantTimeChange, nil, .always), at: offset)
            offset += 1
        }
        if apps[index].configuration.usesDataProtection,
            apps[index].protectedDataAvailableSeen != protectedDataAvailable
        {
            apps[index].protectedDataAvailableSeen = protectedDataAvailable
            let callback: Callback =
                protectedDataAvailable ? .protectedDataDidBecomeAvailable : .protectedDataWillBecomeUnavailable
            apps[index].steps.insert(.call(callback, nil, .always), at: offset)
        }
    }

    /// Tells every executing app about a change it hears of at once; suspended apps hear of it when they
    /// next run.
    mutating func deliverQueuedNotificationsToExecutingApps() {
        for index in executing {
            enqueue(index, .deliverQueuedNotifications)
        }
    }
}
