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

    public init(_ reason: String, culprit: Culprit = .action) {
        self.reason = reason
        self.culprit = culprit
    }

    public var description: String { reason }
}
