import LifecycleCheck
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleTrace
import Testing

/// What the simulator writes, `check` accepts: random sessions on an iPhone and an iPad (several windows side by
/// side, external displays, scheduled tasks, every action the random workload knows), on every profile with
/// scenes, each trace held as a jsonl log against the model. The two read the same rules from the core; a
/// disagreement between them (an external display's scene sent to the background with the windows was refused)
/// shows here with its seed.
@Suite struct RandomTraceCheckTests {
    @Test(arguments: [Profile.ios13, .ios15, .ios16, .ios17, .ios18, .ios26])
    func checkAcceptsTheSimulatorsRandomTraces(profile: Profile) {
        for seed in UInt64(1)...6 {
            for device in DeviceKind.allCases {
                let (outcome, report) = Self.check(seed: seed &* 104_729, profile: profile, device: device)
                #expect(
                    outcome == .success,
                    "seed \(seed &* 104_729), \(profile), \(device): \(report.split(separator: "\n").suffix(4))")
            }
        }
    }

    /// The case the fuzzer found: an external display's scene, connected and in the foreground, then a second
    /// window, then Home. `check` took the second window's configuration call for the display's scene and
    /// refused its `sceneDidEnterBackground:`; on every profile with displays and windows beside each other.
    @Test(arguments: [Profile.ios16, .ios17, .ios18, .ios26], ["slide-over", "split"])
    func aDisplaysSceneGoesToTheBackgroundWithTheWindows(profile: Profile, placement: String) throws {
        let scenario = try ScenarioParser(file: "display").parse(
            """
            profile \(profile.rawValue)
            device ipad memory=600MB
            app notes scenes multiple-windows
            tap notes
            connect-display notes
            new-window notes \(placement)
            home
            """)
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(scenario, into: &sink)
        let lines = sink.records.map { JSONLinesTraceWriter<String>.line(for: $0)[...] }
        var report = ""
        var errors = ""
        let outcome = LogCheck(profile: profile).run(file: "trace", lines: { lines }, output: &report, errors: &errors)
        #expect(outcome == .success, "\(report.split(separator: "\n").suffix(4))")
    }

    /// The case a random workload found: a display plugged in while an overlay covers the app. The display's
    /// configuration call is a new scene's; `check` took it for the first scene's silent disconnection and refused
    /// that scene's `sceneDidBecomeActive:` when the overlay went.
    @Test(arguments: ["switcher", "notification-center", "control-center", "alert"], [false, true])
    func aDisplayConnectedUnderAnOverlayIsANewScene(overlay: String, afterANewWindow: Bool) throws {
        let scenario = try ScenarioParser(file: "display").parse(
            """
            profile ios17
            device \(afterANewWindow ? "ipad" : "iphone")
            app a scenes\(afterANewWindow ? " multiple-windows" : "")
            tap a
            \(afterANewWindow ? "new-window a" : "")
            \(overlay)
            connect-display a
            dismiss
            """)
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(scenario, into: &sink)
        let lines = sink.records.map { JSONLinesTraceWriter<String>.line(for: $0)[...] }
        var report = ""
        var errors = ""
        let outcome = LogCheck(profile: .ios17).run(file: "trace", lines: { lines }, output: &report, errors: &errors)
        #expect(outcome == .success, "\(report.split(separator: "\n").suffix(4))")
    }

    /// The app's own notifications follow its state, the most active of its scenes': with one window of two
    /// still active, the other window's going to the background is not the app's.
    @Test func theAppsNotificationsFollowItsMostActiveScene() throws {
        let scenario = try ScenarioParser(file: "windows").parse(
            "profile ios17\ndevice ipad\napp notes scenes multiple-windows\ntap notes\nnew-window notes split\n")
        var sink = CollectingTraceSink()
        try ScenarioRunner.run(scenario, into: &sink)
        let both = sink.records.map { JSONLinesTraceWriter<String>.line(for: $0)[...] }
        let second = ##"{"t":1,"kind":"callback","app":"notes","scene":"notes#2","name":""##
        let leaves: [Substring] = [
            (second + #"sceneWillResignActive:"}"#)[...], (second + #"sceneDidEnterBackground:"}"#)[...],
        ]
        // The app's notification as the other window leaves, or as the last line of the log (as the fuzzer wrote
        // it, with the resignation after it).
        let notification: Substring =
            #"{"t":1,"kind":"notification","app":"notes","name":"UIApplicationDidEnterBackgroundNotification"}"#
        let resign: Substring =
            #"{"t":1,"kind":"notification","app":"notes","name":"UIApplicationWillResignActiveNotification"}"#
        for lines in [both + leaves + [notification], both + leaves + [notification, resign]] {
            var report = ""
            var errors = ""
            let outcome = LogCheck(profile: .ios17).run(
                file: "trace", lines: { lines }, output: &report, errors: &errors)
            #expect(outcome == .violation, "\(lines.count) \(report.suffix(300))")
            #expect(report.contains("violation: UIApplicationDidEnterBackgroundNotification cannot happen here"))
            #expect(report.contains("the app may have been: active/foregroundActive"))
        }
        var report = ""
        var errors = ""
        #expect(
            LogCheck(profile: .ios17).run(file: "trace", lines: { both + leaves }, output: &report, errors: &errors)
                == .success)
    }

    /// Runs 1,500 random actions on eight random apps, most of them scene-based, and checks the trace.
    static func check(seed: UInt64, profile: Profile, device: DeviceKind) -> (LogCheck.Outcome, String) {
        var random = SplitMix64(seed: seed)
        let notificationsPercent = profile.version >= AppRequirement.notificationCenter.version ? 40 : 0
        let apps = RandomWorkload.randomApps(
            count: 8, scenesPercent: 80, notificationsPercent: notificationsPercent, using: &random)
        let simulator = Simulator(
            phone: Phone(profile: profile, device: device, deviceMemory: 1024, apps: apps),
            sink: CollectingTraceSink())
        var workload = RandomWorkload(seed: random.next(), apps: apps.map(\.id))
        workload.notifications = true
        workload.drive(simulator, actions: 1_500)
        let lines = simulator.sink.records.map { JSONLinesTraceWriter<String>.line(for: $0)[...] }
        var report = ""
        var errors = ""
        let outcome = LogCheck(profile: profile).run(
            file: "trace", lines: { lines }, output: &report, errors: &errors)
        return (outcome, report + errors)
    }
}
