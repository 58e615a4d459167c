import ArgumentParser
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleSimulator
import LifecycleSupervisor
import LifecycleTrace
import LifecycleWire
import Logging
import ServiceLifecycle

extension Lifecycle {
    struct Supervise: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "supervise",
            abstract: "Run a device's apps as real processes under the lifecycle, until stopped.",
            discussion: """
                Starts each app when the lifecycle launches it, tells it its callbacks over a socket, freezes it when \
                it is suspended (a cgroup v2 leaf per app, or SIGSTOP), and kills it when it ends. Control it with \
                'lifecycle ctl'. The trace is the same as 'lifecycle run' prints. SIGTERM or Ctrl-C ends every app \
                and exits. See docs/supervisor.md.
                """
        )

        @Argument(help: "The device description: its profile, memory and apps (app ID executable=PATH info=PATH).")
        var device: String

        @Option(
            help:
                "The folder of the control and app sockets (default $XDG_RUNTIME_DIR/lifecycle or /tmp/lifecycle-UID).")
        var socketFolder: String?

        @Option(help: "How to suspend apps: auto, cgroup (a cgroup v2 leaf per app) or signals (SIGSTOP).")
        var freezer: Supervisor.FreezerChoice = .auto

        @Option(help: "A folder for each app's output (APP.log); by default the apps share this terminal.")
        var appOutput: String?

        @Option(
            help: "How to print the trace: text, jsonl or chrome-trace (Perfetto's; whole once the supervisor stops).")
        var format: TraceFormat = .text

        @Option(help: "A file for the trace, instead of standard output.")
        var trace: String?

        @Option(
            help: "A PSI trigger for memory pressure, as /proc/pressure/memory takes it (repeatable); 'none' for none.")
        var pressure: [String] = PressureMonitor.lmkdTriggers

        func run() async throws {
            let (description, infos) = try Self.load(device)
            var logger = Logger(label: "lifecycle.supervisor")
            logger.logLevel = .info
            let output = TraceOutput(path: trace, format: format, apps: description.apps.map(\.id))
            let options = Supervisor.Options(
                socketFolder: socketFolder ?? UnixSocket.defaultFolder(), freezer: freezer, outputFolder: appOutput,
                pressureTriggers: pressure == ["none"] ? [] : pressure)
            let supervisor = Supervisor(
                device: description, infos: infos, options: options, logger: logger, record: output.write,
                backgroundTime: output.backgroundTime)
            do {
                try supervisor.start()
            } catch {
                Terminal.printError("lifecycle supervise: \(error)")
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            let group = ServiceGroup(
                configuration: .init(
                    services: [.init(service: SupervisorService(supervisor: supervisor))],
                    gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
            output.finish()
        }

        /// The device and its apps' Info.plists; mistakes are reported with their place, and exit 2.
        static func load(_ path: String) throws -> (DeviceDescription, [AppID: InfoPlist]) {
            let source: String
            switch ScenarioFile.read(path) {
            case .success(let text): source = text
            case .failure(let error):
                Terminal.printError(error.description)
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            let description: DeviceDescription
            do {
                description = try DeviceDescription.parse(source, file: path, folder: folder)
            } catch {
                Terminal.printError(error.diagnostic)
                throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
            }
            var infos: [AppID: InfoPlist] = [:]
            for app in description.apps {
                guard let infoPath = app.info else { continue }
                do {
                    let info = try InfoPlist(contentsOf: URL(fileURLWithPath: infoPath))
                    guard info.bundleIdentifier == app.id else {
                        Terminal.printError(
                            ScenarioError(
                                file: path, line: app.line, column: 5,
                                message: "app '\(app.id)': its Info.plist says CFBundleIdentifier "
                                    + "'\(info.bundleIdentifier)'", sourceLine: app.sourceLine
                            ).diagnostic)
                        throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                    }
                    infos[app.id] = info
                } catch let error as InfoPlist.Error {
                    Terminal.printError("\(path):\(app.line): app '\(app.id)': \(error)")
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
            }
            return (description, infos)
        }
    }
}

/// The supervisor as a service of swift-service-lifecycle: it runs until a graceful shutdown (SIGTERM,
/// Ctrl-C), then ends every app and removes its sockets and cgroups.
struct SupervisorService: Service {
    let supervisor: Supervisor

    func run() async throws {
        try? await gracefulShutdown()
        supervisor.stop()
    }
}

/// Where the supervisor's trace goes, a record at a time, flushed at once so that it can be followed live.
///
/// `@unchecked Sendable`: written only from the supervisor's queue (its callbacks run there), and finished once the
/// supervisor has stopped (`stop()` waits on that queue, so nothing runs there any more).
final class TraceOutput: @unchecked Sendable {
    private var text: TextTraceWriter<FlushingOutput>?
    private var jsonl: JSONLinesTraceWriter<FlushingOutput>?
    private var chrome: ChromeTraceWriter<FlushingOutput>?

    init(path: String?, format: TraceFormat, apps: [AppID]) {
        let output = FlushingOutput(path: path)
        switch format {
        case .text:
            text = TextTraceWriter(
                output: output, apps: apps, colours: path == nil && Terminal.standardOutputWantsColour)
        case .jsonl:
            jsonl = JSONLinesTraceWriter(output: output)
        case .chromeTrace:
            chrome = ChromeTraceWriter(output: output)
        }
    }

    func write(_ record: TraceRecord) {
        text?.write(record)
        jsonl?.write(record)
        chrome?.write(record)
    }

    func backgroundTime(of app: AppID, runsOutAt deadline: Duration?, at time: Duration) {
        chrome?.backgroundTime(of: app, runsOutAt: deadline, at: time)
    }

    /// Ends the trace: a Chrome trace's document is whole only then.
    func finish() {
        chrome?.finish()
    }
}

/// A file (or standard output), written through at once.
struct FlushingOutput: TextOutputStream {
    private let handle: FileHandle

    init(path: String?) {
        if let path, FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        {
            self.handle = handle
        } else {
            handle = .standardOutput
        }
    }

    mutating func write(_ string: String) {
        handle.write(Data(string.utf8))
    }
}
