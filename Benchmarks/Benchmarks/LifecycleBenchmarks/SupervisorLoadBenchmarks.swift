import Benchmark
import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleSupervisor
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// 500 real app processes under one supervisor on this machine: the time to take every app through launch,
/// background and suspension (beside starting and ending the same binary 500 times), then the supervisor's CPU
/// and memory while they all sit suspended.
func supervisorLoadBenchmarks() {
    let count = 500
    let app = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("SupervisedApp").path
    let idleCPU = BenchmarkMetric.custom("Idle CPU (per mille of a core)")
    let supervisorMemory = BenchmarkMetric.custom("Supervisor's memory (MB)")
    let appMemory = BenchmarkMetric.custom("One app's memory (MB)")
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, idleCPU, supervisorMemory, appMemory], timeUnits: .milliseconds,
        maxDuration: .seconds(600), maxIterations: 3)

    Benchmark(
        "Baseline: start and end the app's binary \(count) times",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(300), maxIterations: 3)
    ) { _ in
        for _ in 0..<count {
            guard
                let pid = try? ManagedProcess.spawnProcess(
                    executable: app, arguments: ["--exit"], environment: [:], output: nil
                ).get()
            else { fatalError("cannot start \(app)") }
            waitpid(pid, nil, 0)
        }
    }

    Benchmark(
        "Supervisor: \(count) apps each launched, sent Home and suspended", configuration: configuration
    ) { benchmark in
        let before = residentMegabytes()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-load-\(getpid())").path
        let apps = (0..<count).map { "app app\($0) executable=\(app)" }
        let device = try DeviceDescription.parse(
            (["profile ios17", "device memory=64GB"] + apps).joined(separator: "\n"), file: "load.lifecycle",
            folder: "/")
        var logger = Logger(label: "lifecycle.supervisor")
        logger.logLevel = .warning
        let supervisor = Supervisor(
            device: device, infos: [:],
            options: .init(socketFolder: folder, outputFolder: folder, pressureTriggers: []),
            logger: logger, record: { _ in })
        try supervisor.start()
        defer { supervisor.stop() }

        benchmark.startMeasurement()
        for index in 0..<count {
            for action in ["tap app\(index)", "home"] {
                let answer = try ControlClient.send(ControlClient.action(action), socketFolder: folder)
                guard answer.last == "ok" else { fatalError("\(action): \(answer.joined(separator: "\n"))") }
            }
        }
        while try frozenApps(folder) < count { usleep(1000) }
        benchmark.stopMeasurement()

        // Every app suspended: what the supervisor costs while nothing happens.
        let start = processorTime()
        sleep(5)
        benchmark.measurement(idleCPU, Int((processorTime() - start) / 5 * 1000))
        benchmark.measurement(supervisorMemory, residentMegabytes() - before)
        benchmark.measurement(appMemory, try appsResidentMegabytes(folder) / count)
    }
}

/// How many apps the supervisor reports frozen.
private func frozenApps(_ folder: String) throws -> Int {
    try ControlClient.send("status\n", socketFolder: folder).filter { $0.hasSuffix("  frozen") }.count
}

/// The sum of the apps' footprints the supervisor reports, in megabytes.
private func appsResidentMegabytes(_ folder: String) throws -> Int {
    try ControlClient.send("status\n", socketFolder: folder).compactMap { line in
        line.components(separatedBy: "  ").first { $0.hasSuffix(" MB") }.flatMap { Int($0.dropLast(3)) }
    }.reduce(0, +)
}

/// The processor time this process has used, user and system, in seconds.
private func processorTime() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}

/// This process's resident memory, in megabytes.
private func residentMegabytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1 << 20)
}
