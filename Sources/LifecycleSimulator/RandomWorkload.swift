import LifecycleCore

/// Random phone use from a seed: apps with random configurations and a stream of random commands.
///
/// The same seed always gives the same apps and the same commands, so a failing run is replayed from its
/// seed. Used by the property tests and the benchmarks.
public struct RandomWorkload {
    public var random: SplitMix64
    public let apps: [AppID]

    /// - Parameters:
    ///   - seed: the seed of every random choice.
    ///   - apps: the identifiers of the apps the commands may name.
    public init(seed: UInt64, apps: [AppID]) {
        self.random = SplitMix64(seed: seed)
        self.apps = apps
    }

    /// Apps named `app0`, `app1`, … with configurations drawn at random: background modes, tasks, slow or
    /// refusing callbacks, exits-on-suspend, restoration, data protection, footprints.
    public static func randomApps(count: Int, using random: inout SplitMix64) -> [AppConfiguration] {
        (0..<count).map { number in
            var app = AppConfiguration(id: AppID("app\(number)"), memory: Int.random(in: 50...400, using: &random))
            func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
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
            for callback in [Callback.willFinishLaunching, .didFinishLaunching, .shouldSaveApplicationState,
                .shouldRestoreApplicationState] where chance(5)
            {
                app.behavior.answers[callback] = false
            }
            if chance(5) { app.behavior.durations[.didEnterBackground] = seconds(1...7) }
            if chance(3) { app.behavior.durations[.didFinishLaunching] = seconds(1...25) }
            if chance(3) { app.behavior.durations[.willTerminate] = seconds(1...7) }
            if chance(3) { app.behavior.durations[.willResignActive] = seconds(1...3) }
            return app
        }
    }

    /// The next random command: mostly user actions, sometimes a wait of up to five minutes.
    public mutating func nextCommand() -> Scenario.Command {
        let app = apps[Int.random(in: 0..<apps.count, using: &random)]
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<14: return .perform(.tap(app))
        case 14..<24: return .perform(.home)
        case 24..<29: return .perform(.openSwitcher)
        case 29..<33: return .perform(.pick(app))
        case 33..<36: return .perform(.swipe(app))
        case 36..<40: return .perform(.dismiss)
        case 40..<42: return .perform(.openNotificationCenter)
        case 42..<43: return .perform(.openControlCenter)
        case 43..<44: return .perform(.showAlert)
        case 44..<45: return .perform(.incomingCall)
        case 45..<46: return .perform(.answerCall)
        case 46..<47: return .perform(.declineCall)
        case 47..<48: return .perform(.hangUp)
        case 48..<50: return .perform(.lock)
        case 50..<53: return .perform(.unlock)
        case 53..<56: return .perform(.openURL(app, url: "\(app)://item"))
        case 56..<58: return .perform(.shortcut(app, type: "com.example.action"))
        case 58..<59: return .perform(.continueActivity(app, type: "com.example.activity"))
        case 59..<61: return .perform(.tapPushNotification(app))
        case 61..<64: return .perform(.backgroundEvent(.push, app))
        case 64..<67: return .perform(.backgroundEvent(.fetch, app))
        case 67..<69: return .perform(.backgroundEvent(.download, app))
        case 69..<70: return .perform(.backgroundEvent(.watch, app))
        case 70..<72: return .perform(.memoryWarning)
        case 72..<73: return .perform(.memoryPressure(count: Int.random(in: 1...3, using: &random)))
        case 73..<74: return .perform(.memoryPressure(count: nil))
        case 74..<76: return .perform(.significantTimeChange)
        default: return .wait(.milliseconds(Int64.random(in: 0...300_000, using: &random)))
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
        _ simulator: inout Simulator<Sink>, actions: Int, labelled: Bool = false,
        afterEach check: (inout Simulator<Sink>, Int) -> Void = { _, _ in }
    ) -> Int {
        var performed = 0
        var impossible = 0
        while performed < actions {
            switch nextCommand() {
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
            case .expect:
                continue
            }
            check(&simulator, performed)
        }
        return impossible
    }
}
