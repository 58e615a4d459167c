/// What a host that draws the phone shows besides each app's state: the switcher's cards and the tasks.
extension Phone {
    /// The apps with a card in the app switcher, the most recently used first.
    public var switcherCards: [AppID] {
        apps.filter(\.hasSwitcherCard).sorted { $0.lastUse > $1.lastUse }.map(\.id)
    }

    /// How many background tasks the app has begun and not ended.
    public func backgroundTaskCount(of app: AppID) -> Int {
        indexByID[app].map { apps[$0].backgroundTasks.count } ?? 0
    }
}
