import LifecycleCore
import LifecycleScenario
import LifecycleTrace

/// Random phone use from a seed: apps with random configurations and a stream of random commands.
///
/// The same seed always gives the same apps and the same commands, so a failing run is replayed from its
/// seed. Used by the property tests and the benchmarks.
public struct RandomWorkload {
    public var random: SplitMix64
    public let apps: [AppID]
    /// Whether the commands include notifications and the user's answers to them (docs/lifecycle.md §18). Off, the
    /// commands of a seed are those they were before notifications existed, which the benchmarks time.
    public var notifications = false
    /// Whether the commands on an iPad include the screen shared by several apps: another app's window beside, a
    /// window replaced, focus, the divider, Slide Over hidden and shown, windows minimized and restored
    /// (docs/lifecycle.md §16). Off, a seed's commands are those they were before.
    public var sharesTheScreen = false

    /// - Parameters:
    ///   - seed: the seed of every random choice.
    ///   - apps: the identifiers of the apps the commands may name.
    public init(seed: UInt64, apps: [AppID]) {
        self.random = SplitMix64(seed: seed)
        self.apps = apps
    }

    /// Apps named `app0`, `app1`, … with configurations drawn at random: background modes, tasks, slow or
    /// refusing callbacks, exits-on-suspend, restoration, data protection, footprints; scene-based with a chance
    /// of `scenesPercent` in a hundred; with a notification delegate with a chance of `notificationsPercent` (set
    /// during the launch or late, slow, ignoring its completion handlers, denied). A percentage of zero draws nothing,
    /// so the apps of a seed stay what they were without it.
    public static func randomApps(
        count: Int, scenesPercent: Int = 0, notificationsPercent: Int = 0, using random: inout SplitMix64
    ) -> [AppConfiguration] {
        (0..<count).map { number in
            var app = AppConfiguration(id: AppID("app\(number)"), memory: Int.random(in: 50...400, using: &random))
            func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
            app.usesScenes = chance(scenesPercent)
            app.supportsMultipleWindows = app.usesScenes && chance(50)
            func seconds(_ range: ClosedRange<Int>) -> Duration { .seconds(Int.random(in: range, using: &random)) }
            app.exitsOnSuspend = chance(5)
            app.usesDataProtection = chance(20)
            if chance(30) { app.backgroundModes.insert(.fetch) }
            if chance(30) { app.backgroundModes.insert(.remoteNotification) }
            if chance(3) { app.backgroundModes.insert(.audio) }
            app.behavior.restoresState = chance(20)
            if chance(30) { app.behavior.backgroundTaskWork = seconds(1...700) }
            app.behavior.ignoresExpiration = chance(20)
            if chance(20) { app.behavior.backgroundEventWork = seconds(0...40) }
            for callback in [
                Callback.willFinishLaunching, .didFinishLaunching, .shouldSaveApplicationState,
                .shouldRestoreApplicationState,
            ] where chance(5) {
                app.behavior.answers[callback] = false
            }
            if chance(5) { app.behavior.durations[.didEnterBackground] = seconds(1...7) }
            if chance(3) { app.behavior.durations[.didFinishLaunching] = seconds(1...25) }
            if chance(3) { app.behavior.durations[.willTerminate] = seconds(1...7) }
            if chance(3) { app.behavior.durations[.willResignActive] = seconds(1...3) }
            // Scheduled tasks (docs/lifecycle.md §17): a refresh, a processing task and a continued one.
            if chance(40) {
                app.backgroundModes.formUnion([.fetch, .processing])
                app.permittedTasks = ScheduledTaskKind.allCases.map { kind in
                    PermittedTask(identifier: Self.taskIdentifier(kind, of: app.id), kind: kind)
                }
                app.behavior.scheduledTaskWork = seconds(0...700)
                app.behavior.ignoresScheduledTaskExpiration = chance(20)
            }
            if notificationsPercent > 0, chance(notificationsPercent) {
                app.notificationDelegate = chance(30) ? .onceActive : .duringLaunch
                app.behavior.notificationResponseWork = seconds(0...40)
                app.behavior.ignoresNotificationCompletion = chance(10)
                app.hasCustomDismissAction = chance(30)
                app.notificationsDenied = chance(5)
            }
            return app
        }
    }

