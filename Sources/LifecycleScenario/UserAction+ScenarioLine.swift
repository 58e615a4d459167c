import LifecycleCore

extension UserAction {
    /// The line of the scenario language that performs this action, as ``ScenarioParser`` reads it back: what a
    /// generated session prints so that `lifecycle run` replays it. `nil` for the actions only a host performs (the
    /// system's `terminate`, a process that ended on its own, what the app's own code asks for its scenes), which
    /// no line names.
    public var scenarioLine: String? {
        switch self {
        case .tap(let app): "tap \(app)"
        case .home: "home"
        case .openSwitcher: "switcher"
        case .pick(let app): "pick \(app)"
        case .swipe(let app): "swipe \(app)"
        case .openNotificationCenter: "notification-center"
        case .openControlCenter: "control-center"
        case .showAlert: "alert"
        case .dismiss: "dismiss"
        case .incomingCall: "call"
        case .answerCall: "answer"
        case .declineCall: "decline"
        case .hangUp: "hang-up"
        case .lock: "lock"
        case .unlock: "unlock"
        case .restart: "restart"
        case .openURL(let app, let url): "open-url \(app) \(url)"
        case .shortcut(let app, let type): "shortcut \(app) \(type)"
        case .continueActivity(let app, let type, let target):
            "continue \(app) \(type)" + (target.map { " target=\($0)" } ?? "")
        case .tapPushNotification(let app): "push-tap \(app)"
        case .notify(let app, let remote): "notify \(app)" + (remote ? "" : " local")
        case .tapNotification(let app): "notification-tap \(app)"
        case .pickNotificationAction(let app, let identifier, let foreground):
            "notification-action \(app) \(identifier)" + (foreground ? " foreground" : "")
        case .dismissNotification(let app): "notification-dismiss \(app)"
        case .backgroundEvent(let event, let app): "\(event.rawValue) \(app)"
        case .throttledPush(let app): "push \(app) throttled"
        case .pushWithPayload(let app, let payload, let tapped):
            "\(tapped ? "push-tap" : "push") \(app) payload=\(payload)"
        case .terminate, .processEnded: nil
        case .memoryWarning: "memory-warning"
        case .memoryPressure(let count): "memory-pressure" + (count.map { " \($0)" } ?? "")
        case .significantTimeChange: "time-change"
        case .disconnectScene(let app): "disconnect-scene \(app)"
        case .newWindow(let app, let placement):
            "new-window \(app)" + (placement == .fullScreen ? "" : " \(placement.rawValue)")
        case .closeWindow(let scene): "close-window \(scene)"
        case .pickWindow(let scene): "pick \(scene)"
        case .activateWindow, .setActivationConditions: nil
        case .swipeWindow(let scene): "swipe \(scene)"
        case .replaceWindow(let app, let scene): "new-window \(app) split replacing \(scene)"
        case .focusWindow(let scene): "focus \(scene)"
        case .unsplit(let scene): "unsplit \(scene)"
        case .hideSlideOver: "hide-slide-over"
        case .showSlideOver: "show-slide-over"
        case .minimizeWindow(let scene): "minimize-window \(scene)"
        case .restoreWindow(let scene): "restore-window \(scene)"
        case .connectDisplay(let app): "connect-display \(app)"
        case .disconnectDisplay: "disconnect-display"
        case .prewarm(let app): "prewarm \(app)"
        case .submitTaskRequest(let app, let request):
            "submit \(app) \(request.identifier)"
                + (request.earliestBegin.map { " after=\($0.secondsText)s" } ?? "")
                + (request.requiresExternalPower ? " requires-power" : "")
                + (request.requiresNetworkConnectivity ? " requires-network" : "")
        case .runTaskRequest(let app, let identifier): "bgtask-launch \(app) \(identifier)"
        case .expireTask(let app, let identifier): "bgtask-expire \(app) \(identifier)"
        case .setBackgroundAppRefresh(let app, let enabled): "background-app-refresh \(app) \(enabled ? "on" : "off")"
        case .setCharging(let charging): "charger \(charging ? "on" : "off")"
        case .setNetworkReachable(let reachable): "network \(reachable ? "on" : "off")"
        }
    }
}
