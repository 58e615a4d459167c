import Dispatch
import Foundation
import LifecycleCore
import LifecycleScenario
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

/// The supervisor's control socket: `lifecycle ctl` sends a request a connection, one line (and, to play a
/// scenario, the file's lines after it), and reads the answer's lines, the last of which is `ok`, `failed N`
/// or `error` (docs/supervisor.md).
///
/// | request | answer |
/// | --- | --- |
/// | `status` | a line per app: state, pid, scene, memory, whether the kernel has it frozen |
/// | `do LINE` | performs a line of the scenario language (`tap notes`, `home`, `memory-pressure 1`) |
/// | `play FILE`, the file's lines, `.` | plays a scenario on the real phone: `wait` in real time, `expect` checked |
///
/// `@unchecked Sendable`: the listening descriptor is set once before use; each client is served on a
/// thread of its own, and every touch of the phone hops onto the supervisor's queue.
final class ControlServer: @unchecked Sendable {
    private unowned let supervisor: Supervisor
    private var listener: Int32 = -1
    private var source: (any DispatchSourceRead)?
    private let clients = DispatchQueue(label: "lifecycle.control", attributes: .concurrent)

    init(supervisor: Supervisor) {
        self.supervisor = supervisor
    }

    func start(at path: String) throws {
        listener = try UnixSocket.listen(at: path)
        let source = DispatchSource.makeReadSource(fileDescriptor: listener, queue: clients)
        source.setEventHandler { [weak self] in self?.acceptClient() }
        source.resume()
        self.source = source
    }

    func stop() {
        source?.cancel()
        close(listener)
    }

    private func acceptClient() {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        clients.async { [self] in
            let connection = LineConnection(descriptor: descriptor)
            defer { connection.close() }
            guard let request = connection.readLine() else { return }
            serve(request, on: connection)
        }
    }

    private func serve(_ request: String, on connection: LineConnection) {
        let words = request.split(separator: " ", maxSplits: 1)
        switch words.first {
        case "status":
            for line in supervisor.queue.sync(execute: { status() }) { connection.write(line) }
            connection.write("ok")
        case "do" where words.count == 2:
            for line in perform(line: String(words[1])) { connection.write(line) }
        case "play" where words.count == 2:
            var lines: [String] = []
            while let line = connection.readLine(), line != "." { lines.append(line) }
            play(file: String(words[1]), source: lines.joined(separator: "\n"), on: connection)
        default:
            connection.write("error: expected status, do LINE or play FILE, found '\(request.prefix(60))'")
        }
    }

    /// One line per app: `notes  active  pid 1234  scene foregroundActive  42 MB  running`.
    private func status() -> [String] {
        let phone = supervisor.phone
        let width = phone.appIDs.map(\.rawValue.count).max() ?? 0
        var lines = ["freezer: \(supervisor.freezer.name)"]
        for app in phone.appIDs {
            let state = phone.state(of: app)?.rawValue ?? "?"
            let process = supervisor.processes[app]
            let pid = process.map { "pid \($0.pid)" } ?? "no process"
            let frozen =
                process.map { supervisor.freezer.isFrozen($0.pid, app: app.rawValue) ? "frozen" : "running" } ?? "-"
            let scene = phone.sceneState(of: app).map { "scene \($0.rawValue)" } ?? "no scene"
            let memory = "\(phone.footprint(of: app) ?? 0) MB"
            lines.append(
                [app.rawValue.padding(toLength: width, withPad: " ", startingAt: 0), state, pid, scene, memory, frozen]
                    .joined(separator: "  "))
        }
        return lines
    }

    /// Performs one line of the scenario language; the answer's lines. An app whose process could not start, or
    /// said it is another app, is told as an error line, and the answer ends `failed 1`.
    private func perform(line: String) -> [String] {
        switch parse(line, file: "ctl") {
        case .failure(let errors):
            return ["error: " + errors.errors.map(\.message).joined(separator: "; ")]
        case .success(let scenario):
            guard let step = scenario.steps.first, scenario.steps.count == 1 else {
                return ["error: expected one action, such as 'tap notes'"]
            }
            let outcome = supervisor.queue.sync { () -> String in
                _ = supervisor.takeProblems()  // what went wrong before this request is not its to tell
                do throws(ScenarioError) {
                    return try execute(step, file: "ctl") ?? "ok"
                } catch {
                    return "error: \(error.message)"
                }
            }
            settle()
            let problems = supervisor.queue.sync { supervisor.takeProblems() }
            guard !problems.isEmpty, outcome == "ok" else { return [outcome] }
            return problems.map { "error: " + $0 } + ["failed 1"]
        }
    }

