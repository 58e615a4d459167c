import Testing

@testable import LifecycleCore

/// The system's policy as a pure value: events in, actions out, no clock.
@Suite struct PhoneTests {
    static func callbacks(_ actions: [Action]) -> [String] {
        actions.compactMap { if case .callback(_, let callback, _) = $0 { callback.selector } else { nil } }
    }

    @Test func coldLaunchActionsInOrder() throws {
        var phone = Phone(apps: [AppConfiguration(id: "notes")])
        let actions = try phone.perform(.tap("notes"))
        let visible = actions.filter {
            if case .scheduleTimer = $0 { false } else if case .cancelTimer = $0 { false } else { true }
        }
        #expect(
            visible == [
                .transition("notes", from: .notRunning, to: .inactive, reason: nil),
                .callback("notes", .willFinishLaunching, nil),
                .callback("notes", .didFinishLaunching, nil),
                .notification("notes", .didFinishLaunching),
                .transition("notes", from: .inactive, to: .active, reason: nil),
                .callback("notes", .didBecomeActive, nil),
                .notification("notes", .didBecomeActive),
            ])
        #expect(phone.foregroundApp == "notes")
        #expect(!phone.isHomeScreenShowing)
    }

    @Test func anImpossibleActionChangesNothingAndReturnsNothing() throws {
        var phone = Phone(apps: [AppConfiguration(id: "notes"), AppConfiguration(id: "mail")])
        _ = try phone.perform(.tap("notes"))
        #expect(throws: ImpossibleAction.self) { _ = try phone.perform(.tap("mail")) }
        #expect(phone.state(of: "mail") == .notRunning)
        // The next action's output carries nothing left over from the refused one.
        let actions = try phone.perform(.home)
        #expect(Self.callbacks(actions) == ["applicationWillResignActive:", "applicationDidEnterBackground:"])
    }

    @Test func unknownAppIsBlamedOnTheApp() {
        var phone = Phone(apps: [])
        do {
            _ = try phone.perform(.tap("ghost"))
        } catch {
            #expect(error.culprit == .app)
            #expect(error.reason == "no app named 'ghost' is declared")
        }
    }

    @Test func homeWithABackgroundTaskSetsTimersInsteadOfSuspending() throws {
        let uploader = AppConfiguration(id: "up", behavior: AppBehavior(backgroundTaskWork: .seconds(20)))
        var phone = Phone(apps: [uploader])
        _ = try phone.perform(.tap("up"))
        let actions = try phone.perform(.home)
        let delays = actions.compactMap {
            if case .scheduleTimer(let timer, let after) = $0 { (timer.purpose, after) } else { nil }
        }
        #expect(delays.contains { $0 == (.backgroundTaskEnds, .seconds(20)) })
        #expect(delays.contains { $0 == (.expirationWarning, .seconds(175)) })
        #expect(delays.contains { $0 == (.budgetExhausted, .seconds(180)) })
        #expect(phone.state(of: "up") == .background)
        // The host fires the task's timer: the app ends the task and is suspended; the budget is cancelled.
        let task = try #require(
            actions.compactMap {
                if case .scheduleTimer(let timer, _) = $0, timer.purpose == .backgroundTaskEnds { timer } else { nil }
            }.first)
        let after = phone.timerFired(task)
        #expect(after.contains(.transition("up", from: .background, to: .suspended, reason: .suspend)))
        #expect(after.filter { if case .cancelTimer = $0 { true } else { false } }.count == 2)
        // A stale timer does nothing.
        #expect(phone.timerFired(task).isEmpty)
    }

    /// The actions of an event and of the scripted returns it leads to: each `callbackReturns` timer fired in
    /// turn, as a host's clock would.
    static func settled(_ actions: [Action], on phone: inout Phone) -> [Action] {
        var all = actions
        var position = 0
        while position < all.count {
            if case .scheduleTimer(let timer, _) = all[position], timer.purpose == .callbackReturns {
                all += phone.timerFired(timer)
            }
            position += 1
        }
        return all
    }

    static func watchdogSubjects(_ actions: [Action]) -> [String] {
        actions.compactMap {
            if case .scheduleTimer(let timer, _) = $0, timer.purpose == .watchdog {
                timer.subject?.description
            } else {
                nil
            }
        }
    }

    /// A watchdog's timer says what it guards, as a plain value the trace and the hosts spell out.
    @Test func watchdogTimersNameWhatTheyGuard() throws {
        let slow = AppBehavior(
            durations: [.willFinishLaunching: .seconds(1), .didEnterBackground: .seconds(1)],
            backgroundEventWork: .seconds(40))
        let fetcher = AppConfiguration(id: "fetcher", backgroundModes: [.fetch], behavior: slow)
        var phone = Phone(apps: [fetcher])
        let launch = Self.settled(try phone.perform(.tap("fetcher")), on: &phone)
        #expect(Self.watchdogSubjects(launch) == ["the launch"])
        let home = Self.settled(try phone.perform(.home), on: &phone)
        #expect(Self.watchdogSubjects(home) == ["applicationDidEnterBackground:"])
        #expect(
            Self.watchdogSubjects(try phone.perform(.backgroundEvent(.fetch, "fetcher"))).last
                == "the completion handler of application:performFetchWithCompletionHandler:")
    }

    /// A watchdog guards only what can outlast it: a launch, or a callback, that returns within the event that
    /// starts it sets none, and the host has no timer to set and cancel again.
    @Test func whatReturnsAtOnceSetsNoWatchdog() throws {
        var phone = Phone(apps: [AppConfiguration(id: "notes")])
        let launch = try phone.perform(.tap("notes"))
        let home = try phone.perform(.home)
        #expect(Self.watchdogSubjects(launch + home).isEmpty)
        let cancelledWatchdogs = (launch + home).filter {
            if case .cancelTimer(let timer) = $0 { timer.purpose == .watchdog } else { false }
        }
        #expect(cancelledWatchdogs.isEmpty)
        #expect(phone.state(of: "notes") == .suspended)

        // Only the second launch method is slow: the launch's watchdog is set before it, and cancelled once the
        // launch is done. The watchdog counts from the launch's start, the same instant.
        let slowSecond = AppBehavior(durations: [.didFinishLaunching: .seconds(3)])
        var slow = Phone(apps: [AppConfiguration(id: "notes", behavior: slowSecond)])
        let started = try slow.perform(.tap("notes"))
        let kinds = started.compactMap { action -> String? in
            switch action {
            case .callback(_, let callback, _): callback.selector
            case .scheduleTimer(let timer, let delay): "\(timer.purpose) \(delay)"
            default: nil
            }
        }
        #expect(
            kinds == [
                "application:willFinishLaunchingWithOptions:", "watchdog 20.0 seconds",
                "application:didFinishLaunchingWithOptions:", "callbackReturns 3.0 seconds",
            ])
        let finished = Self.settled(started, on: &slow).dropFirst(started.count)
        let cancelled = finished.compactMap { if case .cancelTimer(let timer) = $0 { timer.purpose } else { nil } }
        #expect(cancelled == [.watchdog])
        #expect(slow.state(of: "notes") == .active)
    }

    @Test func memoryPressureNeverKillsTheForegroundApp() throws {
        var phone = Phone(
            deviceMemory: 300,
            apps: [
                AppConfiguration(id: "a", memory: 200), AppConfiguration(id: "b", memory: 200),
            ])
        _ = try phone.perform(.tap("a"))
        _ = try phone.perform(.memoryPressure(count: 5))
        #expect(phone.state(of: "a") == .active)
        _ = try phone.perform(.home)
        _ = try phone.perform(.tap("b"))  // needs 200 MB with 100 free: a, suspended, goes
        #expect(phone.state(of: "a") == .notRunning)
        #expect(phone.memoryInUse == 200)
    }

    @Test func timeChangesWhileSuspendedAreCoalescedIntoOne() throws {
        var phone = Phone(apps: [AppConfiguration(id: "clock")])
        _ = try phone.perform(.tap("clock"))
        _ = try phone.perform(.home)
        for _ in 1...3 { #expect(Self.callbacks(try phone.perform(.significantTimeChange)).isEmpty) }
        let resume = Self.callbacks(try phone.perform(.tap("clock")))
        #expect(
            resume == [
                "applicationWillEnterForeground:", "applicationSignificantTimeChange:", "applicationDidBecomeActive:",
            ])
    }

    @Test func exitsOnSuspendDependsOnTheProfile() throws {
        let legacy = AppConfiguration(id: "old", exitsOnSuspend: true)
        for (profile, state) in [(Profile.ios4, AppState.notRunning), (.ios12, .notRunning), (.ios13, .suspended)] {
            var phone = Phone(profile: profile, apps: [legacy])
            _ = try phone.perform(.tap("old"))
            _ = try phone.perform(.home)
            #expect(phone.state(of: "old") == state, "\(profile)")
        }
    }

    static func timersSet(_ actions: [Action]) -> [SystemTimer] {
        actions.compactMap { if case .scheduleTimer(let timer, _) = $0 { timer } else { nil } }
    }

    /// The budget's timers reach the host only when the app stays in the background past the event; when they
    /// do, they come before the timers set after the budget started, in the order of their identifiers.
    @Test func theBudgetsTimersAreSetOnlyWhenTheAppStaysInTheBackground() throws {
        var phone = Phone(apps: [AppConfiguration(id: "notes")])
        _ = try phone.perform(.tap("notes"))
        #expect(Self.timersSet(try phone.perform(.home)).isEmpty)

        let uploader = AppConfiguration(id: "up", behavior: AppBehavior(backgroundTaskWork: .seconds(20)))
        var busy = Phone(apps: [uploader])
        _ = try busy.perform(.tap("up"))
        let timers = Self.timersSet(try busy.perform(.home))
        #expect(timers.map(\.purpose) == [.expirationWarning, .budgetExhausted, .backgroundTaskEnds])
        #expect(timers.map(\.id) == timers.map(\.id).sorted())

        // Back in the background while a background event is still being handled: no other timer is set in
        // that event, and the budget's are set as it ends.
        let fetcher = AppConfiguration(
            id: "fetcher", backgroundModes: [.fetch], behavior: AppBehavior(backgroundEventWork: .seconds(20)))
        var fetching = Phone(apps: [fetcher])
        _ = try fetching.perform(.backgroundEvent(.fetch, "fetcher"))
        _ = try fetching.perform(.tap("fetcher"))
        let back = try fetching.perform(.home)
        #expect(Self.timersSet(back).map(\.purpose) == [.expirationWarning, .budgetExhausted])
        #expect(fetching.state(of: "fetcher") == .background)
    }

    @Test func backgroundBudgets() {
        #expect(Profile.ios4.backgroundBudget == .seconds(600))
        #expect(Profile.ios12.backgroundBudget == .seconds(180))
        #expect(Profile.ios13.backgroundBudget == .seconds(30))
    }

    @Test func secondsText() {
        #expect(Duration.zero.secondsText == "0")
        #expect(Duration.milliseconds(1500).secondsText == "1.5")
        #expect(Duration.milliseconds(250).secondsText == "0.25")
        #expect(Duration.milliseconds(1).secondsText == "0.001")
        #expect(Duration.seconds(200).secondsText == "200")
    }
}
