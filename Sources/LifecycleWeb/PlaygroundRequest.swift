import Foundation

/// What the page asks of its session: one JSON object a WebSocket message, named by its `type`.
///
/// ```json
/// {"type": "load", "source": "app notes\ntap notes\n"}
/// {"type": "perform", "line": "home"}
/// {"type": "advance", "milliseconds": 100}
/// ```
public enum PlaygroundRequest: Sendable, Hashable {
    /// Replaces the scenario; nothing runs yet.
    case load(source: String)
    /// Runs what is left of the scenario, then appends `line` (any line of the scenario language) and runs it.
    case perform(line: String)
    /// Runs the next line of the scenario.
    case step
    /// Undoes the last line run: the scenario runs again from the start, one line short.
    case back
    /// Runs every line left.
    case run
    /// Back to the start of the scenario, nothing run.
    case restart
    /// Lets virtual time pass (playing at some speed): the scenario's last line becomes or grows a `wait`.
    case advance(milliseconds: Int)
    /// Asks for the trace of the lines run so far, as jsonl.
    case export
    /// Asks for the session's timeline, as `lifecycle timeline` draws it: on its own, since drawing it takes time
    /// that grows with the session, and the page asks at its own pace.
    case timeline

    /// The longest scenario a session takes, in bytes.
    public static let longestSource = 256 * 1024
    /// The longest line `perform` takes, in characters.
    public static let longestLine = 1000
    /// The most virtual time one `advance` moves, in milliseconds (an hour).
    public static let longestAdvance = 3_600_000

    /// A message that is not a request, or a request out of bounds, with what was expected.
    public struct Invalid: Error, Sendable, Hashable {
        public var message: String
    }

    private static let types = "load, perform, step, back, run, restart, advance, export or timeline"

    /// Reads and checks one message.
    public static func decode(_ text: String) throws(Invalid) -> PlaygroundRequest {
        guard text.utf8.count <= longestSource + 1024 else {
            throw Invalid(message: "the message is longer than \(longestSource / 1024) KB")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw Invalid(message: "expected a JSON object such as {\"type\": \"step\"}, found '\(text.prefix(40))'")
        }
        guard let type = object["type"] as? String else {
            throw Invalid(message: "expected a \"type\" of \(types)")
        }
        switch type {
        case "load":
            guard let source = object["source"] as? String else {
                throw Invalid(message: "'load' expects a \"source\": the scenario's text")
            }
            guard source.utf8.count <= longestSource else {
                throw Invalid(message: "the scenario is longer than \(longestSource / 1024) KB")
            }
            return .load(source: source)
        case "perform":
            guard let line = object["line"] as? String, !line.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Invalid(message: "'perform' expects a \"line\" of the scenario language, such as \"tap notes\"")
            }
            guard line.count <= longestLine else {
                throw Invalid(message: "'perform' takes a line of at most \(longestLine) characters")
            }
            guard !line.contains(where: \.isNewline) else {
                throw Invalid(message: "'perform' takes one line; use 'load' for several")
            }
            return .perform(line: line)
        case "advance":
            guard let milliseconds = object["milliseconds"] as? Int, (1...longestAdvance).contains(milliseconds)
            else {
                throw Invalid(message: "'advance' expects \"milliseconds\": a whole number from 1 to \(longestAdvance)")
            }
            return .advance(milliseconds: milliseconds)
        case "step": return .step
        case "back": return .back
        case "run": return .run
        case "restart": return .restart
        case "export": return .export
        case "timeline": return .timeline
        default:
            throw Invalid(message: "unknown type '\(type.prefix(40))': expected \(types)")
        }
    }
}
