extension Phone {
    // User notifications (docs/lifecycle.md §18). The notifications waiting in Notification Center are the
    // system's: they outlive the app's process. The notification delegate is the process's: it goes with it.

    /// The action identifier of a tap on a notification (`UNNotificationDefaultActionIdentifier`).
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// The action identifier of a notification the user cleared (`UNNotificationDismissActionIdentifier`).
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// How many of the app's notifications wait in Notification Center for the user.
    public func waitingNotificationCount(of app: AppID) -> Int {
        indexByID[app].map { apps[$0].notifications.waiting.count } ?? 0
    }

    // MARK: From an app's code

    /// An app whose code runs in the host sets the delegate of `UNUserNotificationCenter`: responses and
    /// notifications in the foreground reach it from now on, until the process ends. Before iOS 10 there is no
    /// center, and nothing changes.
    public mutating func setNotificationDelegate(in app: AppID, into list: inout ActionList) {
        emitting(into: &list) { phone in
            guard phone.profile.version >= AppRequirement.notificationCenter.version,
                let index = phone.indexByID[app], phone.apps[index].state.isExecuting
            else { return }
            phone.noteNotificationDelegateSet(on: index)
        }
    }

    /// ``setNotificationDelegate(in:into:)``, returning what must happen.
    public mutating func setNotificationDelegate(in app: AppID) -> [Action] {
        resolving { phone, list in phone.setNotificationDelegate(in: app, into: &list) }.actions
    }

    /// Whether the user lets the app show notifications (`requestAuthorization` is granted).
    public func notificationsAreAuthorized(for app: AppID) -> Bool {
        indexByID[app].map { !apps[$0].configuration.notificationsDenied } ?? false
    }

    /// The identifiers of the app's notification requests still waiting for their time, in the order added.
    public func pendingNotificationRequests(of app: AppID) -> [String] {
        indexByID[app].map { apps[$0].notifications.requests.map(\.identifier) } ?? []
    }

