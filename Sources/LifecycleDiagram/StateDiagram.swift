import LifecycleCore

/// The state diagrams of docs/lifecycle.md §1 (an app) and §13 (a scene), drawn from the core's own transition
/// tables (``AppLifecycle/edges``, ``SceneLifecycle/edges``), so they can never drift from the code. Each
/// edge is labelled with its callback, or says how a silent one happens.
public enum StateDiagram {
    /// A drawable format.
    public enum Format: String, CaseIterable, Sendable {
        case dot, mermaid, svg
    }

    /// Which chart: an app's states, or a scene's.
    public enum Chart: String, CaseIterable, Sendable {
        case app, scenes

        /// Where the chart starts, and the label of the way in.
        var start: (state: String, label: String?) {
            switch self {
            case .app: ("notRunning", nil)
            case .scenes: ("unattached", Callback.sceneWillConnect.selector)
            }
        }

        /// The way out of the chart, if it has one: a released scene ends.
        var end: (state: String, label: String)? {
            switch self {
            case .app: nil
            case .scenes: ("unattached", "released (silent; also any scene when its process ends)")
            }
        }
    }

    /// One arrow: a pair of states and every way of going from one to the other.
    public struct Arrow: Sendable, Hashable {
        public var from: String
        public var to: String
        public var labels: [String]
    }

    /// The arrows of a chart, one per pair of states, in the order of its transition table.
    public static func arrows(of chart: Chart) -> [Arrow] {
        let edges: [(from: String, to: String, label: String)] =
            switch chart {
            case .app:
                AppLifecycle.edges.map {
                    ($0.from.rawValue, $0.to.rawValue, $0.callback?.selector ?? silentLabel($0.event))
                }
            case .scenes:
                SceneLifecycle.edges.map { ($0.from.rawValue, $0.to.rawValue, $0.callback.selector) }
            }
        var arrows: [Arrow] = []
        for edge in edges {
            if let index = arrows.firstIndex(where: { $0.from == edge.from && $0.to == edge.to }) {
                arrows[index].labels.append(edge.label)
            } else {
                arrows.append(Arrow(from: edge.from, to: edge.to, labels: [edge.label]))
            }
        }
        return arrows
    }

    /// The arrows of the app chart.
    public static var arrows: [Arrow] { arrows(of: .app) }

    static func silentLabel(_ event: AppLifecycle.Event) -> String {
        switch event {
        case .launch: "launch"
        case .launchInBackground: "launch for a background event (or any launch of a scene-based app)"
        case .suspend: "suspended (silent)"
        case .resume: "resumed (silent)"
        case .kill: "killed (silent)"
        case .removeFromScreen: "killed in the foreground (silent)"
        default: String(describing: event)
        }
    }

    /// Graphviz's dot language, for one chart or several (each in a box of its own).
    public static func dot(_ charts: [Chart] = [.app]) -> String {
        var lines = [
            "digraph lifecycle {", "    rankdir=LR;", "    node [shape=box, style=rounded, fontname=\"Helvetica\"];",
            "    edge [fontname=\"Helvetica\", fontsize=10];",
        ]
        for chart in charts {
            // Node names carry the chart, since both charts have a `background`.
            let node = { (state: String) in charts.count > 1 ? "\(chart.rawValue)_\(state)" : state }
            let indent = charts.count > 1 ? "        " : "    "
            if charts.count > 1 {
                lines.append("    subgraph cluster_\(chart.rawValue) {")
                lines.append("\(indent)label=\"\(chart == .app ? "an app" : "a scene")\";")
                let states = chart == .app ? AppState.allCases.map(\.rawValue) : SceneState.allCases.map(\.rawValue)
                for state in states { lines.append("\(indent)\(node(state)) [label=\"\(state)\"];") }
            }
            if let label = chart.start.label {
                lines.append("\(indent)\(node("start")) [shape=point];")
                lines.append("\(indent)\(node("start")) -> \(node(chart.start.state)) [label=\"\(label)\"];")
            }
            for arrow in arrows(of: chart) {
                let label = arrow.labels.joined(separator: "\\n")
                lines.append("\(indent)\(node(arrow.from)) -> \(node(arrow.to)) [label=\"\(label)\"];")
            }
            if let end = chart.end {
                lines.append("\(indent)\(node("end")) [shape=doublecircle, label=\"\", width=0.15];")
                lines.append("\(indent)\(node(end.state)) -> \(node("end")) [label=\"\(end.label)\"];")
            }
            if charts.count > 1 { lines.append("    }") }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app chart in Graphviz's dot language.
    public static var dot: String { dot([.app]) }

    /// A Mermaid state diagram, as GitHub renders in Markdown.
    public static func mermaid(_ chart: Chart) -> String {
        let start = chart.start
        var lines = ["stateDiagram-v2", "    [*] --> \(start.state)" + (start.label.map { ": \($0)" } ?? "")]
        for arrow in arrows(of: chart) {
            lines.append("    \(arrow.from) --> \(arrow.to): \(arrow.labels.joined(separator: "<br/>"))")
        }
        if let end = chart.end { lines.append("    \(end.state) --> [*]: \(end.label)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The app chart as a Mermaid state diagram.
    public static var mermaid: String { mermaid(.app) }
}
