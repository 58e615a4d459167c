extension Phone {
    /// A scripted app's code calls `beginBackgroundTask(expirationHandler:)` and will end the task after `work`.
    mutating func beginScriptedBackgroundTask(for index: Int, work: Duration) {
        addBackgroundTask(to: index, endingAt: schedule(.backgroundTaskEnds, for: index, after: work))
        note(index, BackgroundWorkNote.scriptedTaskBegan(work: work).text)
    }

    /// Gives an app a new background task; `end` is the timer at which a scripted app's code ends it, and
    /// `completionHandler` the delegate method whose handler, not called yet, the task stands for.
    @discardableResult
    private mutating func addBackgroundTask(
        to index: Int, endingAt end: PlainTimer?, completionHandler: Callback? = nil
    ) -> BackgroundTaskIdentifier {
        nextBackgroundTaskID += 1
        let identifier = BackgroundTaskIdentifier(rawValue: nextBackgroundTaskID)
        apps[index].backgroundTasks.append(
            BackgroundTask(identifier: identifier, end: end, completionHandler: completionHandler))
        return identifier
    }

    /// The app's code has a completion handler of a notification delegate's method to call (docs/lifecycle.md
    /// §18): until it does, the handler holds the app as a background task does, under the background budget. A
    /// scripted app calls it after `work`, or never (`nil`).
    mutating func holdForCompletionHandler(of callback: Callback, for index: Int, work: Duration?) {
        let end = work.map { schedule(.backgroundTaskEnds, for: index, after: $0) }
        addBackgroundTask(to: index, endingAt: end, completionHandler: callback)
        if work == nil, !apps[index].configuration.runsHostedCode {
            note(index, "the completion handler of \(callback.selector) is never called: it holds the app")
        }
    }

    /// An app whose code runs in the host calls `beginBackgroundTask(withName:expirationHandler:)`.
    ///
    /// Only an app that executes code can begin a task; otherwise the result is ``BackgroundTaskIdentifier/invalid``,
    /// as in UIKit.
    public mutating func beginBackgroundTask(in app: AppID, name: String? = nil) -> (
        identifier: BackgroundTaskIdentifier, actions: [Action]
    ) {
        let (identifier, actions) = resolving { phone, list in
            phone.beginBackgroundTask(in: app, name: name, into: &list)
        }
        return (identifier, actions)
    }

    /// ``beginBackgroundTask(in:name:)``, appending what must happen to `list`.
    public mutating func beginBackgroundTask(
        in app: AppID, name: String? = nil, into list: inout ActionList
    ) -> BackgroundTaskIdentifier {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app], phone.apps[index].state.isExecuting else { return .invalid }
            let identifier = phone.addBackgroundTask(to: index, endingAt: nil)
            phone.note(index, BackgroundWorkNote.taskBegan(name: name, identifier: identifier).text)
            return identifier
        }
    }

    /// An app whose code runs in the host calls `endBackgroundTask(_:)`. Ending a task that does not exist
    /// (already ended, or never begun) does nothing but say so, as UIKit logs it.
    public mutating func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) -> [Action] {
        resolving { phone, list in phone.endBackgroundTask(identifier, in: app, into: &list) }.actions
    }

    /// ``endBackgroundTask(_:in:)``, appending what must happen to `list`.
    public mutating func endBackgroundTask(
        _ identifier: BackgroundTaskIdentifier, in app: AppID, into list: inout ActionList
    ) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            guard let position = phone.apps[index].backgroundTasks.firstIndex(where: { $0.identifier == identifier })
            else {
                phone.note(index, "endBackgroundTask: no background task exists with identifier \(identifier)")
                return
            }
            phone.endBackgroundTask(at: position, for: index)
        }
    }

    /// A scripted background task's work is done: the app ends it.
    mutating func backgroundTaskEnded(_ timer: PlainTimer, for index: Int) {
        guard let position = apps[index].backgroundTasks.firstIndex(where: { $0.end == timer }) else { return }
        endBackgroundTask(at: position, for: index, endTimerFired: true)
    }

    private mutating func endBackgroundTask(at position: Int, for index: Int, endTimerFired: Bool = false) {
        let task = apps[index].backgroundTasks.remove(at: position)
        if !endTimerFired { cancel(task.end) }
        if let callback = task.completionHandler {
            note(index, BackgroundWorkNote.completionHandlerCalled(selector: callback.selector).text)
        } else {
            let identifier = apps[index].configuration.runsHostedCode ? task.identifier : nil
            note(index, BackgroundWorkNote.taskEnded(identifier: identifier).text)
        }
        suspendIfIdle(index)
    }

    /// Starts the background budget as the app enters the background (docs/lifecycle.md §4).
    ///
    /// Its timers wait until the budget can matter: most apps are suspended in the same event, which stops the
    /// budget before a host would have had them. They are set before any other timer the phone sets after the
    /// budget started (so timers keep the order in which they were due to be set, and with it the order in which
    /// timers due at the same instant fire), or when the event ends (``setPendingBudget()``); the event's
    /// instant is the budget's start either way.
    mutating func startBudget(for index: Int) {
        guard !apps[index].hasContinuousBackgroundMode else { return }
        stopBudget(for: index)
        if pendingBudgetApp != nil { setPendingBudget() }
        pendingBudgetApp = index
    }

    /// Sets the timers of the budget that waits (``startBudget(for:)``).
    mutating func setPendingBudget() {
        guard let index = pendingBudgetApp else { return }
        pendingBudgetApp = nil
        let budget = profile.backgroundBudget
        apps[index].budget = (
            warning: TimerHandle(schedule(.expirationWarning, for: index, after: budget - Profile.expirationWarning)),
            exhaustion: TimerHandle(schedule(.budgetExhausted, for: index, after: budget))
        )
    }

    /// Stops the background budget, if it runs or waits. Inlined: it is asked on every transition to the
    /// foreground and on every suspension, and most of the time there is no budget to stop.
    @inline(__always)
    mutating func stopBudget(for index: Int) {
        if pendingBudgetApp == index { pendingBudgetApp = nil }
        if apps[index].budget != nil { cancelBudget(for: index) }
    }

    private mutating func cancelBudget(for index: Int) {
        guard let budget = apps[index].budget else { return }
        cancel(budget.warning, of: index)
        cancel(budget.exhaustion, of: index)
        apps[index].budget = nil
    }

    /// Five seconds of background time remain: the expiration handlers run.
    /// A completion handler not called has no expiration handler: only the tasks the app began hear the warning.
    mutating func expirationWarning(for index: Int) {
        let began = apps[index].backgroundTasks.filter { $0.completionHandler == nil }
        guard !began.isEmpty else { return }
        if apps[index].configuration.runsHostedCode {
            note(index, "expiration handlers run (5 s remain)")
            emit(.runExpirationHandlers(app: index, tasks: output.keep(began.map(\.identifier))))
            return
        }
        if apps[index].behavior.ignoresExpiration {
            note(index, "expiration handler runs (5 s remain) and leaves the background task running")
            return
        }
        note(index, BackgroundWorkNote.expirationHandlerEndsTasks.text)
        for task in began { cancel(task.end) }
        apps[index].backgroundTasks.removeAll { $0.completionHandler == nil }
        suspendIfIdle(index)
    }

    /// The host ran the expiration handlers of these tasks of an app whose code it runs (``Action/runExpirationHandlers(_:_:)``)
    /// and they have returned: a task still open now was not ended by its handler. iOS logs it, and kills the app when
    /// its time runs out if the task is still open then (docs/lifecycle.md §19); a task the code ends later, from work
    /// it deferred (`DispatchQueue.main.async` in the handler), is still the handler's fault.
    public mutating func expirationHandlersReturned(
        of tasks: [BackgroundTaskIdentifier], in app: AppID, into list: inout ActionList
    ) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            for task in tasks where phone.apps[index].backgroundTasks.contains(where: { $0.identifier == task }) {
                phone.note(index, FaultNote.taskNotEndedByExpirationHandler(identifier: Int(task.rawValue)).text)
            }
        }
    }

    /// ``expirationHandlersReturned(of:in:into:)``, returning what must happen.
    public mutating func expirationHandlersReturned(of tasks: [BackgroundTaskIdentifier], in app: AppID) -> [Action] {
        resolving { phone, list in phone.expirationHandlersReturned(of: tasks, in: app, into: &list) }.actions
    }

    /// The background budget is used up: an app still holding tasks is killed (no `willTerminate`).
    mutating func budgetExhausted(for index: Int) {
        apps[index].budget = nil
        guard let task = apps[index].backgroundTasks.first else { return }
        if let callback = task.completionHandler {
            note(index, FaultNote.completionHandlerNotCalled(selector: callback.selector).text)
        } else {
            note(index, FaultNote.backgroundTaskNotEnded.text)
        }
        kill(index, .budget)
    }

    /// The app works on a background event, then calls its completion handler; the watchdog kills it if that
    /// takes longer than 30 s (docs/lifecycle.md §4). A scripted app works for `work`; `nil` for a handler it
    /// never calls.
    mutating func awaitCompletionHandler(of callback: Callback, for index: Int, work: Duration?) {
        let limit = WatchdogLimit.backgroundEventCompletion
        let timer: PlainTimer
        if let work, !apps[index].configuration.runsHostedCode, work <= limit {
            timer = schedule(.backgroundEventCompletes, for: index, after: work)
        } else {
            timer = schedule(.watchdog, for: index, after: limit, subject: .completionHandler(of: callback))
        }
        apps[index].pendingEvents.append((timer, callback))
    }

    mutating func completionHandlerCalled(_ timer: PlainTimer, for index: Int) {
        guard let position = apps[index].pendingEvents.firstIndex(where: { $0.timer == timer }) else { return }
        completeEvent(at: position, for: index)
    }

    /// An app whose code runs in the host calls the completion handler of a background event it received.
    /// A second call, or a call after the watchdog, does nothing.
    public mutating func completionHandlerCalled(for callback: Callback, in app: AppID) -> [Action] {
        resolving { phone, list in phone.completionHandlerCalled(for: callback, in: app, into: &list) }.actions
    }

    /// ``completionHandlerCalled(for:in:)``, appending what must happen to `list`.
    public mutating func completionHandlerCalled(for callback: Callback, in app: AppID, into list: inout ActionList) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            if let position = phone.apps[index].pendingEvents.firstIndex(where: { $0.callback == callback }) {
                phone.completeEvent(at: position, for: index)
            } else if let position = phone.apps[index].backgroundTasks.firstIndex(where: {
                $0.completionHandler == callback
            }) {
                phone.endBackgroundTask(at: position, for: index)
            }
        }
    }

    private mutating func completeEvent(at position: Int, for index: Int) {
        let event = apps[index].pendingEvents.remove(at: position)
        cancel(event.timer)
        note(index, BackgroundWorkNote.completionHandlerCalled(selector: event.callback.selector).text)
        suspendIfIdle(index)
    }

    // MARK: Watchdog

    /// Arms the watchdog for a callback, or for the launch (`nil`), replacing any armed before.
    mutating func armWatchdog(for index: Int, guarding callback: Callback?, limit: Duration) {
        disarmWatchdog(for: index)
        let timer = schedule(.watchdog, for: index, after: limit, subject: Self.watchdogSubject(callback))
        apps[index].watchdog = (TimerHandle(timer), callback, limit)
    }

    /// Sets the launch's watchdog, due since the launch began (the same event), before a launch method that may
    /// not return at once. A launch whose methods all return at once needs none: nothing can outlast it.
    mutating func setPendingLaunchWatchdog(for index: Int) {
        apps[index].launchWatchdogIsPending = false
        armWatchdog(for: index, guarding: nil, limit: WatchdogLimit.launch)
    }

    /// Disarms the app's watchdog, if one is armed or due. Inlined, for the same reason as ``stopBudget(for:)``.
    @inline(__always)
    mutating func disarmWatchdog(for index: Int) {
        apps[index].launchWatchdogIsPending = false
        if apps[index].watchdog != nil { cancelWatchdog(for: index) }
    }

    private mutating func cancelWatchdog(for index: Int) {
        guard let watchdog = apps[index].takeWatchdog() else { return }
        cancel(watchdog.timer, of: index, subject: Self.watchdogSubject(watchdog.guarding))
    }

    /// What a watchdog guards: the callback, or the launch.
    static func watchdogSubject(_ callback: Callback?) -> SystemTimer.Subject {
        callback.map(SystemTimer.Subject.callback) ?? .launch
    }

    /// A watchdog fired: the app did not return, or did not call a completion handler, in time.
    mutating func watchdogFired(_ timer: PlainTimer, for index: Int) {
        if let watchdog = apps[index].watchdog, watchdog.timer.matches(timer) {
            let subject = Self.watchdogSubject(watchdog.guarding)
            note(index, FaultNote.didNotFinish(subject: "\(subject)", limit: watchdog.limit.secondsText).text)
            let duringLaunch = watchdog.guarding == nil
            apps[index].watchdog = nil
            kill(index, .watchdog)
            if duringLaunch { deleteRestorationArchive(of: index) }
        } else if let event = apps[index].pendingEvents.first(where: { $0.timer == timer }) {
            let limit = WatchdogLimit.backgroundEventCompletion.secondsText
            note(index, FaultNote.completionHandlerTimedOut(selector: event.callback.selector, limit: limit).text)
            kill(index, .watchdog)
        }
    }

    // MARK: Timers

    /// Handles a timer set earlier: returns what must happen now. A cancelled or stale timer does nothing.
    public mutating func timerFired(_ timer: SystemTimer) -> [Action] {
        // A timer of an app the phone does not have is stale, like a cancelled one.
        guard let timer = plainTimer(timer) else { return [] }
        return resolving { phone, list in phone.timerFired(timer, into: &list) }.actions
    }

    /// Handles a timer set earlier, given as the phone set it, appending what must happen now to `list`.
    public mutating func timerFired(_ timer: PlainTimer, into list: inout ActionList) {
        emitting(into: &list) { phone in phone.handleTimer(timer) }
    }

    private mutating func handleTimer(_ timer: PlainTimer) {
        guard let index = timer.app else {
            if timer.purpose == .protectedDataLocks, timer == protectedDataTimer { protectedDataBecameUnavailable() }
            return
        }
        guard apps.indices.contains(index) else { return }
        switch timer.purpose {
        case .callbackReturns:
            if let running = apps[index].running, running.timer?.matches(timer) == true {
                apps[index].running = nil
                busyApps -= 1
                callbackReturned(running.callback, on: index)
                run(index)
            }
        case .watchdog:
            watchdogFired(timer, for: index)
        case .backgroundTaskEnds:
            backgroundTaskEnded(timer, for: index)
        case .expirationWarning:
            if apps[index].isBudgetWarning(timer) { expirationWarning(for: index) }
        case .budgetExhausted:
            if apps[index].isBudgetExhaustion(timer) { budgetExhausted(for: index) }
        case .backgroundEventCompletes:
            completionHandlerCalled(timer, for: index)
        case .protectedDataLocks:
            break
        case .taskRequestDue, .scheduledTaskWorkDone, .scheduledTaskExpires, .scheduledTaskEnds:
            scheduledTaskTimerFired(timer, for: index)
        case .notificationDue:
            notificationDue(timer, for: index)
        }
    }

    /// Ten seconds after locking, protected data becomes unavailable (docs/lifecycle.md §3).
    private mutating func protectedDataBecameUnavailable() {
        protectedDataTimer = nil
        guard isLocked, protectedDataAvailable else { return }
        protectedDataAvailable = false
        deliverQueuedNotificationsToExecutingApps()
    }
}
