import Foundation
import LifecycleCore

extension Application {
    /// The app's scene sessions (`UIApplication.openSessions`).
    public var openSessions: Set<SceneSession> { Set(sessionsByID.values) }

    /// The connected scenes (`UIApplication.connectedScenes`).
    public var connectedScenes: Set<Scene> { Set(scenesByID.values) }

    /// SwiftUI's app-wide `scenePhase`: `active` if a scene is active, `inactive` if one is in the foreground,
    /// `background` otherwise (docs/lifecycle.md §13).
    public var scenePhase: ScenePhase { ScenePhase(aggregating: scenesByID.values.map(\.phase)) }

    /// Calls `action` with the app's new phase each time it changes, right after the scene-delegate method of the
    /// step that changed it.
    public func onScenePhaseChange(_ action: @escaping @MainActor (ScenePhase) -> Void) {
        appPhases.onChange(action)
    }

    /// The app's phases as they change, for `for await` loops.
    public var scenePhaseChanges: AsyncStream<ScenePhase> { appPhases.values }

    /// A new process: the scenes of the last one are gone with it; the sessions stay, as the system keeps them.
    func processDidStart() {
        if let makeDelegate { delegate = makeDelegate() }
        hasFinishedLaunching = false
        keychain.processDidStart()
        taskScheduler.launchHandlers = [:]
        taskScheduler.runningTasks = [:]
        backgroundTransfersIfMade?.processDidStart()
        for scene in scenesByID.values { scene.session.scene = nil }
        scenesByID = [:]
        lastAppPhase = .background
    }

    /// `application(_:configurationForConnecting:options:)`, on the app's first launch: the answer is kept for the
    /// sessions of later launches, which are not asked about.
    func configureSession(_ id: SceneID, role: SceneConfiguration.Role, with delegate: any ApplicationDelegate) {
        let session = session(id, role: role)
        session.configuration = delegate.application(
            self, configurationForConnecting: session, options: Scene.ConnectionOptions())
        rememberedConfigurations[role] = session.configuration
    }

    /// `application(_:didDiscardSceneSessions:)`: the sessions are forgotten.
    func discardSessions(_ ids: [SceneID], telling delegate: any ApplicationDelegate) {
        let sessions = Set(ids.map { session($0) })
        for id in ids { sessionsByID[id.rawValue] = nil }
        delegate.application(self, didDiscardSceneSessions: sessions)
    }

    /// The session with this id, made with the configuration remembered for its role if the app has not seen it
    /// yet.
    private func session(_ id: SceneID, role: SceneConfiguration.Role = .windowApplication) -> SceneSession {
        if let session = sessionsByID[id.rawValue] { return session }
        let session = SceneSession(
            id: id,
            configuration: rememberedConfigurations[role]
                ?? SceneConfiguration(name: "Default Configuration", sessionRole: role))
        sessionsByID[id.rawValue] = session
        return session
    }

