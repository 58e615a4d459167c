/// What a host that draws the phone shows besides each app's state: the switcher's cards and the tasks.
extension Phone {
    /// The apps with a card in the app switcher, the most recently used first.
    public var switcherCards: [AppID] {
        apps.filter(\.hasSwitcherCard).sorted { $0.lastUse > $1.lastUse }.map(\.id)
    }

    /// How many times the app's process has been suspended: a host's request in flight across one is lost
    /// (docs/lifecycle.md §19).
    public func suspensionCount(of app: AppID) -> UInt64 {
        indexByID[app].map { apps[$0].suspensions } ?? 0
    }

    /// How many times the user swiped the app away: its background transfers in flight then are cancelled.
    public func forceQuitCount(of app: AppID) -> UInt64 {
        indexByID[app].map { apps[$0].forceQuits } ?? 0
    }

    /// Whether the user swiped the app away and has not opened it since: iOS launches it for no background work.
    public func wasForceQuit(_ app: AppID) -> Bool {
        indexByID[app].map { apps[$0].wasForceQuit } ?? false
    }

    /// How many background tasks the app has begun and not ended.
    public func backgroundTaskCount(of app: AppID) -> Int {
        indexByID[app].map { apps[$0].backgroundTasks.count } ?? 0
    }
}
