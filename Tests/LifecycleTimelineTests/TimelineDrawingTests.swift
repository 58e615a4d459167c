import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleTimeline
import LifecycleTrace
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `lifecycle timeline`'s picture (docs/trace-format.md): rows, spans, ticks, work, marks and an axis, as SVG that
/// any XML reader takes, for a short scenario and a long one.
@Suite struct TimelineDrawingTests {
    /// A scenario's timeline, as the command records it.
    static func timeline(_ source: String) throws -> Timeline {
        let scenario = try ScenarioRunner.load(source, file: "s")
        var recorder = TimelineRecorder()
        try ScenarioRunner.run(scenario, into: &recorder)
        return recorder.finish()
    }

    /// The SVG's elements, having parsed it as XML.
    static func elements(of svg: String) throws -> [(name: String, attributes: [String: String], text: String)] {
        final class Reader: NSObject, XMLParserDelegate {
            var elements: [(name: String, attributes: [String: String], text: String)] = []
            var open: [Int] = []
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                elements.append((name, attributes, ""))
                open.append(elements.count - 1)
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if let last = open.last { elements[last].text += string }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                open.removeLast()
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "the SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return reader.elements
    }

    @Test func aShortScenarioHasItsRowsStatesTicksAndMarks() throws {
        let timeline = try Self.timeline(
            """
            app stubborn background-task=10m ignores-expiration
            tap stubborn
            home
            wait 3m
            """)
        #expect(timeline.rows.map(\.name) == ["stubborn", "background"])
        let states = timeline.rows[0].spans.map(\.state)
        #expect(states == ["inactive", "active", "inactive", "background"])
        #expect(timeline.marks.filter { $0.kind == .end }.map(\.text) == ["killed: background time used up"])
        #expect(timeline.marks.filter { $0.kind == .action }.map(\.text) == ["tap stubborn", "home", "wait 3m"])
        let work = try #require(timeline.work["stubborn"])
        #expect(Set(work.map(\.category)) == ["background task", "background time"])
        let budget = try #require(work.first { $0.deadline != nil })
        #expect(budget.deadline == .seconds(180) && budget.end.time == .seconds(180))

        let svg = TimelineDrawing(width: 900).svg([(nil, timeline)])
        let elements = try Self.elements(of: svg)
        #expect(elements.first?.name == "svg" && elements.first?.attributes["width"] == "900")
        let titles = elements.filter { $0.name == "title" }.map(\.text)
        #expect(titles.contains { $0.contains("applicationDidEnterBackground:") })
        #expect(titles.contains { $0.contains("killed: background time used up at 180s") })
        #expect(titles.contains { $0.hasPrefix("background  0s – 180s") })
        // The background time: a bar running down, from full height at Home to nothing at 180 s.
        #expect(elements.contains { $0.name == "path" && $0.attributes["class"] == "budget" })
        // The axis reaches 3 minutes.
        #expect(elements.filter { $0.attributes["class"] == "axis" }.map(\.text).contains("3m"))
    }

    @Test func whatHappensAtOneInstantIsOpenedOutInOrder() throws {
        let timeline = try Self.timeline("app notes\ntap notes\n")
        // All at 0 s, yet each state has a width of its own, in the order they came.
        let spans = timeline.rows[0].spans
        #expect(spans.map(\.state) == ["inactive", "active"])
        #expect(spans.allSatisfy { $0.start.time == .zero })
        #expect(spans[0].start < spans[0].end && spans[0].end <= spans[1].start)
        let svg = TimelineDrawing().svg([(nil, timeline)])
        let rects = try Self.elements(of: svg).filter { $0.name == "rect" && $0.attributes["fill"] != nil }
        let widths = rects.filter {
            $0.attributes["fill"]!.contains("--active") || $0.attributes["fill"]!.contains("--inactive")
        }
        .compactMap { Double($0.attributes["width"] ?? "") }
        #expect(widths.count >= 2 && widths.allSatisfy { $0 >= 10 })
    }

    @Test func severalScenariosAreDrawnOneUnderTheOtherUnderTheirTitles() throws {
        let first = try Self.timeline(BuiltInScenario.named("home")!.source)
        let second = try Self.timeline(BuiltInScenario.named("scene-cold-launch")!.source)
        let elements = try Self.elements(of: TimelineDrawing().svg([("home", first), ("scene-cold-launch", second)]))
        let texts = elements.filter { $0.name == "text" }.map(\.text)
        #expect(texts.contains("home") && texts.contains("scene-cold-launch") && texts.contains("notes#1"))
    }

    @Test func aLongScenarioStaysAPictureOfItsWidth() throws {
        let source = LoadScenario(apps: 20, rounds: 2_000).joined(separator: "\n")
        let timeline = try Self.timeline(source)
        #expect(timeline.recordTimes.count > 10_000)
        let svg = TimelineDrawing(width: 1000).svg([(nil, timeline)])
        let elements = try Self.elements(of: svg)
        // Ticks and spans collapse to at most about one per pixel of each row.
        let rows = timeline.rows.count
        #expect(elements.filter { $0.name == "line" && $0.attributes["class"] == "tick" }.count <= rows * 300)
        #expect(elements.filter { $0.name == "rect" }.count <= rows * 900)
        #expect(svg.utf8.count < 4_000_000)
    }

    @Test func everyBuiltInScenarioDrawsAsWellFormedXML() throws {
        for scenario in BuiltInScenario.all {
            let svg = TimelineDrawing(width: 700).svg([(scenario.name, try Self.timeline(scenario.source))])
            _ = try Self.elements(of: svg)
        }
    }

    /// The README's picture is the command's drawing of the README's tour: a stale one fails here (draw it again
    /// with `lifecycle timeline tour.scenario -o docs/images/timeline-tour.svg`).
    @Test func theReadmesPictureIsTheCommandsDrawingOfTheTour() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "Write a scenario: one command a line"))
        let open = try #require(readme[marker.upperBound...].range(of: "```\n"))
        let close = try #require(readme[open.upperBound...].range(of: "```\n"))
        let tour = String(readme[open.upperBound..<close.lowerBound])
        let picture = try String(
            contentsOf: root.appendingPathComponent("docs/images/timeline-tour.svg"), encoding: .utf8)
        #expect(picture == TimelineDrawing().svg([(nil, try Self.timeline(tour))]))
        #expect(readme.contains("](docs/images/timeline-tour.svg)"))
    }

    @Test func textIsEscaped() throws {
        let timeline = try Self.timeline("app notes\ntap notes\nopen-url notes notes://a?b=<1>&c=\"2\"\n")
        let elements = try Self.elements(of: TimelineDrawing().svg([("a <title> & more", timeline)]))
        #expect(elements.contains { $0.text == "a <title> & more" })
        #expect(elements.contains { $0.name == "title" && $0.text.contains("open-url notes notes://a?b=<1>&c=\"2\"") })
    }
}