    /// The next random command for the phone's situation: mostly user actions that fit it (a pick when the
    /// switcher is open, an answer when a call rings), sometimes a wait of up to five minutes.
    ///
    /// A fitting action can still be impossible (a pick of an app with no card); the caller draws again.
    public mutating func nextCommand(for phone: Phone) -> Scenario.Command {
        let app = apps[Int.random(in: 0..<apps.count, using: &random)]
        let roll = Int.random(in: 0..<100, using: &random)
        if roll >= 80 { return .wait(.milliseconds(Int64.random(in: 0...300_000, using: &random))) }
        if roll >= 62 { return .perform(anywhere(app, on: phone)) }
        switch phone.overlay {
        case .switcher:
            // Picked by index, so that only the chosen action is built.
            switch roll % 7 {
            case 0: return .perform(.pick(phone.foregroundApp ?? app))
            case 1: return .perform(.pick(app))
            case 2: return .perform(.swipe(app))
            case 3: return .perform(.pickWindow(window(of: app)))
            case 4: return .perform(.swipeWindow(window(of: app)))
            // A display plugged in while the overlay covers the app in front (docs/lifecycle.md §16).
            case 5: return .perform(.connectDisplay(phone.foregroundApp ?? app))
            default: return .perform(.dismiss)
            }
        case .ringingCall:
            return .perform(roll % 2 == 0 ? .answerCall : .declineCall)
        case .callInProgress:
            return .perform(.hangUp)
        case .notificationCenter, .controlCenter, .alert:
            return .perform(roll % 5 == 0 ? .connectDisplay(phone.foregroundApp ?? app) : .dismiss)
        case nil:
            break
        }
        if phone.isLocked {
            return .perform([.unlock, .unlock, .openNotificationCenter, .incomingCall][roll % 4])
        }
        if sharesTheScreen, phone.device == .ipad, phone.foregroundApp != nil, roll < 24 {
            return .perform(sharedScreenAction(app, on: phone))
        }
        if phone.foregroundApp != nil {
            // Picked by index, so that only the chosen action is built.
            switch roll % 13 {
            case 0, 1, 2: return .perform(.home)
            case 3, 4: return .perform(.openSwitcher)
            case 5: return .perform(.openNotificationCenter)
            case 6: return .perform(.openControlCenter)
            case 7: return .perform(.showAlert)
            case 8: return .perform(.incomingCall)
            case 9: return .perform(.lock)
            case 10: return .perform(.openURL(app, url: "\(app)://item"))
            case 11: return .perform(.continueActivity(app, type: "com.example.activity"))
            default: return .perform(.tapPushNotification(app))
            }
        }
        switch roll % 10 {
        case 0, 1, 2, 3: return .perform(.tap(app))
        case 4: return .perform(.shortcut(app, type: "com.example.action"))
        case 5: return .perform(.openSwitcher)
        case 6: return .perform(.lock)
        case 7: return .perform(.incomingCall)
        case 8: return .perform(.openURL(app, url: "\(app)://item"))
        default: return .perform(.tapPushNotification(app))
        }
    }

    /// The identifier random apps permit for a kind of scheduled task: `app3.refresh`, `app3.processing`.
    static func taskIdentifier(_ kind: ScheduledTaskKind, of app: AppID) -> String {
        "\(app).\(kind.rawValue)"
    }

    /// One of the identifiers an app may permit, or one no app does.
    private mutating func taskIdentifier(of app: AppID) -> String {
        let kind = ScheduledTaskKind.allCases.randomElement(using: &random)
        return Int.random(in: 0..<10, using: &random) == 0 ? "\(app).unknown" : Self.taskIdentifier(kind!, of: app)
    }

    /// An app with a notification waiting in Notification Center, if one has.
    private func notified(on phone: Phone) -> AppID? {
        apps.first { phone.waitingNotificationCount(of: $0) > 0 }
    }

    /// One of the first few sessions an app may have: a window, a display's scene, or none.
    private mutating func window(of app: AppID) -> SceneID {
        SceneID(app: app, number: Int.random(in: 1...4, using: &random))
    }

