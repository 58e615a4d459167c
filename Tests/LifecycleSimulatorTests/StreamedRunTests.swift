import Foundation
import LifecycleCore
import TestSupport
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleTrace

/// `lifecycle run` reads a file a piece at a time and runs it once, holding its trace back until the whole file
/// has checked: these tests hold it to what reading the whole file first gave.
@Suite struct StreamedRunTests {
    /// Runs a source through the batch, as `lifecycle run` does.
    static func run(
        _ source: ScenarioSource, format: TraceFormat = .text, file: String = "s.scenario",
        spoolMemoryLimit: Int = TraceSpool.defaultMemoryLimit
    ) -> (outcome: ScenarioBatch.Outcome, output: String, errors: String) {
        var output = ""
        var errors = ""
        var batch = ScenarioBatch(format: format)
        batch.spoolMemoryLimit = spoolMemoryLimit
        let outcome = batch.run(
            [ScenarioBatch.Input(file: file, source: source)], output: &output, errors: &errors)
        return (outcome, output, errors)
    }

    @Test func aFileRunsAsItsTextDoes() throws {
        let text = LoadScenario(apps: 30, rounds: 200).source
        let file = try TemporaryFile(text)
        for format in [TraceFormat.text, .jsonl] {
            let streamed = Self.run(.file(descriptor: file.descriptor), format: format)
            let whole = Self.run(.text(text), format: format)
            #expect(streamed.outcome == .success)
            #expect(streamed.output == whole.output)
            #expect(streamed.output.utf8.count > 50_000)
        }
    }

    @Test func anAppDeclaredLateWidensTheTextTraceFromItsFirstLine() throws {
        let text = "app a\ntap a\nhome\napp a-rather-long-name\ntap a-rather-long-name\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor))
        #expect(result.outcome == .success, "\(result.errors)")
        let scenario = try ScenarioRunner.load(text, file: "s.scenario")
        var whole = TextTraceWriter(output: "", apps: scenario.apps.map(\.id), colours: false)
        try ScenarioRunner.run(scenario, into: &whole)
        #expect(result.output == whole.output)
        #expect(result.output.contains("       0s   a                  notRunning → inactive\n"))
    }

    @Test func aMistakeOnTheLastLinePrintsNoTrace() throws {
        let text = LoadScenario(apps: 5, rounds: 500).source + "tap nobody\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor))
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("s.scenario:\(text.split(separator: "\n").count):5: error: app 'nobody'"))
    }

    @Test func anImpossibleActionLateInALongFilePrintsNoTrace() throws {
        let text = LoadScenario(apps: 5, rounds: 500).source + "pick app1\n"
        let file = try TemporaryFile(text)
        let result = Self.run(.file(descriptor: file.descriptor), format: .jsonl)
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.contains("'pick app1' is impossible here"))
        #expect(result.errors.contains("\n     | pick app1\n") || result.errors.contains("| pick app1"))
    }

    @Test func syntaxMistakesComeBeforeAnEarlierImpossibleAction() throws {
        let text = "app a\npick a\ntap b\nfrobnicate\n"
        let result = Self.run(.text(text))
        #expect(result.outcome == .invalidInput)
        #expect(result.errors.contains("s.scenario:3:5: error: app 'b' is not declared"))
        #expect(result.errors.contains("s.scenario:4:1: error: unknown command 'frobnicate'"))
        #expect(!result.errors.contains("impossible"))
    }

    @Test func aRequirementUnmetByTheProfileStopsTheRunAndIsReported() throws {
        let text = "profile ios12\napp a\ntap a\napp b scenes\ntap b\n"
        let result = Self.run(.text(text))
        #expect(result.outcome == .invalidInput)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("s.scenario:4:7: error: 'scenes' (a scene-based app) needs iOS 13 or later"))
    }

    @Test func failedExpectationsFollowTheirOwnFilesTrace() throws {
        var output = ""
        var errors = ""
        let inputs = [
            ScenarioBatch.Input(file: "one", source: "app a\ntap a\nexpect a background\n", heading: "one"),
            ScenarioBatch.Input(file: "two", source: "app b\ntap b\n", heading: "two"),
        ]
        let outcome = ScenarioBatch(format: .jsonl).run(inputs, output: &output, errors: &errors)
        #expect(outcome == .expectationFailed)
        #expect(errors == "one:3:1: expectation failed: expected a to be background, but it is active\n")
        #expect(output.contains(#""text":"one""#) && output.contains(#""text":"two""#))
    }

    @Test func aLongTraceGoesThroughTheSpoolsFileUnchanged() throws {
        let text = LoadScenario(apps: 50, rounds: 300).source
        let streamed = Self.run(.text(text), format: .jsonl, spoolMemoryLimit: 10_000)
        #expect(streamed.output.utf8.count > 100_000)
        var collected = CollectingTraceSink()
        let scenario = try ScenarioRunner.load(text, file: "s")
        try ScenarioRunner.run(scenario, into: &collected)
        let expected = collected.records.map { JSONLinesTraceWriter<String>.line(for: $0) + "\n" }.joined()
        #expect(streamed.output == expected)
    }
}
