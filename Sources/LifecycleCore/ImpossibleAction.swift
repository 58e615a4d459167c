/// A user action that cannot happen in the phone's current situation, with the reason.
public struct ImpossibleAction: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which part of the action is at fault, so that a scenario error can point at it.
    public enum Culprit: Sendable, Hashable {
        /// The action as a whole.
        case action
        /// The app it names.
        case app
        /// The scene it names (`new-window notes split replacing notes#1`): where it names an app as well, the scene
        /// is pointed at.
        case scene
    }

    public let reason: String
    public let culprit: Culprit
    /// The timer whose firing would make the action possible (a task request's earliest begin date), which the core
    /// cannot date: its host, which keeps the clock, says how far off it is.
    public let possibleWhen: PlainTimer?

    public init(_ reason: String, culprit: Culprit = .action, possibleWhen: PlainTimer? = nil) {
        self.reason = reason
        self.culprit = culprit
        self.possibleWhen = possibleWhen
    }

    /// The same, its reason followed by more (what a host knows and the core does not).
    public func adding(_ more: String) -> ImpossibleAction {
        ImpossibleAction(reason + more, culprit: culprit, possibleWhen: possibleWhen)
    }

    public var description: String { reason }
}
