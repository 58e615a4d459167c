import LifecycleCore
import PropertyBased
import Testing

@testable import LifecycleSimulator
@testable import LifecycleTrace

/// Random phone use, many seeds, thousands of actions each: the invariants of the model hold after every step.
///
/// A failure prints the seed and the number of steps; `replay(seed:steps:)` below runs that case again.
@Suite struct PropertyTests {
    @Test func invariantsHoldOverRandomSessions() async {
        await propertyCheck(count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...3_000)) { seed, steps in
            let violations = Self.replay(seed: seed, steps: steps)
            #expect(violations.isEmpty, "seed \(seed), \(steps) steps: \(violations.prefix(5).joined(separator: "; "))")
        }
    }

    @Test(arguments: Profile.allCases)
    func invariantsHoldOnEveryProfile(profile: Profile) {
        for seed in UInt64(1)...3 {
            let violations = Self.replay(seed: seed &* 7919, steps: 3_000, profile: profile)
            #expect(violations.isEmpty, "seed \(seed &* 7919), profile \(profile): \(violations.prefix(5))")
        }
    }

    /// The random sessions reach the scene paths the invariants are about: else they would check nothing.
    @Test func randomSessionsReachEveryScenePath() {
        var callbacks: Set<Callback> = []
        var notes = ""
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed)
            let apps = RandomWorkload.randomApps(count: 6, scenesPercent: 50, using: &random)
            let simulator = Simulator(phone: Phone(profile: .ios17, apps: apps), sink: CollectingTraceSink())
            var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
            workload.drive(simulator, actions: 3_000)
            for record in simulator.sink.records {
                switch record.event {
                case .sceneCallback(_, _, let callback, _): callbacks.insert(callback)
                case .callback(_, let callback, _): callbacks.insert(callback)
                case .note(_, let text): notes += text + "\n"
                default: break
                }
            }
        }
        let sceneCallbacks = Set(Callback.allCases.filter(\.isSceneCallback)).subtracting([
            .stateRestorationActivityForScene  // only for apps that restore state: most seeds have one
        ])
        #expect(
            sceneCallbacks.subtracting(callbacks).isEmpty, "never reached: \(sceneCallbacks.subtracting(callbacks))")
        #expect(callbacks.isSuperset(of: [.configurationForConnecting, .didDiscardSceneSessions]))
        #expect(notes.contains("prewarmed:"))
        #expect(notes.contains("not delivered: the user swiped"))
    }

    /// With notifications, the random sessions reach both methods of the notification delegate, a response lost to
    /// a late delegate, and a response heard in the background: the invariants are checked over them too.
    @Test func randomSessionsReachTheNotificationPaths() {
        var callbacks: Set<Callback> = []
        var notes = ""
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed)
            let apps = RandomWorkload.randomApps(count: 6, scenesPercent: 50, notificationsPercent: 60, using: &random)
            let simulator = Simulator(phone: Phone(profile: .ios17, apps: apps), sink: CollectingTraceSink())
            var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
            workload.notifications = true
            workload.drive(simulator, actions: 3_000)
            for record in simulator.sink.records {
                switch record.event {
                case .callback(_, let callback, _): callbacks.insert(callback)
                case .note(_, let text): notes += text + "\n"
                default: break
                }
            }
        }
        #expect(callbacks.isSuperset(of: [.notificationWillPresent, .notificationDidReceive]))
        #expect(notes.contains("the response is lost"))
        #expect(notes.contains("waits in Notification Center"))
        #expect(notes.contains("watchdog: the completion handler of userNotificationCenter:didReceive"))
    }

    /// On an iPad the random sessions reach two windows of one app active side by side, a window closed while
    /// another scene of its app stays connected, and an external display's scene: the invariants are checked over
    /// them too.
    @Test func randomIPadSessionsReachSeveralScenes() {
        var sideBySide = false
        var displays = false
        var closedWhileRunning = false
        for seed in UInt64(1)...4 {
            var random = SplitMix64(seed: seed)
            let apps = RandomWorkload.randomApps(count: 6, scenesPercent: 80, using: &random)
            let simulator = Simulator(
                phone: Phone(profile: .ios17, device: .ipad, apps: apps), sink: CollectingTraceSink())
            var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
            workload.drive(simulator, actions: 3_000)
            var active: [AppID: Set<SceneID>] = [:]
            var connected: [AppID: Set<SceneID>] = [:]
            var displaySessions: Set<String> = []
            for record in simulator.sink.records {
                switch record.event {
                case .sceneTransition(let app, let scene, _, let to):
                    if to == .foregroundActive {
                        active[app, default: []].insert(scene)
                    } else {
                        active[app]?.remove(scene)
                    }
                    if active[app, default: []].count > 1 { sideBySide = true }
                case .sceneCallback(let app, let scene, .sceneWillConnect, _):
                    connected[app, default: []].insert(scene)
                case .sceneCallback(let app, let scene, .sceneDidDisconnect, _):
                    connected[app]?.remove(scene)
                    if !displaySessions.contains(scene.rawValue), !connected[app, default: []].isEmpty {
                        closedWhileRunning = true
                    }
                case .transition(let app, _, .notRunning, _):
                    (active[app], connected[app]) = (nil, nil)
                case .callback(_, .configurationForConnecting, .argument(let argument)?):
                    if argument.contains("ExternalDisplay") {
                        displays = true
                        displaySessions.insert(String(argument.prefix { $0 != " " }))
                    }
                default: break
                }
            }
        }
        #expect(sideBySide, "no two windows of one app were ever active together")
        #expect(displays, "no display scene ever connected")
        #expect(closedWhileRunning, "no session was discarded while a window of its app was active")
    }

    @Test func sameSeedSameTrace() {
        #expect(Self.trace(seed: 42, steps: 500) == Self.trace(seed: 42, steps: 500))
        #expect(Self.trace(seed: 42, steps: 500) != Self.trace(seed: 43, steps: 500))
    }

    /// Two seeds random sessions failed on: an iPad app whose only window on screen closed (its switcher card swiped)
    /// stayed in front, so closing the switcher activated a window with no scene (the first, with an external
    /// display's scene; the second, with notifications, recorded as a known bug of new windows until the same fix).
    @Test(arguments: [(4_769_977_529_073_817_017, 1_201, false), (642_841_271_545_095_059, 1_124, true)])
    func seedsThatFoundAWindowLeftInFront(seed: UInt64, steps: Int, notifications: Bool) {
        let violations = Self.replay(seed: seed, steps: steps, notifications: notifications)
        #expect(violations.isEmpty, "\(violations.prefix(3))")
    }

    /// Random sessions on an iPad whose screen several apps share (docs/lifecycle.md §16): apps side by side, in
    /// Slide Over, on a stage, replaced, unsplit, hidden, minimized and restored, with everything else going on.
    @Test(arguments: [Profile.ios13, .ios16, .ios18, .ios26])
    func invariantsHoldWithSeveralAppsOnScreen(profile: Profile) {
        var mostAppsInForeground = 0
        for seed: UInt64 in 1...40 {
            let checker = Self.check(
                seed: seed &* 7_919 &+ UInt64(profile.version), steps: 400, profile: profile, device: .ipad,
                sharesTheScreen: true)
            #expect(checker.violations.isEmpty, "seed \(seed): \(checker.violations.prefix(3))")
            mostAppsInForeground = max(mostAppsInForeground, checker.mostAppsInForeground)
        }
        // Two side by side and one in Slide Over, or a stage of three apps' windows.
        #expect(mostAppsInForeground >= 3)
    }

    /// Runs `steps` random actions from `seed` on a phone or an iPad of eight random apps; returns the violations.
    static func replay(seed: UInt64, steps: Int, profile: Profile? = nil, notifications: Bool = true) -> [String] {
        check(seed: seed, steps: steps, profile: profile, notifications: notifications).violations
    }

    /// Runs `steps` random actions from `seed` on a phone or an iPad (or the device given) of eight random apps;
    /// returns the checker that watched them.
    static func check(
        seed: UInt64, steps: Int, profile: Profile? = nil, device chosenDevice: DeviceKind? = nil,
        notifications: Bool = true, sharesTheScreen: Bool = false
    ) -> InvariantChecker {
        var random = SplitMix64(seed: seed)
        var apps = RandomWorkload.randomApps(
            count: 8, scenesPercent: 50, notificationsPercent: notifications ? 40 : 0, using: &random)
        let chosenProfile = profile ?? Profile.allCases[Int.random(in: 0..<Profile.allCases.count, using: &random)]
        // Before iOS 10 there is no notification center to set a delegate of: those apps keep the legacy path.
        if chosenProfile.version < AppRequirement.notificationCenter.version {
            for index in apps.indices { apps[index].notificationDelegate = nil }
        }
        let memory = Int.random(in: 600...2048, using: &random)
        let drawn = DeviceKind.allCases[Int.random(in: 0..<DeviceKind.allCases.count, using: &random)]
        let device = chosenDevice ?? drawn
        let sceneApps = chosenProfile.allowsScenes ? Set(apps.filter(\.usesScenes).map(\.id)) : []
        let simulator = Simulator(
            phone: Phone(profile: chosenProfile, device: device, deviceMemory: memory, apps: apps),
            sink: InvariantChecker(sceneApps: sceneApps, device: device))
        var workload = RandomWorkload(seed: random.next(), apps: apps.map(\.id))
        workload.notifications = notifications
        workload.sharesTheScreen = sharesTheScreen
        workload.drive(simulator, actions: steps) { simulator, step in
            simulator.sink.checkSettled(simulator.phone, after: step)
        }
        return simulator.sink
    }

    static func trace(seed: UInt64, steps: Int) -> [TraceRecord] {
        var random = SplitMix64(seed: seed)
        let apps = RandomWorkload.randomApps(count: 6, using: &random)
        let simulator = Simulator(phone: Phone(apps: apps), sink: CollectingTraceSink())
        var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
        workload.drive(simulator, actions: steps)
        return simulator.sink.records
    }
}
