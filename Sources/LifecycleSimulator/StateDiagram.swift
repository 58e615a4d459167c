import LifecycleCore

/// The state diagram of docs/lifecycle.md §1, drawn from the core's own transition table (``AppLifecycle/edges``), so it
/// can never drift from the code. Each edge is labelled with its callback, or says how a silent one happens.
public enum StateDiagram {
    /// A drawable format.
    public enum Format: String, CaseIterable, Sendable {
        case dot, mermaid, svg
    }

    /// One arrow: a pair of states and every way of going from one to the other.
    public struct Arrow: Sendable, Hashable {
        public var from: AppState
        public var to: AppState
        public var labels: [String]
    }

    /// The arrows, one per pair of states, in the order of the transition table.
    public static var arrows: [Arrow] {
        var arrows: [Arrow] = []
        for edge in AppLifecycle.edges {
            let label = edge.callback?.selector ?? silentLabel(edge.event)
            if let index = arrows.firstIndex(where: { $0.from == edge.from && $0.to == edge.to }) {
                arrows[index].labels.append(label)
            } else {
                arrows.append(Arrow(from: edge.from, to: edge.to, labels: [label]))
            }
        }
        return arrows
    }

    static func silentLabel(_ event: AppLifecycle.Event) -> String {
        switch event {
        case .launch: "launch"
        case .launchInBackground: "launch for a background event"
        case .suspend: "suspended (silent)"
        case .resume: "resumed (silent)"
        case .kill: "killed (silent)"
        case .removeFromScreen: "killed in the foreground (silent)"
        default: String(describing: event)
        }
    }

    /// Graphviz's dot language.
    public static var dot: String {
        var lines = [
            "digraph lifecycle {", "    rankdir=LR;", "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for arrow in arrows {
            let label = arrow.labels.joined(separator: "\\n")
            lines.append("    \(arrow.from.rawValue) -> \(arrow.to.rawValue) [label=\"\(label)\"];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid state diagram, as GitHub renders in Markdown.
    public static var mermaid: String {
        var lines = ["stateDiagram-v2", "    [*] --> notRunning"]
        for arrow in arrows {
            lines.append(
                "    \(arrow.from.rawValue) --> \(arrow.to.rawValue): \(arrow.labels.joined(separator: "<br/>"))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
