import Foundation
import LifecycleCore
import LifecycleTrace
import LifecycleWire

#if canImport(Glibc)
    import Glibc
#endif

/// An app's process as the supervisor runs it: started with `posix_spawn` in a process group of its own, its
/// connection once it has said hello, and what waits to be sent until then.
public final class ManagedProcess {
    let app: AppID
    let pid: pid_t
    var channel: MessageChannel<FromApp, ToApp>?
    var readSource: (any DispatchSourceRead)?
    /// Messages for the app before it has connected, with the trace's record of each (written as it is sent).
    var outbox: [(message: ToApp, record: TraceRecord.Event?)] = []
    /// The id of the call the app is running, if any.
    var pendingCall: UInt64?
    var isFrozen = false
    /// Whether the supervisor ended the process (so its exit is no crash).
    var isBeingKilled = false
    /// The barrier sent after the notifications that follow a callback: when the app answers it, its observers have
    /// run, and its turn is over (docs/lifecycle.md §19).
    var turnBarrier: UInt64?
    /// A freeze waiting for the app to have read everything sent to it.
    var freezeBarrier: UInt64?

    init(app: AppID, pid: pid_t) {
        self.app = app
        self.pid = pid
    }

    /// Starts `executable` for `app`, in a new process group, with the environment that tells it where its
    /// supervisor is; its output goes to `output` (a file) or is inherited.
    static func spawn(
        app: AppID, executable: String, arguments: [String] = [], socket: String, output: String?
    ) -> Result<ManagedProcess, ProcessError> {
        var environment = ProcessInfo.processInfo.environment
        environment[SupervisorEnvironment.socket] = socket
        environment[SupervisorEnvironment.app] = app.rawValue
        environment[SupervisorEnvironment.supervisor] = String(getpid())
        return spawnProcess(executable: executable, arguments: arguments, environment: environment, output: output)
            .map { ManagedProcess(app: app, pid: $0) }
    }

    /// Starts a program in a process group of its own (so that it and its children are stopped and killed as
    /// one), with default signal handling; its output goes to `output` (a file) or is inherited.
    public static func spawnProcess(
        executable: String, arguments: [String], environment: [String: String], output: String?
    ) -> Result<pid_t, ProcessError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        // The output file is opened here, not by the spawn, so that a folder that is missing is told apart from an
        // executable that is.
        var outputDescriptor: Int32 = -1
        if let output {
            outputDescriptor = open(output, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard outputDescriptor >= 0 else {
                return .failure(
                    ProcessError(
                        description: "cannot open its output file \(output): \(String(cString: strerror(errno)))"))
            }
        }
        defer { if outputDescriptor >= 0 { close(outputDescriptor) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if outputDescriptor >= 0 {
            posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 2)
        }

        let arguments = [executable] + arguments
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            return .failure(
                ProcessError(description: "\(executable): cannot start it: \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }

    public struct ProcessError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sets the process's `oom_score_adj`, so that the kernel's own killer agrees with the policy: the
    /// foreground app last, suspended apps first.
    func setOOMScore(for state: AppState) {
        let score =
            switch state {
            case .active, .inactive: 0
            case .background: 300
            case .suspended: 900
            case .notRunning: 1000
            }
        _ = CgroupFreezer.write("\(score)", to: "/proc/\(pid)/oom_score_adj")
    }
}

/// Runs `body` with `strings` as a NULL-terminated array of C strings.
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
