import LifecycleCore

extension LoggedEvent {
    /// A number for each event, below ``ordinalLimit`` and distinct for distinct events: a key cheaper to hash,
    /// or to keep in an ``EventSet``, than the event itself.
    ///
    /// Callbacks take 0–63, notifications 64–95, scene states 96–99, scene phases 100–102 and the steps of
    /// scheduled tasks 104–106, each by its case's
    /// position. A payload-free enum is stored as its case's position (Swift lays such enums out so), which is
    /// read here without a table.
    @inline(__always)
    var ordinal: Int {
        switch self {
        case .callback(let callback): Self.position(of: callback)
        case .notification(let notification): 64 + Self.position(of: notification)
        case .sceneState(let state): 96 + Self.position(of: state)
        case .scenePhase(let phase): 100 + Self.position(of: phase)
        case .scheduledTask(let step): 104 + Self.position(of: step)
        }
    }

    /// One more than the largest ordinal.
    static let ordinalLimit = 128

    /// The event of each ordinal; `nil` where no event has it.
    static let byOrdinal: [LoggedEvent?] = {
        var events = [LoggedEvent?](repeating: nil, count: ordinalLimit)
        let all =
            Callback.allCases.map(LoggedEvent.callback) + UIKitNotification.allCases.map(LoggedEvent.notification)
            + SceneState.allCases.map(LoggedEvent.sceneState) + ScenePhase.allCases.map(LoggedEvent.scenePhase)
            + ScheduledTaskLine.allCases.map(LoggedEvent.scheduledTask)
        for event in all { events[event.ordinal] = event }
        return events
    }()

    private static func position<Case>(of value: Case) -> Int {
        withUnsafeBytes(of: value) { Int($0[0]) }
    }
}
