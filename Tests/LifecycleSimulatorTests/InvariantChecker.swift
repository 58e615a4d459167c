import LifecycleCore
import LifecycleTrace

/// A trace sink that checks the invariants of the model on every record it sees, and records violations.
///
/// - only transitions of docs/lifecycle.md §1, each starting from the state the app was last seen in;
/// - at most one app in the foreground, except on an iPad, where scene-based apps share the screen (§16);
/// - nothing delivered to a suspended or not-running app, and every callback in a state §3 allows;
/// - every `applicationWillEnterForeground:` followed by `applicationDidBecomeActive:` unless the app
///   leaves the foreground or is killed first (checked once the simulator has settled).
struct InvariantChecker: TraceSink {
    /// The apps that live the scene life cycle (they declare scenes, and the profile has them).
    let sceneApps: Set<AppID>
    /// On an iPad several scene-based apps may be in the foreground at once, side by side (docs/lifecycle.md §16).
    let device: DeviceKind
    private(set) var states: [AppID: AppState] = [:]
    /// Each connected scene, by its session, by the trace; and the app of each.
    private(set) var scenes: [SceneID: SceneState] = [:]
    private(set) var appOfScene: [SceneID: AppID] = [:]
    /// The sessions of an external display's role, by their configuration call: their scenes never become active.
    private(set) var displaySessions: Set<SceneID> = []
    /// Scenes that heard `sceneWillEnterForeground:` and have not become active since.
    private(set) var awaitingSceneActivation: Set<SceneID> = []
    /// Scenes between `scene:willConnectToSession:options:` and their first `sceneDidBecomeActive:`.
    private(set) var connecting: Set<SceneID> = []
    private(set) var violations: [String] = []
    /// Apps that heard `applicationWillEnterForeground:` and have not become active since.
    private(set) var awaitingActivation: Set<AppID> = []
    private(set) var recordCount = 0
    /// The most apps seen in the foreground at once, when settled.
    private(set) var mostAppsInForeground = 0
    /// The scheduled tasks each app's process runs: launched and not yet completed (docs/lifecycle.md §17).
    private(set) var runningTasks: [AppID: Set<String>] = [:]

    init(sceneApps: Set<AppID> = [], device: DeviceKind = .iphone) {
        self.sceneApps = sceneApps
        self.device = device
    }

    /// The app-delegate methods that a scene-based app's scene delegate receives instead (docs/lifecycle.md §13).
    static let replacedBySceneDelegate: Set<Callback> = [
        .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground, .openURL,
        .willContinueUserActivity, .continueUserActivity, .performActionForShortcutItem, .shouldSaveApplicationState,
        .willEncodeRestorableState, .shouldRestoreApplicationState, .didDecodeRestorableState,
    ]