    /// Calls a scene-delegate method; the scene's state is the one UIKit reports inside it: a `will…` method
    /// sees the state before its step, a `did…` one the state after (the core's ``SceneLifecycle/edges``).
    func deliverScene(_ callback: Callback, scene id: SceneID, detail: CallbackDetail?) -> Bool? {
        if callback == .sceneWillConnect { connect(id, detail: detail) }
        guard let scene = scenesByID[id.rawValue] else { return nil }
        let delegate = scene.delegate
        let phaseBefore = scene.phase
        let edge = SceneLifecycle.edges.first { $0.callback == callback && $0.from == scene.activationState }
        if let edge, !SceneLifecycle.callbackPrecedesTransition(edge.event) {
            scene.activationState = edge.to
        }
        var answer: Bool?
        switch callback {
        case .sceneWillConnect:
            delegate?.scene(scene, willConnectTo: scene.session, options: connectionOptions(from: detail))
        case .sceneDidDisconnect: delegate?.sceneDidDisconnect(scene)
        case .sceneDidBecomeActive: delegate?.sceneDidBecomeActive(scene)
        case .sceneWillResignActive: delegate?.sceneWillResignActive(scene)
        case .sceneWillEnterForeground: delegate?.sceneWillEnterForeground(scene)
        case .sceneDidEnterBackground: delegate?.sceneDidEnterBackground(scene)
        case .sceneOpenURLContexts:
            let argument = if case .argument(let argument) = detail { argument } else { "" }
            let url = URL(string: argument) ?? URL(fileURLWithPath: argument)
            delegate?.scene(scene, openURLContexts: [OpenURLContext(url: url)])
        case .sceneWillContinueUserActivity:
            delegate?.scene(scene, willContinueUserActivityWithType: Self.argument(of: detail))
        case .sceneContinueUserActivity:
            delegate?.scene(scene, continue: UserActivity(argument: Self.argument(of: detail)))
        case .windowScenePerformActionForShortcutItem:
            let ignoreResult: (Bool) -> Void = { _ in }
            delegate?.windowScene(
                scene, performActionFor: shortcutItem(ofType: Self.argument(of: detail)),
                completionHandler: ignoreResult)
        case .stateRestorationActivityForScene:
            let activity = delegate?.stateRestorationActivity(for: scene)
            scene.session.stateRestorationActivity = activity
            answer = activity != nil
        default:
            break
        }
        if let edge, SceneLifecycle.callbackPrecedesTransition(edge.event) { scene.activationState = edge.to }
        if scene.phase != phaseBefore { scene.reportPhase() }
        reportAppPhaseIfChanged()
        return answer
    }

    private static func argument(of detail: CallbackDetail?) -> String {
        if case .argument(let argument) = detail { argument } else { "" }
    }

    /// Connects a scene to its session, with a new delegate of the session's class (or the host's).
    private func connect(_ id: SceneID, detail: CallbackDetail?) {
        let session = session(id)
        if case .connectionOptions(let options) = detail, options.restorationActivity == nil {
            session.stateRestorationActivity = nil
        }
        let delegateClass = session.configuration.delegateClass ?? sceneDelegateClass
        let scene = Scene(session: session, delegate: delegateClass?.init())
        scene.host = host
        session.scene = scene
        scenesByID[id.rawValue] = scene
    }

    private func connectionOptions(from detail: CallbackDetail?) -> Scene.ConnectionOptions {
        guard case .connectionOptions(let options) = detail else { return Scene.ConnectionOptions() }
        let source = OpenURLContext.Options(sourceApplication: options.sourceApplication)
        let urls = options.url.map {
            [OpenURLContext(url: URL(string: $0) ?? URL(fileURLWithPath: $0), options: source)]
        }
        var handed: Set<String> = []
        if options.url != nil { handed.insert("url") }
        if options.userActivityType != nil { handed.insert("activity") }
        if options.shortcutItem != nil { handed.insert("shortcut") }
        let ledger = handed.isEmpty ? nil : LaunchItemLedger(handed)
        if let ledger { launchItemLedgers.append(ledger) }
        return Scene.ConnectionOptions(
            urlContexts: Set(urls ?? []),
            userActivities: Set(
                options.userActivityType.map { type in
                    let activity = UserActivity(activityType: type)
                    activity.targetContentIdentifier = options.userActivityTarget
                    return [activity]
                } ?? []),
            shortcutItem: options.shortcutItem.map(shortcutItem(ofType:)),
            sourceApplication: options.sourceApplication,
            notificationResponse: options.notificationResponse.map {
                let (action, userInfo) = notificationItem($0)
                return notificationResponse(actionIdentifier: action, userInfo: userInfo)
            },
            ledger: ledger)
    }

    private func reportAppPhaseIfChanged() {
        let phase = scenePhase
        guard phase != lastAppPhase else { return }
        lastAppPhase = phase
        appPhases.send(phase)
    }

    /// Posts a `UIScene` notification with its scene as object; after `UISceneDidDisconnectNotification` the
    /// scene is released.
    func postScene(_ notification: UIKitNotification, scene id: SceneID) {
        let scene = scenesByID[id.rawValue]
        postToObservers(
            Scene.name(of: notification),
            object: scene.map { scene in (delegate as? any NotificationObjects)?.object(standingFor: scene) ?? scene })
        if notification == .sceneDidDisconnect {
            scene?.session.scene = nil
            scenesByID[id.rawValue] = nil
            reportAppPhaseIfChanged()
        }
    }
}
