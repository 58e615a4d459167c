extension Phone {
    // Scheduled background work: BGTaskScheduler (docs/lifecycle.md §17). The requests are the system's: they
    // outlive the app's process. The tasks are the process's: they end with it.

    /// The permitted task at a position of an app's `BGTaskSchedulerPermittedIdentifiers`, as ``PlainAction``
    /// names it.
    public func permittedTask(_ position: Int, of index: Int) -> PermittedTask {
        apps[index].configuration.permittedTasks[position]
    }

    /// The identifiers of the scheduled tasks an app's process runs.
    public func runningTasks(of app: AppID) -> [String] {
        guard let index = indexByID[app] else { return [] }
        return apps[index].runningTasks.map { permittedTask($0.permitted, of: index).identifier }
    }

    /// Why `submit(_:)` refuses a request from the app now, or `nil` when it takes it; the position of the
    /// identifier among the app's permitted tasks, and the kind of the task.
    mutating func submissionError(
        _ request: TaskRequest, from index: Int
    ) -> (error: TaskRequestError?, permitted: Int, kind: ScheduledTaskKind) {
        let record = apps[index]
        guard
            let permitted = record.configuration.permittedTasks.firstIndex(where: {
                $0.identifier == request.identifier
            }),
            let kind = request.kind ?? record.configuration.permittedTasks[permitted].kind
        else { return (.notPermitted, -1, .appRefresh) }
        if let mode = kind.requiredMode, !record.configuration.backgroundModes.contains(mode) {
            return (.notPermitted, permitted, kind)
        }
        if kind.introducedIn > profile.version { return (.notPermitted, permitted, kind) }
        if kind == .continuedProcessing {
            // Started by the user's action: from the foreground only, and not while it already runs.
            guard projectedState(of: index).isForeground else { return (.unavailable, permitted, kind) }
            if record.runningTasks.contains(where: { $0.permitted == permitted }) {
                return (.tooManyPendingTaskRequests, permitted, kind)
            }
            return (nil, permitted, kind)
        }
        if record.backgroundAppRefreshIsOff { return (.unavailable, permitted, kind) }
        let replaces = record.pendingTaskRequests.contains { $0.permitted == permitted }
        let pendingOfKind = record.pendingTaskRequests.count { $0.kind == kind }
        if !replaces, pendingOfKind >= kind.pendingLimit { return (.tooManyPendingTaskRequests, permitted, kind) }
        return (nil, permitted, kind)
    }

    // MARK: From an app's code

    /// An app whose code runs in the host calls `BGTaskScheduler.submit(_:)`: returns the error the call throws,
    /// or `nil` when the request is taken (a continued-processing request starts at once).
    public mutating func submitTaskRequest(
        _ request: TaskRequest, in app: AppID, into list: inout ActionList
    ) -> TaskRequestError? {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app], phone.apps[index].state.isExecuting else { return .unavailable }
            // Impossible only for an app that is not running, which the guard has turned away.
            return (try? phone.submitTaskRequest(request, from: index)) ?? nil
        }
    }

    /// An app whose code runs in the host calls `setTaskCompleted(success:)` on a task it runs. Completing a task
    /// that does not run (completed already, or ended with the process) does nothing but say so.
    public mutating func completeScheduledTask(
        _ identifier: String, success: Bool, in app: AppID, into list: inout ActionList
    ) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            guard let position = phone.runningTaskPosition(identifier, of: index) else {
                phone.note(index, "setTaskCompleted: no task \(identifier) runs")
                return
            }
            phone.completeTask(at: position, of: index, success: success)
        }
    }

    /// An app's code calls `cancel(taskRequestWithIdentifier:)`, or `cancelAllTaskRequests()` (`nil`): the pending
    /// requests go; running tasks are not affected.
    public mutating func cancelTaskRequests(_ identifier: String?, in app: AppID, into list: inout ActionList) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            let cancelled = phone.apps[index].pendingTaskRequests.filter {
                identifier == nil || $0.request.identifier == identifier
            }
            guard !cancelled.isEmpty else { return }
            for pending in cancelled { phone.cancel(pending.due) }
            phone.apps[index].pendingTaskRequests.removeAll { identifier == nil || $0.request.identifier == identifier }
            phone.note(index, "cancelled " + cancelled.map(\.request.identifier).joined(separator: ", "))
        }
    }

    /// ``submitTaskRequest(_:in:into:)``, returning what must happen.
    public mutating func submitTaskRequest(
        _ request: TaskRequest, in app: AppID
    ) -> (error: TaskRequestError?, actions: [Action]) {
        let (error, actions) = resolving { phone, list in phone.submitTaskRequest(request, in: app, into: &list) }
        return (error, actions)
    }

    /// ``completeScheduledTask(_:success:in:into:)``, returning what must happen.
    public mutating func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) -> [Action] {
        resolving { phone, list in phone.completeScheduledTask(identifier, success: success, in: app, into: &list) }
            .actions
    }

    /// ``cancelTaskRequests(_:in:into:)``, returning what must happen.
    public mutating func cancelTaskRequests(_ identifier: String?, in app: AppID) -> [Action] {
        resolving { phone, list in phone.cancelTaskRequests(identifier, in: app, into: &list) }.actions
    }

    /// The requests an app has pending (`getPendingTaskRequests(completionHandler:)`), in the order submitted.
    public func pendingRequests(of app: AppID) -> [TaskRequest] {
        guard let index = indexByID[app] else { return [] }
        return apps[index].pendingTaskRequests.map(\.request)
    }

    /// The app's code submits a request: it waits for the system (replacing one with the same identifier), or, for
    /// continued processing, starts at once. A refused request is noted with the error the app sees, and returned.
    @discardableResult
    mutating func submitTaskRequest(
        _ request: TaskRequest, from index: Int
    ) throws(ImpossibleAction) -> TaskRequestError? {
        guard projectedState(of: index) != .notRunning else {
            throw ImpossibleAction(
                "\(apps[index].id) is not running: only its code submits task requests", culprit: .app)
        }
        let (error, permitted, kind) = submissionError(request, from: index)
        if let error {
            note(index, "submit \(request.identifier) failed: BGTaskScheduler.Error.Code.\(error.rawValue)")
            return error
        }
        if kind == .continuedProcessing {
            note(index, "submit \(request.identifier): the task starts now, its progress shown by the system")
            queue(.startScheduledTask(permitted, kind), for: index)
            run(index)
            return nil
        }
        var conditions = ""
        if let delay = request.earliestBegin, delay > .zero { conditions += ", may begin in \(delay.secondsText) s" }
        if request.requiresExternalPower { conditions += ", requires external power" }
        if request.requiresNetworkConnectivity { conditions += ", requires network connectivity" }
        if let position = apps[index].pendingTaskRequests.firstIndex(where: { $0.permitted == permitted }) {
            cancel(apps[index].pendingTaskRequests.remove(at: position).due)
            note(index, "submit \(request.identifier): pending\(conditions), replacing the request before")
        } else {
            note(index, "submit \(request.identifier): pending\(conditions)")
        }
        var stored = request
        stored.kind = kind
        var pending = PendingTaskRequest(permitted: permitted, kind: kind, request: stored)
        if let delay = request.earliestBegin, delay > .zero {
            pending.due = schedule(.taskRequestDue, for: index, after: delay)
        }
        apps[index].pendingTaskRequests.append(pending)
        return nil
    }

    /// The system runs a pending request now: the app is launched into the background, or resumed, if it must
    /// be, and its launch handler is called with the task. Impossible when no such request is pending, its
    /// conditions do not hold, or a task of the same identifier still runs (the app's code knows its tasks by their
    /// identifiers, as the debugger's commands do); an app the user swiped away is not launched for it (the trace
    /// says so).
    mutating func runTaskRequest(_ identifier: String, of index: Int) throws(ImpossibleAction) {
        let app = apps[index].id
        guard let position = apps[index].pendingTaskRequests.firstIndex(where: { $0.request.identifier == identifier })
        else {
            throw ImpossibleAction("\(app) has no pending request \(identifier) (submit one first)", culprit: .app)
        }
        let pending = apps[index].pendingTaskRequests[position]
        if let due = pending.due {
            throw ImpossibleAction(
                "the request \(identifier) may not begin yet: its earliestBeginDate has not come", culprit: .app,
                possibleWhen: due)
        }
        if pending.request.requiresExternalPower, !isCharging {
            throw ImpossibleAction(
                "the request \(identifier) requires external power, and the device is not charging ('charger on')",
                culprit: .app)
        }
        if pending.request.requiresNetworkConnectivity, !isNetworkReachable {
            throw ImpossibleAction(
                "the request \(identifier) requires network connectivity, and the network is off ('network on')",
                culprit: .app)
        }
        if apps[index].backgroundAppRefreshIsOff {
            throw ImpossibleAction("Background App Refresh is off for \(app): its requests do not run", culprit: .app)
        }
        if apps[index].runningTasks.contains(where: { $0.permitted == pending.permitted }) {
            throw ImpossibleAction(
                "\(app) still runs its task \(identifier): the request runs once that task is completed",
                culprit: .app)
        }
        guard queueWakeForBackgroundWork(of: index, "\(identifier) not run", LaunchOptions()) else { return }
        apps[index].pendingTaskRequests.remove(at: position)
        queue(.startScheduledTask(pending.permitted, pending.kind), for: index)
        run(index)
    }

    /// The run loop calls the task's launch handler: the task runs until the app completes it or its time ends.
    mutating func startScheduledTask(_ permitted: Int, _ kind: ScheduledTaskKind, of index: Int) {
        emit(.scheduledTask(app: index, task: permitted, .launchHandler(kind)))
        var task = RunningScheduledTask(permitted: permitted, kind: kind)
        if !apps[index].configuration.runsHostedCode {
            task.workDone = schedule(.scheduledTaskWorkDone, for: index, after: apps[index].behavior.scheduledTaskWork)
        }
        if let limit = kind.timeLimit {
            task.expiration = schedule(.scheduledTaskExpires, for: index, after: limit - Profile.expirationWarning)
            task.end = schedule(.scheduledTaskEnds, for: index, after: limit)
        }
        apps[index].runningTasks.append(task)
    }

    /// The running task with this identifier expires now: its expiration handler runs, and its end comes five
    /// seconds later.
    mutating func expireTask(_ identifier: String, of index: Int) throws(ImpossibleAction) {
        guard let position = runningTaskPosition(identifier, of: index) else {
            throw ImpossibleAction(
                "\(apps[index].id) runs no task \(identifier) (bgtask-launch or submit starts one)", culprit: .app)
        }
        cancel(apps[index].runningTasks[position].end)
        apps[index].runningTasks[position].end = schedule(
            .scheduledTaskEnds, for: index, after: Profile.expirationWarning)
        runExpirationHandler(at: position, of: index)
    }

    func runningTaskPosition(_ identifier: String, of index: Int) -> Int? {
        apps[index].runningTasks.firstIndex { permittedTask($0.permitted, of: index).identifier == identifier }
    }

    /// The task's expiration handler runs: a scripted app completes the task unsuccessfully, unless it ignores
    /// expiration.
    private mutating func runExpirationHandler(at position: Int, of index: Int) {
        cancel(apps[index].runningTasks[position].expiration)
        apps[index].runningTasks[position].expiration = nil
        emit(.scheduledTask(app: index, task: apps[index].runningTasks[position].permitted, .expirationHandler))
        guard !apps[index].configuration.runsHostedCode else { return }
        if apps[index].behavior.ignoresScheduledTaskExpiration {
            note(index, "the expiration handler leaves the task running")
        } else {
            completeTask(at: position, of: index, success: false)
        }
    }

    /// The app calls `setTaskCompleted(success:)`: the task ends, and the app is suspended if nothing else holds it.
    mutating func completeTask(at position: Int, of index: Int, success: Bool) {
        let task = apps[index].runningTasks.remove(at: position)
        for timer in task.timers { cancel(timer) }
        emit(.scheduledTask(app: index, task: task.permitted, .completed(success: success)))
        suspendIfIdle(index)
    }

    /// A scheduled task's timer fired.
    mutating func scheduledTaskTimerFired(_ timer: PlainTimer, for index: Int) {
        if timer.purpose == .taskRequestDue {
            if let position = apps[index].pendingTaskRequests.firstIndex(where: { $0.due == timer }) {
                apps[index].pendingTaskRequests[position].due = nil
            }
            return
        }
        guard let position = apps[index].runningTasks.firstIndex(where: { $0.timers.contains(timer) }) else { return }
        switch timer.purpose {
        case .scheduledTaskWorkDone:
            completeTask(at: position, of: index, success: true)
        case .scheduledTaskExpires:
            runExpirationHandler(at: position, of: index)
        default:
            let identifier = permittedTask(apps[index].runningTasks[position].permitted, of: index).identifier
            note(index, FaultNote.scheduledTaskNotCompleted(identifier: identifier).text)
            kill(index, .budget)
        }
    }

    /// Forgets the tasks of a process that ended.
    mutating func discardRunningTasks(of index: Int) {
        for task in apps[index].runningTasks {
            for timer in task.timers { cancel(timer) }
        }
        apps[index].runningTasks = []
    }
}

extension Phone {
    /// `UIApplication.backgroundRefreshStatus`: whether the user leaves Background App Refresh on for the app
    /// (`background-app-refresh ID off` turns it off).
    public func backgroundAppRefreshIsOn(for app: AppID) -> Bool {
        indexByID[app].map { !apps[$0].backgroundAppRefreshIsOff } ?? true
    }
}
