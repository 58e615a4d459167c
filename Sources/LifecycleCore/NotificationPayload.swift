/// A remote notification's payload an app declares (docs/lifecycle.md §19): its name, and its JSON (`aps` and the
/// app's own keys) as text, which the host hands the app's code as `userInfo`.
public struct NotificationPayload: Sendable, Hashable {
    public var name: String
    public var json: String

    public init(name: String, json: String) {
        self.name = name
        self.json = json
    }

    /// The argument of a callback that carries a payload: what it is about (the notification's name, an action's
    /// identifier; nothing for a silent push), then `payload=NAME`. Names have no spaces, so the host reads it back
    /// with ``split(argument:)``.
    public static func argument(_ argument: String?, payload: String?) -> String? {
        guard let payload else { return argument }
        guard let argument, !argument.isEmpty else { return "payload=" + payload }
        return argument + " payload=" + payload
    }

    /// What a callback's argument is about, and the name of the payload it carries, if it carries one.
    public static func split(argument: String) -> (argument: String, payload: String?) {
        if argument.hasPrefix("payload=") { return ("", String(argument.dropFirst("payload=".count))) }
        guard let range = argument.firstRange(of: " payload=") else { return (argument, nil) }
        return (String(argument[..<range.lowerBound]), String(argument[range.upperBound...]))
    }
}
