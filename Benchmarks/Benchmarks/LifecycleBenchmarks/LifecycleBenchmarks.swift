import Benchmark
import LifecycleCore
import LifecycleSimulator
import LifecycleTrace

/// A trace sink that formats every record as a jsonl line and counts the bytes, keeping none: the cost of
/// streaming a trace, without the cost of a terminal.
struct StreamedTrace: TraceSink {
    var bytes = 0
    mutating func write(_ record: TraceRecord) {
        bytes += JSONLinesTraceWriter<String>.line(for: record).utf8.count + 1
    }
}

/// Runs `actions` random actions on a phone of `apps` random apps with 2 GB of memory, so that launches keep
/// needing room and memory pressure terminates apps all along.
func simulate<Sink: TraceSink>(
    apps count: Int, actions: Int, scenesPercent: Int = 0, profile: Profile = .ios12, into sink: Sink
) -> Simulator<Sink> {
    var random = SplitMix64(seed: 2026)
    let apps = RandomWorkload.randomApps(count: count, scenesPercent: scenesPercent, using: &random)
    let simulator = Simulator(phone: Phone(profile: profile, deviceMemory: 2048, apps: apps), sink: sink)
    var workload = RandomWorkload(seed: 11, apps: apps.map(\.id))
    workload.drive(simulator, actions: actions)
    return simulator
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1)
    supervisorBenchmarks()
    supervisorLoadBenchmarks()
    runBenchmarks()
    checkBenchmarks()
    coreBenchmarks()
    traceBenchmarks()
    explorerBenchmarks()
    shrinkingBenchmarks()

    // The per-app state machine alone: a whole life, 11 events, over and over.
    Benchmark(
        "AppLifecycle events",
        configuration: .init(
            metrics: [.throughput, .wallClock, .instructions], scalingFactor: .mega, maxDuration: .seconds(5))
    ) { benchmark in
        let life: [AppLifecycle.Event] = [
            .launch, .becomeActive, .resignActive, .enterBackground, .suspend, .resume, .enterForeground,
            .becomeActive, .resignActive, .enterBackground, .terminate,
        ]
        var machine = AppLifecycle()
        var changes = 0
        for iteration in benchmark.scaledIterations {
            if machine.handle(life[iteration % life.count]) != nil { changes += 1 }
        }
        blackHole(changes)
        blackHole(machine)
    }

    // The whole phone: 10,000 apps, 1,000,000 random user actions, with memory pressure throughout.
    for actions in [250_000, 1_000_000] {
        Benchmark(
            "Simulator 10,000 apps, \(actions) actions",
            configuration: .init(maxDuration: .seconds(30), maxIterations: 3)
        ) { _ in
            blackHole(simulate(apps: 10_000, actions: actions, into: DiscardingTraceSink()).now)
        }
    }

    // The same on iOS 17, half the apps scene-based: the scene life cycle's cost.
    Benchmark(
        "Simulator 10,000 apps (half scene-based, iOS 17), 1000000 actions",
        configuration: .init(maxDuration: .seconds(30), maxIterations: 3)
    ) { _ in
        blackHole(
            simulate(apps: 10_000, actions: 1_000_000, scenesPercent: 50, profile: .ios17, into: DiscardingTraceSink())
                .now)
    }

    Benchmark(
        "Simulator 10,000 apps, 1000000 actions, jsonl streamed",
        configuration: .init(maxDuration: .seconds(60), maxIterations: 2)
    ) { _ in
        blackHole(simulate(apps: 10_000, actions: 1_000_000, into: StreamedTrace()).sink.bytes)
    }
}
