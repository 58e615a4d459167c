import LifecycleCore
import LifecycleScenario

/// Draws the steps of a generated session from a seed (docs/lifecycle.md §19): a kind of step by weight, then an
/// action of that kind that fits the phone's situation — an open overlay answered, a request the app's code
/// submitted run, a notification waiting tapped. An action can still prove impossible; the explorer draws again.
struct SessionGenerator {
    /// The waits that cross the edges of the model: the watchdog's 5 s and 20 s, a background event's 30 s, the
    /// budgets of 30 s, 180 s and 600 s.
    static let waits: [Duration] = [1, 5, 10, 20, 30, 180, 600].map { .seconds($0) }

    private enum Kind: Int, CaseIterable {
        case tap, home, switcher, overlays, calls, lock, memory, backgroundEvents, scheduledTasks, launchItems
        case notifications, windows, wait, network
    }

    var random: SplitMix64
    /// Draws whether a lock is a restart, and a background event a prewarm: a stream of its own, so that the sessions
    /// of a seed are what they were before these came, but for the steps they replace.
    private var restarts: SplitMix64
    /// The waits drawn from: ``waits`` up to the longest one allowed.
    private let waits: [Duration]
    let weights: [Double]
    let apps: [AppConfiguration]
    /// Whether the apps reach a network the test declared. Then the network goes off and comes back now and then, and
    /// a finished download comes only from the apps' own background sessions: no `download` step is drawn, as the
    /// system wakes an app only for the events of a session it made. (Without one, no network step is drawn, and the
    /// sessions of a seed are those they were before network steps came.)
    private let hasNetwork: Bool
    /// The apps' ids, drawn from without copying a whole configuration each time.
    private let appIDs: [AppID]
    private let total: Double

    init(
        seed: UInt64, weights: ExplorationWeights, apps: [AppConfiguration], longestWait: Duration = .seconds(600),
        hasNetwork: Bool = false
    ) {
        self.random = SplitMix64(seed: seed)
        self.restarts = SplitMix64(seed: ~seed)
        let waits = Self.waits.filter { $0 <= longestWait }
        self.waits = waits.isEmpty ? [Self.waits[0]] : waits
        var weights = weights
        if !hasNetwork { weights.network = 0 }
        self.weights = weights.all
        self.apps = apps
        self.appIDs = apps.map(\.id)
        self.total = self.weights.reduce(0, +)
        self.hasNetwork = hasNetwork
    }

    /// The next step for the phone's situation.
    mutating func next(on phone: some PhoneView) -> Scenario.Command {
        if let overlay = phone.overlay, chance(80) { return .perform(answer(overlay, on: phone)) }
        if phone.isLocked, chance(50) { return .perform(.unlock) }
        guard total > 0 else { return .wait(.seconds(1)) }
        var roll = Double(random.next() % 1_000_000) / 1_000_000 * total
        var drawn = Kind.wait
        for kind in Kind.allCases {
            roll -= weights[kind.rawValue]
            if roll < 0 {
                drawn = kind
                break
            }
        }
        return step(of: drawn, on: phone)
    }

    private mutating func step(of kind: Kind, on phone: some PhoneView) -> Scenario.Command {
        let app = pick(appIDs)
        switch kind {
        // A tap needs the Home screen: with an app in front, the user goes Home first (drawing a tap again and
        // again, refused each time, had been most of a session's cost).
        case .tap: return .perform(phone.foregroundApp == nil ? .tap(app) : .home)
        case .home: return .perform(.home)
        case .switcher: return .perform(.openSwitcher)
        case .overlays: return .perform(pick([.openNotificationCenter, .openControlCenter, .showAlert]))
        case .calls: return .perform(.incomingCall)
        // A restart now and then: the phone comes back locked, and wakes before the first unlock find nothing
        // protected readable (docs/lifecycle.md §21).
        case .lock: return .perform(phone.isLocked ? .unlock : restarts.next() % 5 == 0 ? .restart : .lock)
        case .memory: return .perform(pick([.memoryWarning, .memoryPressure(count: 1), .memoryPressure(count: nil)]))
        case .backgroundEvents:
            guard let event = backgroundEvent(for: app, on: phone) else { return .wait(pick(waits)) }
            return .perform(event)
        case .scheduledTasks: return .perform(scheduledTaskStep(for: app, on: phone))
        case .launchItems: return .perform(launchItem())
        case .notifications: return .perform(notificationStep(on: phone))
        case .windows: return .perform(windowStep(for: app, on: phone))
        case .wait: return .wait(pick(waits))
        case .network: return .perform(.setNetworkReachable(!phone.isNetworkReachable))
        }
    }

    /// A URL, an activity, a quick action or a tapped push for an app that declares it handles them (its URL schemes,
    /// activity types, quick actions, payloads): an app that declares none is never sent one, as iOS sends none.
    private mutating func launchItem() -> UserAction {
        var items: [UserAction] = []
        for app in apps {
            items += app.urlSchemes.map { .openURL(app.id, url: "\($0)://item/1") }
            items += app.activityTypes.map { .continueActivity(app.id, type: $0) }
            items += app.shortcutTypes.map { .shortcut(app.id, type: $0) }
            // A push the user taps, with each payload the app declares (docs/lifecycle.md §19).
            items += app.notificationPayloads.map { .pushWithPayload(app.id, payload: $0.name, tapped: true) }
        }
        return items.isEmpty ? .significantTimeChange : pick(items)
    }

