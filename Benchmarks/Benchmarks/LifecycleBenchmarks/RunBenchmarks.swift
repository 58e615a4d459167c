import Benchmark
import Foundation
import LifecycleScenario
import LifecycleSimulator
import LifecycleTrace

#if canImport(Glibc)
    import Glibc
#endif

/// `lifecycle run` end to end — read a scenario file, check and simulate it once, write its trace to a file —
/// beside `cat` copying the same trace to a file in the same run: the ratio is the figure that holds on a noisy
/// machine. The scenario is ``LoadScenario``: 2,000 apps and 60,000 rounds of everyday use (about 230,000 lines,
/// 1.4 million trace records).
func runBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .instructions, .peakMemoryResident], timeUnits: .milliseconds,
        maxDuration: .seconds(60), maxIterations: 7)
    let files = BenchmarkFiles()

    // Chrome trace events beside jsonl in the same run: their ratio is the figure of docs/benchmarks.md (within 2x).
    for format in [TraceFormat.jsonl, .text, .chromeTrace] {
        Benchmark(
            "Run: 2,000 apps, 60,000 rounds, \(format.rawValue) to a file", configuration: configuration,
            closure: { _ in
                blackHole(files.run(files.scenario(rounds: 60_000), format: format, to: files.output))
            },
            setup: { files.prepare(rounds: 60_000) })
        Benchmark(
            "Baseline: cat of that \(format.rawValue) trace to a file", configuration: configuration,
            closure: { _ in blackHole(files.cat(files.trace(rounds: 60_000, format: format), to: files.output)) },
            setup: { files.prepare(rounds: 60_000, trace: format) })
    }

    // Memory flat in the length of the scenario: the same run, 24 times longer (the trace to /dev/null).
    for rounds in [10_000, 240_000] {
        for format in [TraceFormat.jsonl, .chromeTrace] {
            Benchmark(
                "Run memory: 2,000 apps, \(rounds) rounds, \(format.rawValue)",
                configuration: .init(
                    metrics: [.peakMemoryResident, .wallClock], timeUnits: .milliseconds, maxDuration: .seconds(60),
                    maxIterations: 3),
                closure: { _ in blackHole(files.run(files.scenario(rounds: rounds), format: format, to: "/dev/null")) },
                setup: { files.prepare(rounds: rounds) })
        }
    }
}

/// The files the run benchmarks read and write, made once in a temporary folder.
final class BenchmarkFiles: @unchecked Sendable {
    // Unchecked: package-benchmark runs setup, closure and teardown one after another on one task; nothing
    // here is touched concurrently.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-benchmarks")
    var output: String { folder.appendingPathComponent("output").path }

    func scenario(rounds: Int) -> String { folder.appendingPathComponent("load-\(rounds).scenario").path }

    func trace(rounds: Int, format: TraceFormat) -> String {
        folder.appendingPathComponent("load-\(rounds).\(format.rawValue)").path
    }

    /// Writes the scenario (and its trace) unless an earlier run did.
    func prepare(rounds: Int, trace format: TraceFormat? = nil) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = scenario(rounds: rounds)
        if !FileManager.default.fileExists(atPath: path) {
            let text = LoadScenario(rounds: rounds).source
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        }
        if let format, !FileManager.default.fileExists(atPath: trace(rounds: rounds, format: format)) {
            _ = run(path, format: format, to: trace(rounds: rounds, format: format))
        }
    }

    /// Runs a scenario file as `lifecycle run --format FORMAT FILE > OUTPUT` does.
    func run(_ scenario: String, format: TraceFormat, to output: String) -> ScenarioBatch.Outcome {
        let input = open(scenario, O_RDONLY)
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer {
            close(input)
            close(descriptor)
        }
        var errors = ""
        do {
            return try ScenarioBatch(format: format).run(
                [ScenarioBatch.Input(file: scenario, source: .file(descriptor: input))], descriptor: descriptor,
                errors: &errors)
        } catch {
            // A benchmark whose trace cannot be written measures nothing: stop with why.
            fatalError("the trace cannot be written to \(output): \(error)")
        }
    }

    /// `cat FILE > OUTPUT`, the real program.
    func cat(_ file: String, to output: String) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cat")
        process.arguments = [file]
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        try? process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
