import Foundation
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator

/// The README's traces and messages, and the table of docs/scenarios.md, are what the code gives: a stale one fails
/// here.
@Suite struct ReadmeTraceTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// The plain code blocks (```) that follow a line containing `marker`.
    static func block(after marker: String) -> String? {
        guard let start = readme.range(of: marker) else { return nil }
        let rest = readme[start.upperBound...]
        guard let open = rest.range(of: "```\n") else { return nil }
        let body = rest[open.upperBound...]
        return body.range(of: "```\n").map { String(body[..<$0.lowerBound]) }
    }

    @Test func theTourTraceIsTheCommandsOutput() throws {
        let scenario = try #require(Self.block(after: "Write a scenario: one command a line"))
        let shown = try #require(Self.block(after: "The end of it:"))
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch().run(
            [.init(file: "tour.scenario", source: scenario)], output: &output, errors: &errors)
        #expect(outcome == .success)
        #expect(output.hasSuffix(shown), "the README's tour trace is stale:\n\(output)")
    }

    @Test func theErrorExampleIsTheCommandsMessage() throws {
        let shown = try #require(Self.block(after: "swipes a card with the switcher closed:"))
        var output = ""
        var errors = ""
        _ = ScenarioBatch().run(
            [.init(file: "mistake.scenario", source: "app notes\ntap notes\nswipe notes\n")], output: &output,
            errors: &errors)
        #expect(errors == shown)
    }

    @Test func theScenarioTableIsTheBuiltInScenarios() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/scenarios.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let expected = BuiltInScenario.all.map { "| `\($0.name)` | \($0.summary) |" }
        #expect(rows.map(String.init) == expected)
    }

    /// The README stays for users: within 400 lines.
    @Test func theReadmeIsShort() {
        #expect(Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 400)
    }

    @Test func theReadmeLinksOnlyIntoTheRepository() {
        let links = Self.readme.matches(of: /\]\(([^)]+)\)/).map { String($0.output.1) }
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { !$0.contains("://") && !$0.hasPrefix("..") }, "\(links)")
    }
}