    /// An app's code adds a notification request (`UNUserNotificationCenter.add(_:)`): the system delivers it as a
    /// local notification after `delay` on the phone's clock (a time-interval trigger), or at once (`nil`); a
    /// repeating one comes again every `delay`. A waiting request with the same identifier is replaced.
    public mutating func addNotificationRequest(
        _ identifier: String, after delay: Duration?, repeats: Bool = false, in app: AppID,
        into list: inout ActionList
    ) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            phone.removeNotificationRequests([identifier], of: index)
            guard let delay, delay > .zero else {
                phone.notify(index, remote: false)
                return
            }
            let due = phone.schedule(.notificationDue, for: index, after: delay)
            phone.apps[index].notifications.requests.append(
                NotificationCenterRecord.Request(identifier: identifier, due: due, interval: repeats ? delay : nil))
            phone.note(index, "notification request \(identifier): due in \(delay.secondsText) s")
        }
    }

    /// An app's code removes its waiting notification requests with these identifiers, or all of them (`nil`).
    public mutating func removePendingNotificationRequests(
        _ identifiers: [String]?, in app: AppID, into list: inout ActionList
    ) {
        emitting(into: &list) { phone in
            guard let index = phone.indexByID[app] else { return }
            phone.removeNotificationRequests(identifiers, of: index)
        }
    }

    /// ``addNotificationRequest(_:after:repeats:in:into:)``, returning what must happen.
    public mutating func addNotificationRequest(
        _ identifier: String, after delay: Duration?, repeats: Bool = false, in app: AppID
    ) -> [Action] {
        resolving { phone, list in
            phone.addNotificationRequest(identifier, after: delay, repeats: repeats, in: app, into: &list)
        }.actions
    }

    /// ``removePendingNotificationRequests(_:in:into:)``, returning what must happen.
    public mutating func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) -> [Action] {
        resolving { phone, list in phone.removePendingNotificationRequests(identifiers, in: app, into: &list) }
            .actions
    }

    private mutating func removeNotificationRequests(_ identifiers: [String]?, of index: Int) {
        let removed = apps[index].notifications.requests.filter { identifiers?.contains($0.identifier) ?? true }
        guard !removed.isEmpty else { return }
        for request in removed { cancel(request.due) }
        apps[index].notifications.requests.removeAll { identifiers?.contains($0.identifier) ?? true }
    }

    /// A request's time came: its notification arrives, and a repeating one is due again.
    mutating func notificationDue(_ timer: PlainTimer, for index: Int) {
        guard let position = apps[index].notifications.requests.firstIndex(where: { $0.due == timer }) else { return }
        if let interval = apps[index].notifications.requests[position].interval {
            apps[index].notifications.requests[position].due = schedule(.notificationDue, for: index, after: interval)
        } else {
            apps[index].notifications.requests.remove(at: position)
        }
        notify(index, remote: false)
    }

    // MARK: What a scripted app's code does

    /// A scripted app sets its notification delegate in the callback where it declares it does: in
    /// `application:willFinishLaunchingWithOptions:`, or only once it is active.
    mutating func notePossibleNotificationDelegate(after callback: Callback, on index: Int) {
        guard !apps[index].notifications.delegateIsSet else { return }
        let sets =
            switch apps[index].notificationDelegate {
            case .duringLaunch: callback == .willFinishLaunching
            case .onceActive: callback == .didBecomeActive || callback == .sceneDidBecomeActive
            case nil: false
            }
        if sets { noteNotificationDelegateSet(on: index) }
    }

    /// The app's process has a notification delegate from now on; setting it again changes nothing.
    private mutating func noteNotificationDelegateSet(on index: Int) {
        guard !apps[index].notifications.delegateIsSet else { return }
        apps[index].notifications.delegateIsSet = true
        note(index, "sets the delegate of UNUserNotificationCenter")
    }

    /// The notification delegate's method is given a completion handler: until the app calls it, the handler
    /// holds the app — in the background, for 30 s at most, as a background event's; otherwise as a background
    /// task does, under the background budget. A scripted app answers `willPresent` at once (showing the
    /// notification), and calls `didReceive`'s handler after its declared work, unless it ignores both.
    mutating func awaitNotificationCompletion(of callback: Callback, on index: Int) {
        // The host reports the call of a hosted app's handler; a scripted app's comes after its work, if ever.
        let hosted = apps[index].configuration.runsHostedCode
        let work =
            hosted || apps[index].behavior.ignoresNotificationCompletion
            ? nil : apps[index].behavior.notificationResponseWork
        if callback == .notificationWillPresent {
            if work == nil { holdForCompletionHandler(of: callback, for: index, work: nil) }
        } else if apps[index].state == .background {
            awaitCompletionHandler(of: callback, for: index, work: work)
        } else {
            holdForCompletionHandler(of: callback, for: index, work: work)
        }
    }

    // MARK: The user's actions

    /// Whether the app hears its notifications through a delegate of `UNUserNotificationCenter`, rather than
    /// through the app delegate's methods: it declares one, or its process has set one (an app whose code runs in
    /// the host and declares none; its cold launches keep the legacy path).
    func hearsNotificationsThroughCenter(_ index: Int) -> Bool {
        apps[index].notificationDelegate != nil || apps[index].notifications.delegateIsSet
    }

    /// A notification for the app arrives: presented to its delegate when the app is in the foreground, and
    /// waiting for the user unless the app shows nothing; otherwise waiting in Notification Center.
    mutating func notify(_ index: Int, remote: Bool, payload: String? = nil) {
        let app = apps[index].id
        let kind = remote ? "remote" : "local"
        if apps[index].configuration.notificationsDenied {
            note(index, "a \(kind) notification for \(app) is not shown: the user denied its notifications")
            return
        }
        apps[index].notifications.count += 1
        let notification = NotificationCenterRecord.Waiting(
            number: apps[index].notifications.count, isRemote: remote, payload: payload)
        let name = "\(kind) notification \(notification.number)"
        guard projectedState(of: index).isForeground else {
            apps[index].notifications.waiting.append(notification)
            note(index, "\(name) waits in Notification Center" + (isLocked ? " and on the lock screen" : ""))
            return
        }
        if apps[index].notifications.delegateIsSet {
            // The app answers with the options to show it (a banner, in the list): it waits for the user.
            apps[index].notifications.waiting.append(notification)
            queueCall(.notificationWillPresent, .argument(argument(name, notification)), for: index)
            run(index)
        } else if remote, !hearsNotificationsThroughCenter(index) {
            // The app delegate's method hears a push that comes while the app is in the foreground; it is not shown.
            queueCall(.didReceiveRemoteNotification, .argument(argument(name, notification)), for: index)
            run(index)
        } else {
            note(
                index,
                "\(name) is not shown: \(app) is in the foreground and has set no delegate of "
                    + "UNUserNotificationCenter to present it")
        }
    }

    /// The user taps the app's most recent waiting notification.
    mutating func tapNotification(of index: Int) throws(ImpossibleAction) {
        try requireNotificationsReachable()
        let notification = try takeWaitingNotification(of: index)
        open(index, responding: notification, with: Self.defaultActionIdentifier)
    }

    /// The user picks an action of the app's most recent waiting notification: as a tap with the `foreground`
    /// option, in the background without it.
    mutating func pickNotificationAction(
        _ identifier: String, foreground: Bool, of index: Int
    ) throws(ImpossibleAction) {
        guard hearsNotificationsThroughCenter(index) else {
            throw ImpossibleAction(
                "\(apps[index].id) has no delegate of UNUserNotificationCenter ('notifications'): only that delegate "
                    + "hears a notification's actions", culprit: .app)
        }
        try requireNotificationsReachable()
        let notification = try takeWaitingNotification(of: index)
        if foreground {
            open(index, responding: notification, with: identifier)
        } else {
            respondInBackground(index, to: notification, with: identifier)
        }
    }

    /// The user clears the app's most recent waiting notification: the app hears it, in the background, only when
    /// its category asks to (`customDismissAction`).
    mutating func dismissNotification(of index: Int) throws(ImpossibleAction) {
        try requireNotificationsReachable()
        let notification = try takeWaitingNotification(of: index)
        guard hearsNotificationsThroughCenter(index), apps[index].configuration.hasCustomDismissAction else {
            note(
                index,
                "notification \(notification.number) cleared: its category has no customDismissAction, so "
                    + "\(apps[index].id) hears nothing")
            return
        }
        respondInBackground(index, to: notification, with: Self.dismissActionIdentifier)
    }

    /// A waiting notification is reached from the lock screen, Notification Center or a banner: not from behind
    /// the app switcher, an alert or a call.
    private func requireNotificationsReachable() throws(ImpossibleAction) {
        if let overlay, overlay != .notificationCenter { throw Self.covered(by: overlay) }
    }

    private mutating func takeWaitingNotification(
        of index: Int
    ) throws(ImpossibleAction) -> NotificationCenterRecord.Waiting {
        guard let notification = apps[index].notifications.waiting.popLast() else {
            throw ImpossibleAction(
                "\(apps[index].id) has no notification waiting in Notification Center (notify delivers one)",
                culprit: .app)
        }
        return notification
    }

    /// The user opens the app from its notification: Notification Center closes; on the lock screen the unlock
    /// opens the app directly, and an app that was in front when the device was locked stays behind; the app comes
    /// to the foreground and hears the response while inactive (docs/lifecycle.md §18).
    private mutating func open(
        _ index: Int, responding notification: NotificationCenterRecord.Waiting, with action: String
    ) {
        overlay = nil
        if isLocked {
            note(nil, "the device unlocks, and the unlock opens \(apps[index].id)")
            liftLock { phone, returning in
                if returning != index, phone.projectedState(of: returning) == .inactive {
                    phone.sendToBackground(returning)
                }
            }
        }
        let options = notification.launchOptions
        if hearsNotificationsThroughCenter(index) {
            bringToFront(
                index, options: options, deliveries: [(.notificationDidReceive, argument(action, notification))])
        } else if notification.isRemote {
            let argument = NotificationPayload.argument(nil, payload: notification.payload)
            bringToFront(index, options: options, deliveries: [(.didReceiveRemoteNotification, argument)])
        } else {
            note(index, "\(apps[index].id) has no delegate of UNUserNotificationCenter: the tap only opens it")
            bringToFront(index, options: options, deliveries: [])
        }
    }

    /// The app hears a response where it is, without coming forward: launched into the background if it is not
    /// running — even after the user swiped it away, as the response is the user's own act — or resumed silently.
    private mutating func respondInBackground(
        _ index: Int, to notification: NotificationCenterRecord.Waiting, with action: String
    ) {
        if !projectedState(of: index).isForeground {
            _ = queueWakeForBackgroundWork(of: index, "", notification.launchOptions, byTheUser: true)
        }
        queueCall(
            .notificationDidReceive, .argument(argument(action, notification)), .notificationDelegateSet, for: index)
        run(index)
    }

    /// A callback's argument about a notification: `about`, then the payload the notification carries, if any.
    private func argument(_ about: String, _ notification: NotificationCenterRecord.Waiting) -> String {
        NotificationPayload.argument(about, payload: notification.payload) ?? about
    }
}
