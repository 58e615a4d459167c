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

    /// A watchdog's timer says what it guards, as a plain value the trace and the hosts spell out.
    @Test func watchdogTimersNameWhatTheyGuard() throws {
        let fetcher = AppConfiguration(
            id: "fetcher", backgroundModes: [.fetch], behavior: AppBehavior(backgroundEventWork: .seconds(40)))
        var phone = Phone(apps: [fetcher])
        func watchdogSubjects(_ actions: [Action]) -> [String] {
            actions.compactMap {
                if case .scheduleTimer(let timer, _) = $0, timer.purpose == .watchdog {
                    timer.subject?.description
                } else {
                    nil
                }
            }
        }
        #expect(watchdogSubjects(try phone.perform(.tap("fetcher"))) == ["the launch"])
        #expect(watchdogSubjects(try phone.perform(.home)) == ["applicationDidEnterBackground:"])
        #expect(
            watchdogSubjects(try phone.perform(.backgroundEvent(.fetch, "fetcher"))).last
                == "the completion handler of application:performFetchWithCompletionHandler:")
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
