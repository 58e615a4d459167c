import Foundation
import LifecycleCore
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleTrace

/// `--format chrome-trace` (docs/trace-format.md): every built-in scenario's trace as a document Perfetto opens,
/// its lanes tiled, its instants, async work and counters well formed.
@Suite struct ChromeTraceTests {
    /// A batch's output in a format.
    static func output(_ sources: [(file: String, source: String)], format: TraceFormat) -> String {
        var output = ""
        var errors = ""
        _ = ScenarioBatch(format: format).run(
            sources.map { ScenarioBatch.Input(file: $0.file, source: $0.source) }, output: &output, errors: &errors)
        return output
    }

    /// The events of a Chrome trace document, having checked its shape.
    static func events(of document: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(document.utf8))
        let top = try #require(object as? [String: Any])
        #expect(top["displayTimeUnit"] as? String == "ms")
        return try #require(top["traceEvents"] as? [[String: Any]])
    }

    /// Every property docs/trace-format.md promises of a document.
    static func checkProperties(of events: [[String: Any]], _ name: String) {
        var processNames: [Int: String] = [:]
        var laneNames: Set<[Int]> = []
        var spans: [[Int]: [(start: Double, end: Double)]] = [:]
        var openWork: [Int: (name: String, pid: Int, ts: Double)] = [:]
        var endedWork: Set<Int> = []
        for event in events {
            let phase = event["ph"] as? String ?? "?"
            let pid = event["pid"] as? Int ?? -1
            let tid = event["tid"] as? Int ?? -1
            let ts = (event["ts"] as? NSNumber)?.doubleValue ?? -1
            #expect(pid >= 0, "\(name): an event without a pid: \(event)")
            if phase != "M" { #expect(ts >= 0, "\(name): an event without a time: \(event)") }
            switch phase {
            case "M":
                let args = event["args"] as? [String: Any] ?? [:]
                switch event["name"] as? String {
                case "process_name": processNames[pid] = args["name"] as? String
                case "thread_name": laneNames.insert([pid, tid])
                case "process_sort_index", "thread_sort_index": #expect(args["sort_index"] is Int)
                default: Issue.record("\(name): unknown metadata \(event)")
                }
            case "X":
                let duration = (event["dur"] as? NSNumber)?.doubleValue ?? -1
                #expect(duration >= 0, "\(name): \(event)")
                spans[[pid, tid], default: []].append((ts, ts + duration))
            case "i":
                let scope = event["s"] as? String
                #expect(["t", "p", "g"].contains(scope), "\(name): \(event)")
                if scope == "g" { #expect(pid == 0 && tid == 0, "\(name): \(event)") }
                if scope == "t" { #expect(laneNames.contains([pid, tid]), "\(name): an instant on no lane: \(event)") }
            case "b":
                let id = event["id"] as? Int ?? -1
                #expect(openWork[id] == nil && !endedWork.contains(id), "\(name): work \(id) begun twice")
                openWork[id] = (event["name"] as? String ?? "", pid, ts)
            case "e":
                let id = event["id"] as? Int ?? -1
                let begun = openWork.removeValue(forKey: id)
                #expect(begun != nil, "\(name): work \(id) ended, never begun")
                #expect(begun?.name == event["name"] as? String && begun?.pid == pid, "\(name): \(event)")
                #expect(ts >= begun?.ts ?? 0, "\(name): work \(id) ends before it begins")
                endedWork.insert(id)
            case "C":
                let seconds = ((event["args"] as? [String: Any])?["seconds"] as? NSNumber)?.doubleValue ?? -1
                #expect(seconds >= 0, "\(name): \(event)")
            default:
                Issue.record("\(name): an event of no known phase: \(event)")
            }
            if pid != 0 { #expect(processNames[pid] != nil, "\(name): pid \(pid) used before it is named") }
        }
        #expect(openWork.isEmpty, "\(name): work never ended: \(openWork)")
        for (lane, laneSpans) in spans {
            #expect(laneNames.contains(lane), "\(name): states on a lane with no name: \(lane)")
            let sorted = laneSpans.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
            for (earlier, later) in zip(sorted, sorted.dropFirst()) {
                #expect(later.start >= earlier.end, "\(name): states overlap on lane \(lane): \(earlier), \(later)")
            }
        }
    }

    @Test(arguments: BuiltInScenario.all.map(\.name))
    func everyBuiltInScenarioIsAWellFormedDocument(name: String) throws {
        let scenario = try #require(BuiltInScenario.named(name))
        let document = Self.output([("<stdin>", scenario.source)], format: .chromeTrace)
        let events = try Self.events(of: document)
        Self.checkProperties(of: events, name)
        // As many processes as launches, each action line an instant: read from the scenario's own jsonl trace.
        let records = Self.output([("<stdin>", scenario.source)], format: .jsonl).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let launches = records.filter {
            $0["kind"] as? String == "transition" && $0["scene"] == nil && $0["from"] as? String == "notRunning"
        }
        let processes = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "process_name" }
        #expect(processes.count == launches.count, "\(name)")
        let actions = records.filter { $0["kind"] as? String == "action" }.count
        #expect(events.filter { $0["cat"] as? String == "action" }.count == actions, "\(name)")
        let callbacks = records.filter { $0["kind"] as? String == "callback" }.count
        #expect(events.filter { $0["cat"] as? String == "callback" }.count == callbacks, "\(name)")
    }

    /// Random phone use, seeded and reproducible: every document well formed, its lanes tiled, its work balanced,
    /// however the apps launch, die, share the screen and hear notifications.
    @Test(arguments: UInt64(1)...8)
    func randomSessionsAreWellFormedDocuments(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let apps = RandomWorkload.randomApps(count: 6, scenesPercent: 50, notificationsPercent: 40, using: &random)
        let profile = [Profile.ios12, .ios17, .ios26][Int(seed % 3)]
        let simulator = Simulator(phone: Phone(profile: profile, apps: apps), sink: ChromeTraceWriter(output: ""))
        var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
        workload.notifications = true
        workload.drive(simulator, actions: 1_500, labelled: true)
        var writer = simulator.sink
        writer.finish()
        let events = try Self.events(of: writer.output)
        Self.checkProperties(of: events, "seed \(seed)")
        #expect(events.contains { $0["ph"] as? String == "C" }, "seed \(seed) never ran a background budget")
        #expect(events.contains { $0["ph"] as? String == "b" }, "seed \(seed) never held background work")
    }

    @Test func aRelaunchAfterAKillIsANewProcess() throws {
        let events = try Self.events(
            of: Self.output(
                [("s", BuiltInScenario.named("watchdog-did-enter-background")!.source)], format: .chromeTrace))
        let names = events.filter { $0["name"] as? String == "process_name" }
        let kills = events.filter { $0["ph"] as? String == "i" && $0["s"] as? String == "p" }
        #expect(kills.map { $0["name"] as? String } == ["killed by the watchdog"])
        let killed = try #require(kills.first?["pid"] as? Int)
        // Nothing of the killed process comes after its kill: a later launch is another pid.
        let killTime = try #require((kills.first?["ts"] as? NSNumber)?.doubleValue)
        for event in events where event["pid"] as? Int == killed && event["ph"] as? String != "M" {
            let ts = (event["ts"] as? NSNumber)?.doubleValue ?? 0
            let end = ts + ((event["dur"] as? NSNumber)?.doubleValue ?? 0)
            #expect(end <= killTime, "\(event)")
        }
        #expect(Set(names.compactMap { $0["pid"] as? Int }).count == names.count)
    }

    @Test func theBackgroundTimeRunsDownFromTheBudget() throws {
        let source = """
            app uploader background-task=10m ignores-expiration
            tap uploader
            home
            wait 3m
            """
        let events = try Self.events(of: Self.output([("s", source)], format: .chromeTrace))
        let samples = events.filter { $0["ph"] as? String == "C" }.map {
            (
                ts: ($0["ts"] as? NSNumber)?.doubleValue ?? -1,
                seconds: (($0["args"] as? [String: Any])?["seconds"] as? NSNumber)?.doubleValue ?? -1
            )
        }
        // 180 s at Home, falling in ten steps, none at 180 s: the app is killed there.
        #expect(samples.first?.ts == 0 && samples.first?.seconds == 180)
        #expect(samples.last?.ts == 180_000_000 && samples.last?.seconds == 0)
        #expect(samples.count == 11)
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.seconds > $1.seconds && $0.ts < $1.ts })
        let work = events.filter { ["b", "e"].contains($0["ph"] as? String) }
        #expect(work.map { $0["ph"] as? String } == ["b", "e"])
        #expect(work.map { ($0["ts"] as? NSNumber)?.doubleValue } == [0, 180_000_000])
    }

    @Test func severalScriptedTasksEndWhenTheirWorkIsDone() throws {
        let source = """
            app uploader background-task=20s
            tap uploader
            home
            wait 30s
            """
        let events = try Self.events(of: Self.output([("s", source)], format: .chromeTrace))
        let ends = events.filter { $0["ph"] as? String == "e" }
        #expect(ends.map { ($0["ts"] as? NSNumber)?.doubleValue } == [20_000_000])
        let states = events.filter { $0["ph"] as? String == "X" && $0["tid"] as? Int == 1 }.map {
            "\($0["name"] as? String ?? "")@\(($0["ts"] as? NSNumber)?.intValue ?? -1)"
        }
        #expect(states == ["inactive@0", "active@0", "inactive@0", "background@0", "suspended@20000000"])
    }

    @Test func scenesHaveLanesOfTheirOwnAfterTheApps() throws {
        let events = try Self.events(
            of: Self.output([("s", BuiltInScenario.named("ipad-windows")!.source)], format: .chromeTrace))
        let lanes = events.filter { $0["name"] as? String == "thread_name" && $0["pid"] as? Int == 1 }.map {
            "\($0["tid"] as? Int ?? -1) \((($0["args"] as? [String: Any])?["name"] as? String) ?? "")"
        }
        #expect(lanes == ["1 app", "2 notes#1", "3 notes#2"])
    }

    @Test func severalScenariosAreOneDocumentTheirProcessesNamedAfterThem() throws {
        let document = Self.output(
            [
                ("home.scenario", BuiltInScenario.named("home")!.source),
                ("cold-launch.scenario", BuiltInScenario.named("cold-launch")!.source),
            ], format: .chromeTrace)
        let events = try Self.events(of: document)
        Self.checkProperties(of: events, "two scenarios")
        let names = events.filter { $0["name"] as? String == "process_name" }.map {
            "\($0["pid"] as? Int ?? -1) \((($0["args"] as? [String: Any])?["name"] as? String) ?? "")"
        }
        #expect(names == ["1 notes (home)", "2 notes (cold-launch)"])
    }

    @Test func anEmptyTraceIsAWholeDocument() throws {
        var writer = ChromeTraceWriter(output: "")
        writer.finish()
        #expect(try Self.events(of: writer.output).isEmpty)
        #expect([TraceRecord]().printed(as: .chromeTrace) == writer.output)
    }

    @Test func aStreamedRunIsAWholeDocumentEvenWhenItStopsAtAMistake() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrome-\(UUID()).json").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { unlink(path) }
        var errors = ""
        let source = "app notes\ntap notes\nhome\ntap nobody\n"
        let outcome = try ScenarioBatch(format: .chromeTrace).stream(
            ScenarioBatch.Input(file: "s", source: source), descriptor: descriptor, errors: &errors)
        close(descriptor)
        #expect(outcome == .invalidInput)
        let events = try Self.events(of: String(contentsOfFile: path, encoding: .utf8))
        Self.checkProperties(of: events, "streamed")
        #expect(events.filter { $0["cat"] as? String == "action" }.count == 2)
    }

    @Test func microsecondsAreExact() {
        for (duration, text) in [
            (Duration.zero, "0"), (.milliseconds(1), "1000"), (.seconds(2), "2000000"), (.nanoseconds(1500), "1.5"),
            (.seconds(1) + .nanoseconds(1), "1000000.001"),
            (Simulator<DiscardingTraceSink>.endOfTime, "1" + String(repeating: "0", count: 21)),
        ] {
            var buffer = TraceBuffer()
            buffer.append(microseconds: duration)
            #expect(buffer.text == text)
        }
    }
}
