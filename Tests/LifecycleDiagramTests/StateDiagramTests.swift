import Foundation
import LifecycleCore
import Testing

@testable import LifecycleDiagram

@Suite struct StateDiagramTests {
    @Test func everyEdgeOfTheTransitionTableIsDrawnOnce() {
        let drawn = StateDiagram.arrows.flatMap { arrow in arrow.labels.map { "\(arrow.from)→\(arrow.to) \($0)" } }
        #expect(drawn.count == AppLifecycle.edges.count)
        #expect(Set(StateDiagram.arrows.map { [$0.from, $0.to] }).count == StateDiagram.arrows.count)
        for edge in AppLifecycle.edges where edge.callback != nil {
            #expect(drawn.contains("\(edge.from)→\(edge.to) \(edge.callback!.selector)"))
        }
    }

    @Test func everyEdgeOfTheSceneTableIsDrawnOnce() {
        let drawn = StateDiagram.arrows(of: .scenes).flatMap { arrow in
            arrow.labels.map { "\(arrow.from)→\(arrow.to) \($0)" }
        }
        #expect(drawn.count == SceneLifecycle.edges.count)
        for edge in SceneLifecycle.edges {
            #expect(drawn.contains("\(edge.from)→\(edge.to) \(edge.callback.selector)"))
        }
        #expect(
            StateDiagram.mermaid(.scenes).hasPrefix(
                "stateDiagram-v2\n    [*] --> unattached: scene:willConnectToSession:options:\n"))
        let both = StateDiagram.dot([.app, .scenes])
        #expect(both.contains("subgraph cluster_scenes {"))
        #expect(
            both.contains("scenes_foregroundInactive -> scenes_foregroundActive [label=\"sceneDidBecomeActive:\"];"))
        #expect(both.contains("app_inactive -> app_active [label=\"applicationDidBecomeActive:\"];"))
    }

    @Test func dotAndMermaid() {
        #expect(StateDiagram.dot.hasPrefix("digraph lifecycle {\n"))
        #expect(StateDiagram.dot.contains("    inactive -> active [label=\"applicationDidBecomeActive:\"];"))
        #expect(StateDiagram.mermaid.contains("    suspended --> notRunning: killed (silent)\n"))
    }

    /// The README's diagram is the command's output: it fails here when it is stale.
    @Test func theReadmeDiagramIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains("```mermaid\n" + StateDiagram.mermaid + "```"),
            "regenerate it with: swift run lifecycle diagram")
        #expect(
            readme.contains("```mermaid\n" + StateDiagram.mermaid(.scenes) + "```"),
            "regenerate it with: swift run lifecycle diagram --scenes")
    }
}
