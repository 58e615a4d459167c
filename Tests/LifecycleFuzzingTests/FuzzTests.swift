import Foundation
import LifecycleFuzzing
import Testing

@testable import LifecycleScenario

/// A short, fixed-seed pass of the mutation fuzzer over the built-in scenarios and the golden traces and log
/// fixtures: every broken input is answered with a result or a located error, never a trap. The long,
/// coverage-guided runs are scripts/fuzz (libFuzzer); what they found is in the README.
@Suite struct FuzzTests {
    /// The folder of the test targets: the golden traces and the logs are fixtures of the simulator's and the
    /// checker's tests.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func files(in subfolder: String) throws -> [String] {
        let directory = folder.appendingPathComponent(subfolder)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path }
            .map { try String(contentsOf: $0, encoding: .utf8) }
    }

    @Test func theScenarioLanguageTakesAnyBytes() {
        let found = (try? Self.files(in: "LifecycleFuzzingTests/Corpus/scenario")) ?? []
        #expect(!found.isEmpty)
        var mutator = SeededMutator(seed: 2026_11_22, corpus: BuiltInScenario.all.map(\.source) + found)
        for _ in 0..<1_500 {
            let input = mutator.next()
            let result = input.withUnsafeBytes { FuzzTarget.scenario($0) }
            #expect(result.isWellFormed, "\(String(decoding: input, as: UTF8.self))")
        }
    }

    @Test func theLogCheckerTakesAnyBytes() throws {
        let corpus =
            try Self.files(in: "LifecycleSimulatorTests/Golden") + Self.files(in: "LifecycleCheckTests/Logs")
            + Self.files(in: "LifecycleCheckTests/Logs/unified") + Self.files(in: "LifecycleFuzzingTests/Corpus/check")
        var mutator = SeededMutator(seed: 2026_11_22, corpus: corpus)
        for _ in 0..<400 {
            let input = mutator.next()
            let result = input.withUnsafeBytes { FuzzTarget.logCheck($0) }
            #expect(result.isWellFormed)
        }
    }
}