    /// An action on an iPad's screen shared by several apps, about a window on screen when it names one.
    private mutating func sharedScreenAction(_ app: AppID, on phone: Phone) -> UserAction {
        let windows = phone.appsOnScreen.flatMap { phone.windowsOnScreen(of: $0) }
        let onScreen = windows.randomElement(using: &random) ?? window(of: app)
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            return .newWindow(app, placement: [.split, .slideOver, .stage][Int.random(in: 0..<3, using: &random)])
        case 2: return .replaceWindow(app, replacing: onScreen)
        case 3: return .focusWindow(onScreen)
        case 4: return .unsplit(onScreen)
        case 5: return .hideSlideOver
        case 6: return .showSlideOver
        case 7: return .minimizeWindow(onScreen)
        case 8: return .restoreWindow(window(of: app))
        default: return .home
        }
    }

    /// An action possible in any situation, or nearly: background events, memory, time.
    /// A notification's response goes to an app with a notification waiting, when one has.
    private mutating func anywhere(_ app: AppID, on phone: Phone) -> UserAction {
        switch Int.random(in: 0..<(notifications ? 30 : 25), using: &random) {
        case 25, 26: .notify(app, remote: Bool.random(using: &random))
        case 27: .tapNotification(notified(on: phone) ?? app)
        case 28:
            .pickNotificationAction(
                notified(on: phone) ?? app, identifier: "archive",
                foreground: Int.random(in: 0..<3, using: &random) == 0)
        case 29: .dismissNotification(notified(on: phone) ?? app)
        case 0, 1: .backgroundEvent(.push, app)
        case 2, 3: .backgroundEvent(.fetch, app)
        case 4: .backgroundEvent(.download, app)
        case 5: .backgroundEvent(.watch, app)
        case 6, 7: .memoryWarning
        case 8: .memoryPressure(count: Int.random(in: 1...3, using: &random))
        case 9: .memoryPressure(count: nil)
        case 10: .terminate(app)
        case 11: .disconnectScene(app)
        case 12: .prewarm(app)
        case 13: .connectDisplay(app)
        case 14: .disconnectDisplay
        case 15: .newWindow(app, placement: WindowPlacement.allCases.randomElement(using: &random) ?? .fullScreen)
        case 16: .closeWindow(window(of: app))
        case 17, 18:
            .submitTaskRequest(
                app,
                TaskRequest(
                    identifier: taskIdentifier(of: app),
                    earliestBegin: Bool.random(using: &random)
                        ? .seconds(Int.random(in: 1...900, using: &random)) : nil,
                    requiresExternalPower: Int.random(in: 0..<4, using: &random) == 0))
        case 19, 20: .runTaskRequest(app, identifier: taskIdentifier(of: app))
        case 21: .expireTask(app, identifier: taskIdentifier(of: app))
        case 22: .setCharging(Bool.random(using: &random))
        case 23: .setBackgroundAppRefresh(app, enabled: Int.random(in: 0..<4, using: &random) != 0)
        default: .significantTimeChange
        }
    }

    /// Runs random commands on a simulator until `actions` user actions have been performed; impossible
    /// actions are drawn again. Returns how many were drawn and found impossible.
    ///
    /// - Parameters:
    ///   - labelled: whether to record each action in the trace, numbered, for a person replaying a seed.
    ///   - check: called after every command, with the number of actions performed so far.
    @discardableResult
    public mutating func drive<Sink: TraceSink>(
        _ simulator: Simulator<Sink>, actions: Int, labelled: Bool = false,
        afterEach check: (Simulator<Sink>, Int) -> Void = { _, _ in }
    ) -> Int {
        var performed = 0
        var impossible = 0
        while performed < actions {
            switch nextCommand(for: simulator.phone) {
            case .perform(let action):
                do {
                    try simulator.perform(action, label: labelled ? (performed + 1, "\(action)") : nil)
                    performed += 1
                } catch {
                    impossible += 1
                    continue
                }
            case .wait(let duration):
                if labelled { simulator.record(.action(line: performed, text: "wait \(duration.secondsText)s")) }
                simulator.advance(by: duration)
            case .expect, .expectScene:
                continue
            }
            check(simulator, performed)
        }
        return impossible
    }
}
