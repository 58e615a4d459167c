/// The argument of a callback that continues an activity: its type, then `target=ID` when it has a target content
/// identifier (`NSUserActivity.targetContentIdentifier`), by which an iPad chooses the window it goes to
/// (docs/lifecycle.md §16). Activity types and targets have no spaces, so the host reads it back with
/// ``split(_:)``, as a payload's argument (``NotificationPayload``).
public enum UserActivityArgument {
    /// `TYPE`, or `TYPE target=ID`.
    public static func argument(type: String, target: String?) -> String {
        guard let target else { return type }
        return type + " target=" + target
    }

    /// The activity's type and target from a callback's argument.
    public static func split(_ argument: String) -> (type: String, target: String?) {
        guard let range = argument.firstRange(of: " target=") else { return (argument, nil) }
        return (String(argument[..<range.lowerBound]), String(argument[range.upperBound...]))
    }
}
