extension Phone {
    /// The identifier of the app at an index: what ``PlainAction`` and ``PlainTimer`` give.
    ///
    /// - Precondition: the index is one the phone gave (apps are never removed).
    public func appID(at index: Int) -> AppID {
        // Checked here: the phone's own accesses are not, and this index comes from outside.
        precondition(apps.indices.contains(index), "app index \(index) out of range: the phone has \(apps.count) apps")
        return apps[index].id
    }

    /// The index of an app, or `nil` for an unknown app.
    public func appIndex(of app: AppID) -> Int? {
        indexByID[app]
    }

    /// The timer a reader sees, naming its app.
    public func systemTimer(_ timer: PlainTimer) -> SystemTimer {
        SystemTimer(id: timer.id, purpose: timer.purpose, app: timer.app.map(appID(at:)), subject: timer.subject)
    }

    /// A timer handed back by a host, as the phone set it; `nil` when its app is not one of the phone's.
    func plainTimer(_ timer: SystemTimer) -> PlainTimer? {
        var app: Int?
        if let id = timer.app {
            guard let index = indexByID[id] else { return nil }
            app = index
        }
        return PlainTimer(id: timer.id, purpose: timer.purpose, app: app, subject: timer.subject)
    }

    /// The ``Action`` an entry of a list stands for.
    public func action(_ entry: PlainAction, in list: ActionList) -> Action {
        switch entry {
        case .transition(let app, let from, let to, let reason):
            .transition(appID(at: app), from: from, to: to, reason: reason)
        case .callback(let app, let callback, let detail):
            .callback(appID(at: app), callback, list.detail(detail))
        case .notification(let app, let notification):
            .notification(appID(at: app), notification)
        case .sceneTransition(let app, let scene, let from, let to):
            .sceneTransition(appID(at: app), list.scene(scene), from: from, to: to)
        case .sceneCallback(let app, let scene, let callback, let detail):
            .sceneCallback(appID(at: app), list.scene(scene), callback, list.detail(detail))
        case .sceneNotification(let app, let scene, let notification):
            .sceneNotification(appID(at: app), list.scene(scene), notification)
        case .note(let app, let note):
            .note(app.map(appID(at:)), list.text(note))
        case .runExpirationHandlers(let app, let tasks):
            .runExpirationHandlers(appID(at: app), list.tasks(tasks))
        case .scheduledTask(let app, let task, let step):
            .scheduledTask(appID(at: app), identifier: apps[app].configuration.permittedTasks[task].identifier, step)
        case .storeRestorationArchive(let app):
            .storeRestorationArchive(appID(at: app))
        case .deleteRestorationArchive(let app):
            .deleteRestorationArchive(appID(at: app))
        case .scheduleTimer(let timer, let delay):
            .scheduleTimer(systemTimer(timer), after: delay)
        case .cancelTimer(let timer):
            .cancelTimer(systemTimer(timer))
        }
    }

    /// The ``Action``s a list stands for, in order.
    public func actions(in list: ActionList) -> [Action] {
        list.entries.map { action($0, in: list) }
    }
}