    /// Plays a scenario's lines against the real phone: actions at once, `wait` in real time, `expect` checked.
    private func play(file: String, source: String, on connection: LineConnection) {
        let scenario: Scenario
        switch parse(source, file: file) {
        case .failure(let errors):
            for line in errors.diagnostic.split(separator: "\n", omittingEmptySubsequences: false) {
                connection.write("error: " + line)
            }
            connection.write("error")
            return
        case .success(let parsed):
            scenario = parsed
        }
        var failures = 0
        supervisor.queue.sync { _ = supervisor.takeProblems() }
        for step in scenario.steps {
            if case .wait(let duration) = step.command {
                supervisor.queue.sync { supervisor.label(step.line, step.text) }
                Thread.sleep(forTimeInterval: duration.inSeconds)
                continue
            }
            let outcome: String? = supervisor.queue.sync { () -> String? in
                do throws(ScenarioError) {
                    return try execute(step, file: file)
                } catch {
                    return "error: \(error.description)"
                }
            }
            settle()
            for problem in supervisor.queue.sync(execute: { supervisor.takeProblems() }) {
                connection.write("error: " + problem)
                failures += 1
            }
            if let outcome {
                connection.write(outcome)
                if outcome.hasPrefix("error") {
                    connection.write("error")
                    return
                }
                failures += 1
            }
        }
        connection.write(failures == 0 ? "ok" : "failed \(failures)")
    }

    /// Waits until no app is inside a callback — the apps have answered what the last action told them — so that
    /// the next line sees its effect, as in the simulator; at most 30 s (the longest watchdog).
    private func settle() {
        let idle = DispatchSemaphore(value: 0)
        supervisor.queue.async { [supervisor] in supervisor.whenIdle { idle.signal() } }
        _ = idle.wait(timeout: .now() + 30)
    }

    /// Carries out one step on the supervisor's queue; returns a failed expectation's message, if any.
    private func execute(_ step: Scenario.Step, file: String) throws(ScenarioError) -> String? {
        switch step.command {
        case .perform(let action):
            do {
                supervisor.label(step.line, step.text)
                try supervisor.perform(action)
            } catch {
                throw ScenarioError(
                    file: file, line: step.line, column: step.column,
                    message: "'\(step.text)' is impossible here: \(error.reason)")
            }
        case .wait:
            break
        case .expect(let app, let expected):
            let actual = supervisor.phone.state(of: app) ?? .notRunning
            supervisor.recordEvent(.expect(line: step.line, app: app, expected: expected, actual: actual))
            if actual != expected {
                return "\(file):\(step.line):\(step.column): expectation failed: expected \(app) to be "
                    + "\(expected.rawValue), but it is \(actual.rawValue)"
            }
        case .expectScene(let scene, let expected):
            let actual = supervisor.phone.sceneState(of: scene)
            supervisor.recordEvent(.expectScene(line: step.line, scene: scene, expected: expected, actual: actual))
            if actual != expected {
                let name = { (state: SceneState?) in state?.rawValue ?? SceneState.disconnectedName }
                return "\(file):\(step.line):\(step.column): expectation failed: expected \(scene) to be "
                    + "\(name(expected)), but it is \(name(actual))"
            }
        }
        return nil
    }

    /// Parses lines of the scenario language against the device's apps; a play file acts, it does not declare.
    private func parse(_ source: String, file: String) -> Result<Scenario, ScenarioErrors> {
        let apps = supervisor.device.apps
        let declarations = apps.map { "app \($0.id)" }.joined(separator: "\n")
        do {
            let scenario = try ScenarioParser(file: file).parse(declarations + "\n" + source)
            var steps = scenario.steps
            for index in steps.indices { steps[index].line -= apps.count }
            if let declared = scenario.apps.dropFirst(apps.count).first {
                return .failure(
                    ScenarioErrors(errors: [
                        ScenarioError(
                            file: file, line: 1, column: 1,
                            message: "'app \(declared.id)': a played scenario acts on the supervised device's apps, "
                                + "it does not declare its own")
                    ]))
            }
            return .success(Scenario(file: file, apps: scenario.apps, steps: steps))
        } catch {
            return .failure(
                ScenarioErrors(
                    errors: error.errors.map {
                        var error = $0
                        error.line -= apps.count
                        return error
                    }, uncheckedLines: error.uncheckedLines))
        }
    }
}

/// A connection read and written a line at a time, blocking.
final class LineConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func close() {
        Glibc.close(descriptor)
    }

    /// The next line, without its ending; nil at the end of the connection.
    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return String(decoding: buffer, as: UTF8.self)
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Writes `line` and, unless `terminated` is false, a newline.
    func write(_ line: String, terminated: Bool = true) {
        let bytes = Array((terminated ? line + "\n" : line).utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
