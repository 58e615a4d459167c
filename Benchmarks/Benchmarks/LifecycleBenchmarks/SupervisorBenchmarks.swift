import Benchmark
import Foundation
import LifecycleCore
import LifecycleSupervisor
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

/// The supervisor's costs on real processes and sockets, each beside a baseline measured in the same run:
/// freezing and thawing a process (beside a bare `kill(pid, 0)`), a callback's round trip through the
/// protocol (beside a one-byte ping-pong on the same socket), and the memory policy's decision on a phone of
/// 500 apps (beside the dispatch hop that brings it the kernel's trigger).
func supervisorBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 2_000)

    for (name, program) in [("idle", ["/bin/sleep", "100000"]), ("busy", ["/bin/sh", "-c", "while :; do :; done"])] {
        for freezer in [CgroupFreezer.make() as (any Freezer)?, SignalFreezer()].compactMap({ $0 }) {
            let process = BenchmarkedProcess(program: program, app: "bench-\(name)", freezer: freezer)
            Benchmark(
                "Freeze a \(name) process (\(freezer.name))", configuration: configuration,
                closure: { benchmark in
                    benchmark.startMeasurement()
                    blackHole(freezer.freeze(process.pid, app: process.app))
                    benchmark.stopMeasurement()
                    freezer.thaw(process.pid, app: process.app)
                },
                setup: { try process.start() }, teardown: { process.stop() })
            Benchmark(
                "Thaw a \(name) process (\(freezer.name))", configuration: configuration,
                closure: { benchmark in
                    _ = freezer.freeze(process.pid, app: process.app)
                    benchmark.startMeasurement()
                    freezer.thaw(process.pid, app: process.app)
                    // Thawed means running again: wait until the kernel says so.
                    while freezer.isFrozen(process.pid, app: process.app) {}
                    benchmark.stopMeasurement()
                },
                setup: { try process.start() }, teardown: { process.stop() })
        }
    }

    Benchmark("Baseline: kill(pid, 0)", configuration: configuration) { _ in
        blackHole(kill(getpid(), 0))
    }

    // A callback's round trip: the supervisor's side sends `call`, an app thread answers `returned`.
    var pair: [Int32] = [0, 0]
    var supervisorSide: MessageChannel<FromApp, ToApp>?
    Benchmark(
        "Callback round trip (JSON over a Unix socket, app on another thread)", configuration: configuration,
        closure: { _ in
            try? supervisorSide?.send(.call(id: 1, callback: .didBecomeActive, scene: nil, detail: nil))
            blackHole(try? supervisorSide?.receive())
        },
        setup: {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair)
            supervisorSide = MessageChannel(descriptor: pair[0])
            let app = MessageChannel<ToApp, FromApp>(descriptor: pair[1])
            Thread.detachNewThread {
                while let message = try? app.receive() {
                    if case .call(let id, _, _, _) = message { try? app.send(.returned(id: id, answer: nil)) }
                }
            }
        },
        teardown: { supervisorSide?.close() })

    var pingPong: [Int32] = [0, 0]
    Benchmark(
        "Baseline: one-byte ping-pong on a Unix socket (another thread)", configuration: configuration,
        closure: { _ in
            var byte: UInt8 = 1
            _ = send(pingPong[0], &byte, 1, 0)
            blackHole(recv(pingPong[0], &byte, 1, 0))
        },
        setup: {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pingPong)
            let other = pingPong[1]
            Thread.detachNewThread {
                var byte: UInt8 = 0
                while recv(other, &byte, 1, 0) == 1 { _ = send(other, &byte, 1, 0) }
            }
        },
        teardown: { close(pingPong[0]) })

    // The memory policy's decision when the kernel reports pressure: 500 apps, half of them suspended.
    var phone = Phone(deviceMemory: 1 << 20, apps: [])
    Benchmark(
        "Memory pressure decision, 500 apps (250 suspended)", configuration: configuration,
        closure: { benchmark in
            var copy = phone
            benchmark.startMeasurement()
            blackHole(try? copy.perform(.memoryPressure(count: 1)))
        },
        setup: {
            phone = Phone(deviceMemory: 1 << 20, apps: (0..<500).map { AppConfiguration(id: AppID("app\($0)")) })
            for index in 0..<250 {
                _ = try? phone.perform(.tap(AppID("app\(index)")))
                _ = try? phone.perform(.home)
            }
        })

    let hop = DispatchQueue(label: "bench.hop")
    Benchmark("Baseline: a dispatch hop to a queue and back", configuration: configuration) { _ in
        hop.sync { blackHole(0) }
    }
}

/// A process the freeze and thaw benchmarks stop and restart: started in its own group by the benchmark's
/// setup, killed and reaped by its teardown.
private final class BenchmarkedProcess {
    let program: [String]
    let app: String
    let freezer: any Freezer
    private(set) var pid: pid_t = 0

    init(program: [String], app: String, freezer: any Freezer) {
        self.program = program
        self.app = app
        self.freezer = freezer
    }

    func start() throws {
        pid = try ManagedProcess.spawnProcess(
            executable: program[0], arguments: Array(program.dropFirst()), environment: [:], output: nil
        ).get()
        freezer.adopt(pid, app: app)
    }

    func stop() {
        freezer.kill(pid, app: app)
        waitpid(pid, nil, 0)
        freezer.release(app: app)
    }
}