    mutating func write(_ record: TraceRecord) {
        recordCount += 1
        switch record.event {
        case .transition(let app, let from, let to, let reason):
            let known = states[app, default: .notRunning]
            if from != known { fail(record, "\(app) moved from \(from) but was \(known)") }
            if !AppLifecycle.isLegal(from: from, to: to) {
                fail(record, "illegal transition \(from) → \(to) of \(app)")
            }
            states[app] = to
            if from.isForeground, to == .notRunning, case .memory? = reason {
                fail(record, "\(app) terminated for memory while in the foreground")
            }
            if to == .suspended, runningTasks[app]?.isEmpty == false {
                fail(record, "\(app) suspended while it runs the tasks \(runningTasks[app]!.sorted())")
            }
            if to == .notRunning {
                runningTasks[app] = nil
                for (scene, owner) in appOfScene where owner == app {
                    scenes[scene] = nil
                    awaitingSceneActivation.remove(scene)
                    connecting.remove(scene)
                }
            }
            if to.isForeground {
                let foreground = states.filter { $0.value.isForeground }.map(\.key)
                if foreground.count > 1, device == .iphone || !foreground.allSatisfy(sceneApps.contains) {
                    fail(record, "several apps in the foreground: \(foreground.sorted())")
                }
            } else {
                awaitingActivation.remove(app)
            }
        case .callback(let app, let callback, let detail):
            let state = states[app, default: .notRunning]
            if callback == .configurationForConnecting, case .argument(let argument) = detail,
                argument.contains("ExternalDisplay"), let session = argument.split(separator: " ").first
            {
                displaySessions.insert(SceneID(rawValue: String(session)))
            }
            if !callback.deliveryStates.contains(state) {
                fail(record, "\(callback.selector) delivered to \(app) while \(state)")
            }
            if callback == .willEnterForeground { awaitingActivation.insert(app) }
            if callback == .didBecomeActive { awaitingActivation.remove(app) }
            if sceneApps.contains(app), Self.replacedBySceneDelegate.contains(callback) {
                fail(record, "\(callback.selector) reached \(app), whose scene delegate receives it instead")
            }
            if callback.isSceneCallback { fail(record, "\(callback.selector) delivered to \(app) without its scene") }
        case .sceneTransition(let app, let scene, let from, let to):
            if scenes[scene] != from {
                fail(record, "\(scene) moved from \(from) but was \(String(describing: scenes[scene]))")
            }
            if !SceneLifecycle.edges.contains(where: { $0.from == from && $0.to == to }) {
                fail(record, "illegal scene transition \(from) → \(to) of \(scene)")
            }
            if to == .foregroundActive, displaySessions.contains(scene) {
                fail(record, "\(scene), an external display's, became active")
            }
            scenes[scene] = to
            appOfScene[scene] = app
            if !to.isForeground { awaitingSceneActivation.remove(scene) }
        case .sceneCallback(let app, let scene, let callback, _):
            let state = states[app, default: .notRunning]
            if !sceneApps.contains(app) {
                fail(record, "\(callback.selector) delivered to \(app), which has no scenes")
            }
            if callback == .sceneWillConnect {
                if scenes[scene] != nil { fail(record, "\(scene) connected twice") }
                scenes[scene] = .unattached
                appOfScene[scene] = app
                connecting.insert(scene)
            }
            if !callback.deliveryStates.contains(state) {
                fail(record, "\(callback.selector) delivered to \(app) while \(state)")
            }
            if !callback.sceneDeliveryStates.contains(scenes[scene] ?? .unattached) {
                fail(record, "\(callback.selector) delivered about \(scene) while \(String(describing: scenes[scene]))")
            }
            if callback == .sceneOpenURLContexts, connecting.contains(scene) {
                fail(
                    record, "scene:openURLContexts: while \(scene) connects: the URL belongs in the connection options")
            }
            if callback == .sceneWillEnterForeground, !displaySessions.contains(scene) {
                awaitingSceneActivation.insert(scene)
            }
            if callback == .sceneDidBecomeActive {
                awaitingSceneActivation.remove(scene)
                connecting.remove(scene)
            }
            if callback == .sceneDidDisconnect {
                scenes[scene] = nil
                connecting.remove(scene)
            }
        case .sceneNotification(let app, _, let notification):
            let state = states[app, default: .notRunning]
            if !state.isExecuting { fail(record, "\(notification.name) posted to \(app) while \(state)") }
        case .notification(let app, let notification):
            let state = states[app, default: .notRunning]
            if !state.isExecuting { fail(record, "\(notification.name) posted to \(app) while \(state)") }
        case .scheduledTask(let app, let identifier, let step):
            let state = states[app, default: .notRunning]
            if !state.isExecuting { fail(record, "\(step.name) \(identifier) of \(app) while \(state)") }
            let running = runningTasks[app, default: []].contains(identifier)
            switch step {
            case .launchHandler:
                if running { fail(record, "\(identifier) of \(app) launched while it runs") }
                runningTasks[app, default: []].insert(identifier)
            case .expirationHandler:
                if !running { fail(record, "the expiration handler of \(identifier), which \(app) does not run") }
            case .completed:
                if !running { fail(record, "\(identifier) completed, which \(app) does not run") }
                runningTasks[app]?.remove(identifier)
            }
        case .action, .expect, .expectScene, .note, .explanation:
            break
        }
    }

    /// Checks what must hold once the simulator has settled: the phone agrees with the trace, and no app is
    /// left between `applicationWillEnterForeground:` and `applicationDidBecomeActive:`.
    mutating func checkSettled(_ phone: Phone, after step: Int) {
        if !awaitingActivation.isEmpty {
            violations.append(
                "after step \(step): willEnterForeground not followed by didBecomeActive: \(awaitingActivation.sorted())"
            )
        }
        for app in phone.appIDs where phone.state(of: app) != states[app, default: .notRunning] {
            violations.append(
                "after step \(step): the phone says \(app) is \(phone.state(of: app)!), the trace says \(states[app, default: .notRunning])"
            )
        }
        for app in phone.appIDs where Set(phone.runningTasks(of: app)) != runningTasks[app, default: []] {
            violations.append("after step \(step): the phone and the trace disagree on the tasks \(app) runs")
        }
        if let foreground = phone.foregroundApp, states[foreground]?.isForeground != true {
            violations.append("after step \(step): the phone's foreground app \(foreground) is not in the foreground")
        }
        // The apps the phone has on screen are those in the foreground, once every app is done with its steps.
        let inForeground = Set(states.filter { $0.value.isForeground }.map(\.key))
        if !phone.isBusy, Set(phone.appsOnScreen) != inForeground {
            violations.append(
                "after step \(step): on screen \(phone.appsOnScreen), in the foreground \(inForeground.sorted())")
        }
        mostAppsInForeground = max(mostAppsInForeground, inForeground.count)
        if !awaitingSceneActivation.isEmpty {
            violations.append(
                "after step \(step): sceneWillEnterForeground not followed by sceneDidBecomeActive: "
                    + "\(awaitingSceneActivation.sorted())")
        }
        for app in sceneApps {
            // The app's state is its scene's: the most active connected scene's while its process runs.
            guard let state = phone.state(of: app), state.isExecuting else { continue }
            let sessions = phone.sessions(of: app)
            let derived = SceneLifecycle.appState(of: sessions.compactMap(\.state))
            if derived != state {
                violations.append("after step \(step): \(app) is \(state) but its scenes ask for \(derived)")
            }
            for session in sessions where session.state != scenes[session.id] {
                violations.append("after step \(step): the phone and the trace disagree on the scene \(session.id)")
            }
        }
    }

    private mutating func fail(_ record: TraceRecord, _ message: String) {
        violations.append("at t=\(record.time.secondsText): \(message)")
    }
}
