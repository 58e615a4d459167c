/// A lane of a timeline: one app process's state, or one of its scenes'.
public struct TimelineLane: Hashable, Sendable {
    /// The process: a number of the timeline's own, new for every launch (a relaunch after a kill is a new
    /// process).
    public var process: Int
    /// The lane within it: 1 for the app's state, 2 and on for its scenes, in the order they first appear.
    public var lane: Int

    public init(process: Int, lane: Int) {
        self.process = process
        self.lane = lane
    }
}
