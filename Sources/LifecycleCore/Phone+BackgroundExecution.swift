extension Phone {
    /// The app's code calls `beginBackgroundTask(expirationHandler:)` and will end the task after `work`.
    mutating func beginBackgroundTask(for index: Int, work: Duration) {
        let timer = schedule(.backgroundTaskEnds, for: index, after: work)
        apps[index].backgroundTasks.append(timer)
        note(index, "beginBackgroundTask: \(work.secondsText) s of work")
    }

    /// Starts the background budget as the app enters the background (SPEC.md §4).
    mutating func startBudget(for index: Int) {
        guard !apps[index].configuration.hasContinuousBackgroundMode else { return }
        stopBudget(for: index)
        let budget = profile.backgroundBudget
        apps[index].budget = (
            warning: schedule(.expirationWarning, for: index, after: budget - Profile.expirationWarning),
            exhaustion: schedule(.budgetExhausted, for: index, after: budget)
        )
    }

    mutating func stopBudget(for index: Int) {
        guard let budget = apps[index].budget else { return }
        cancel(budget.warning)
        cancel(budget.exhaustion)
        apps[index].budget = nil
    }

    /// A background task's work is done: the app ends it.
    mutating func backgroundTaskEnded(_ timer: SystemTimer, for index: Int) {
        guard let position = apps[index].backgroundTasks.firstIndex(of: timer) else { return }
        apps[index].backgroundTasks.remove(at: position)
        note(index, "endBackgroundTask")
        suspendIfIdle(index)
    }

    /// Five seconds of background time remain: the expiration handlers run.
    mutating func expirationWarning(for index: Int) {
        let tasks = apps[index].backgroundTasks.count
        guard tasks > 0 else { return }
        if apps[index].behavior.ignoresExpiration {
            note(index, "expiration handler runs (5 s remain) and leaves the background task running")
            return
        }
        note(index, "expiration handler runs (5 s remain) and ends the background task")
        for timer in apps[index].backgroundTasks { cancel(timer) }
        apps[index].backgroundTasks = []
        suspendIfIdle(index)
    }

    /// The background budget is used up: an app still holding tasks is killed (no `willTerminate`).
    mutating func budgetExhausted(for index: Int) {
        apps[index].budget = nil
        guard !apps[index].backgroundTasks.isEmpty else { return }
        note(index, "background time used up with a background task not ended")
        kill(index, .budget)
    }

    /// The app works on a background event, then calls its completion handler; the watchdog kills it if that
    /// takes longer than 30 s (SPEC.md §4).
    mutating func awaitCompletionHandler(of callback: Callback, for index: Int) {
        let work = apps[index].behavior.backgroundEventWork
        let limit = WatchdogLimit.backgroundEventCompletion
        let timer =
            work > limit
            ? schedule(.watchdog, for: index, after: limit)
            : schedule(.backgroundEventCompletes, for: index, after: work)
        apps[index].pendingEvents.append((timer, callback))
    }

    mutating func completionHandlerCalled(_ timer: SystemTimer, for index: Int) {
        guard let position = apps[index].pendingEvents.firstIndex(where: { $0.timer == timer }) else { return }
        let event = apps[index].pendingEvents.remove(at: position)
        note(index, "completion handler of \(event.callback.selector) called")
        suspendIfIdle(index)
    }

    // MARK: Watchdog

    mutating func armWatchdog(for index: Int, subject: String, limit: Duration) {
        cancel(apps[index].watchdog?.timer)
        apps[index].watchdog = (schedule(.watchdog, for: index, after: limit), subject, limit)
    }

    mutating func disarmWatchdog(for index: Int) {
        cancel(apps[index].watchdog?.timer)
        apps[index].watchdog = nil
    }

    /// A watchdog fired: the app did not return, or did not call a completion handler, in time.
    mutating func watchdogFired(_ timer: SystemTimer, for index: Int) {
        if let watchdog = apps[index].watchdog, watchdog.timer == timer {
            note(index, "watchdog: \(watchdog.subject) did not finish within \(watchdog.limit.secondsText) s")
            let duringLaunch = watchdog.subject == Self.launchSubject
            apps[index].watchdog = nil
            kill(index, .watchdog)
            if duringLaunch { deleteRestorationArchive(of: index) }
        } else if let event = apps[index].pendingEvents.first(where: { $0.timer == timer }) {
            let limit = WatchdogLimit.backgroundEventCompletion.secondsText
            note(
                index, "watchdog: the completion handler of \(event.callback.selector) was not called within \(limit) s"
            )
            kill(index, .watchdog)
        }
    }

    /// How notes name the launch when the watchdog guards it.
    static let launchSubject = "the launch"

    // MARK: Timers

    /// Handles a timer set earlier: returns what must happen now. A cancelled or stale timer does nothing.
    public mutating func timerFired(_ timer: SystemTimer) -> [Action] {
        guard let app = timer.app else {
            if timer.purpose == .protectedDataLocks, timer == protectedDataTimer { protectedDataBecameUnavailable() }
            return takeOutput()
        }
        guard let index = indexByID[app] else { return takeOutput() }
        switch timer.purpose {
        case .callbackReturns:
            if let running = apps[index].running, running.timer == timer {
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
            if apps[index].budget?.warning == timer { expirationWarning(for: index) }
        case .budgetExhausted:
            if apps[index].budget?.exhaustion == timer { budgetExhausted(for: index) }
        case .backgroundEventCompletes:
            completionHandlerCalled(timer, for: index)
        case .protectedDataLocks:
            break
        }
        return takeOutput()
    }

    /// Ten seconds after locking, protected data becomes unavailable (SPEC.md §3).
    private mutating func protectedDataBecameUnavailable() {
        protectedDataTimer = nil
        guard isLocked, protectedDataAvailable else { return }
        protectedDataAvailable = false
        deliverQueuedNotificationsToExecutingApps()
    }
}
