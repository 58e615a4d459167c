import Benchmark
import Foundation
import LifecycleCore
import LifecycleTrace

/// The jsonl trace writer beside Foundation's `JSONEncoder` writing the same records, with the same keys, one
/// line each, in the same run: what the writer's templates and byte tables buy over the standard way to make
/// JSON in Swift. The records are those of a simulation of 1,000 random apps and 50,000 random actions under
/// memory pressure (``TraceSample``): every kind of record, details and notes included.
func traceBenchmarks() {
    let sample = TraceSample()
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 20)

    Benchmark(
        "Trace: jsonl writer over a simulation's records", configuration: configuration,
        closure: { _ in
            var buffer = TraceBuffer(capacity: 1 << 24)
            for record in sample.records { JSONLinesTraceWriter<String>.append(record, to: &buffer) }
            blackHole(buffer.count)
        },
        setup: { sample.prepare() })

    Benchmark(
        "Baseline: Foundation JSONEncoder over the same records", configuration: configuration,
        closure: { _ in
            let encoder = JSONEncoder()
            var lines = Data(capacity: 1 << 24)
            for record in sample.encodable {
                lines.append(try! encoder.encode(record))
                lines.append(UInt8(ascii: "\n"))
            }
            blackHole(lines.count)
        },
        setup: { sample.prepare() })
}

/// The records both benchmarks write, made in their setup (not when the benchmarks are listed, which would add
/// them to every other benchmark's memory): those of 1,000 random apps and 50,000 random actions.
final class TraceSample: @unchecked Sendable {
    // Unchecked: package-benchmark runs setup, closure and teardown one after another on one task; nothing
    // here is touched concurrently.
    private(set) var records: [TraceRecord] = []
    private(set) var encodable: [EncodableRecord] = []

    func prepare() {
        guard records.isEmpty else { return }
        records = simulate(apps: 1_000, actions: 50_000, into: CollectingTraceSink()).sink.records
        encodable = records.map(EncodableRecord.init)
    }
}

/// A trace record as `JSONEncoder` writes it: the jsonl trace's keys (docs/trace-format.md), those a record
/// does not have left out. Only the key order and the spelling of numbers differ from the writer's lines.
struct EncodableRecord: Encodable {
    var t: Double
    var kind: String
    var line: Int?
    var app: String?
    var scene: String?
    var from: String?
    var to: String?
    var reason: String?
    var name: String?
    var argument: String?
    var options: [String: String]?
    var expected: String?
    var actual: String?
    var ok: Bool?
    var text: String?
    var identifier: String?
    var `class`: String?
    var success: Bool?

    init(_ record: TraceRecord) {
        t = record.time.inSeconds
        kind = record.kind
        switch record.event {
        case .action(let line, let text):
            (self.line, self.text) = (line, text)
        case .transition(let app, let from, let to, let reason):
            (self.app, self.from, self.to, self.reason) = (app.rawValue, from.rawValue, to.rawValue, reason?.rawValue)
        case .callback(let app, let callback, let detail):
            (self.app, name) = (app.rawValue, callback.rawValue)
            describe(detail)
        case .notification(let app, let notification):
            (self.app, name) = (app.rawValue, notification.rawValue)
        case .sceneTransition(let app, let scene, let from, let to):
            (self.app, self.scene, self.from, self.to) = (app.rawValue, scene.rawValue, from.rawValue, to.rawValue)
        case .sceneCallback(let app, let scene, let callback, let detail):
            (self.app, self.scene, name) = (app.rawValue, scene.rawValue, callback.rawValue)
            describe(detail)
        case .sceneNotification(let app, let scene, let notification):
            (self.app, self.scene, name) = (app.rawValue, scene.rawValue, notification.rawValue)
        case .expect(let line, let app, let expected, let actual):
            (self.line, self.app, self.expected, self.actual) = (line, app.rawValue, expected.rawValue, actual.rawValue)
            ok = expected == actual
        case .expectScene(let line, let scene, let expected, let actual):
            let name = { (state: SceneState?) in state?.rawValue ?? SceneState.disconnectedName }
            (self.line, self.scene, self.expected, self.actual) = (line, scene.rawValue, name(expected), name(actual))
            ok = expected == actual
        case .note(let app, let text):
            (self.app, self.text) = (app?.rawValue, text)
        case .scheduledTask(let app, let identifier, let step):
            (self.app, self.identifier) = (app.rawValue, identifier)
            switch step {
            case .launchHandler(let kind): (name, `class`) = ("launchHandler", kind.className)
            case .expirationHandler: name = "expirationHandler"
            case .completed(let success): (name, self.success) = ("setTaskCompleted", success)
            }
        case .explanation(let text):
            self.text = text
        }
    }

    private mutating func describe(_ detail: CallbackDetail?) {
        switch detail {
        case .launchOptions(let launchOptions):
            options = Dictionary(launchOptions.entries, uniquingKeysWith: { first, _ in first })
        case .connectionOptions(let connectionOptions):
            options = Dictionary(connectionOptions.entries, uniquingKeysWith: { first, _ in first })
        case .argument(let text):
            argument = text
        case nil:
            break
        }
    }
}