    /// What the user does about what covers the screen.
    private mutating func answer(_ overlay: Phone.Overlay, on phone: some PhoneView) -> UserAction {
        let app = pick(appIDs)
        switch overlay {
        case .switcher:
            return pick([.pick(phone.foregroundApp ?? app), .pick(app), .swipe(app), .dismiss, .home])
        case .ringingCall: return pick([.answerCall, .declineCall])
        case .callInProgress: return .hangUp
        case .notificationCenter:
            if let notified = apps.first(where: { phone.waitingNotificationCount(of: $0.id) > 0 }), chance(30) {
                return .tapNotification(notified.id)
            }
            return .dismiss
        case .controlCenter, .alert: return .dismiss
        }
    }

    /// A background event of the app's: `nil` when it has none to draw.
    private mutating func backgroundEvent(for app: AppID, on phone: some PhoneView) -> UserAction? {
        // Under iOS 15.0 to 15.3 a prewarm runs the launch methods, locked or not (docs/lifecycle.md §21): one
        // background event in three is one. (Later, a prewarm runs none of the app's code.)
        if phone.profile.prewarmRunsLaunchMethods, restarts.next() % 3 == 0 { return .prewarm(app) }
        let configuration = apps.first { $0.id == app }
        var events: [BackgroundEvent] = hasNetwork ? [] : [.download]
        if configuration?.backgroundModes.contains(.remoteNotification) == true { events.append(.push) }
        if configuration?.backgroundModes.contains(.fetch) == true { events.append(.fetch) }
        guard !events.isEmpty else { return nil }
        let event = pick(events)
        // A silent push carries one of the payloads the app declares, if it declares any.
        if event == .push, let payloads = configuration?.notificationPayloads, !payloads.isEmpty {
            return .pushWithPayload(app, payload: pick(payloads).name, tapped: false)
        }
        return .backgroundEvent(event, app)
    }

    /// A request the app's code submitted, run; a task it runs, expired; or the charger a processing task waits for.
    private mutating func scheduledTaskStep(for app: AppID, on phone: some PhoneView) -> UserAction {
        let running = phone.runningTasks(of: app)
        if !running.isEmpty, chance(40) { return .expireTask(app, identifier: pick(running)) }
        let pending = phone.pendingRequests(of: app)
        if let request = pending.isEmpty ? nil : pick(pending) {
            if request.requiresExternalPower, !phone.isCharging { return .setCharging(true) }
            return .runTaskRequest(app, identifier: request.identifier)
        }
        return .setCharging(!phone.isCharging)
    }

    private mutating func notificationStep(on phone: some PhoneView) -> UserAction {
        let notified = apps.filter { $0.notificationDelegate != nil }
        guard !notified.isEmpty else { return .significantTimeChange }
        let app = pick(notified).id
        guard phone.waitingNotificationCount(of: app) > 0 else { return .notify(app, remote: chance(70)) }
        switch random.next() % 4 {
        case 0: return .notify(app, remote: chance(70))
        case 1: return .tapNotification(app)
        case 2: return .pickNotificationAction(app, identifier: "archive", foreground: chance(30))
        default: return .dismissNotification(app)
        }
    }

    private mutating func windowStep(for app: AppID, on phone: some PhoneView) -> UserAction {
        // Several apps on an iPad's screen, or a window kept off it (§16): half the window steps act on them. (Drawn
        // only then, so that the sessions of a seed that never shares the screen stay those they were.)
        if phone.appsOnScreen.count > 1 || phone.hiddenSlideOverWindow != nil || !phone.minimizedWindows.isEmpty,
            chance(50)
        {
            return sharedScreenStep(for: app, on: phone)
        }
        let sessions = phone.sessions(of: app).filter { $0.role == .window }
        switch random.next() % 4 {
        case 0: return .newWindow(app, placement: pick(WindowPlacement.allCases))
        case 1 where !sessions.isEmpty: return .closeWindow(pick(sessions).id)
        case 2: return .connectDisplay(phone.foregroundApp ?? app)
        default: return .disconnectDisplay
        }
    }

    /// A step that fits a screen several apps share: focus moved, a side of Split View replaced or dragged off, the
    /// Slide Over window hidden or shown, a window minimized or restored (iPadOS 26; refused before, and drawn again).
    private mutating func sharedScreenStep(for app: AppID, on phone: some PhoneView) -> UserAction {
        var steps: [UserAction] = []
        let onScreen = phone.appsOnScreen.flatMap { phone.windowsOnScreen(of: $0) }
        if !onScreen.isEmpty {
            let window = pick(onScreen)
            steps += [.focusWindow(window), .minimizeWindow(window)]
            switch phone.placement(of: window) {
            case .split?: steps += [.unsplit(window), .replaceWindow(app, replacing: window)]
            case .slideOver?: steps.append(.hideSlideOver)
            default: break
            }
        }
        if phone.hiddenSlideOverWindow != nil { steps.append(.showSlideOver) }
        if !phone.minimizedWindows.isEmpty { steps.append(.restoreWindow(pick(phone.minimizedWindows))) }
        return steps.isEmpty ? .home : pick(steps)
    }

    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    private mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(random.next() % UInt64(elements.count))]
    }
}
