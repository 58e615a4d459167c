import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How the supervisor stops and restarts an app's process (suspension) and ends it.
///
/// A cgroup v2 leaf per app where the machine has a writable one (``CgroupFreezer``), otherwise signals to the
/// app's process group (``SignalFreezer``).
public protocol Freezer: Sendable {
    /// What the supervisor reports of it: `cgroup` or `signals`.
    var name: String { get }
    /// Puts a just-started process (its own group's leader) under the freezer's control.
    func adopt(_ process: pid_t, app: String)
    /// Stops the app's process and waits until it is stopped. Returns whether it is.
    func freeze(_ process: pid_t, app: String) -> Bool
    /// Restarts it.
    func thaw(_ process: pid_t, app: String)
    /// Kills every process of the app.
    func kill(_ process: pid_t, app: String)
    /// Whether the app's process is frozen, as the kernel says.
    func isFrozen(_ process: pid_t, app: String) -> Bool
    /// The app's memory in megabytes, or nil when its process is gone.
    func footprint(_ process: pid_t, app: String) -> Int?
    /// Forgets an app whose process has ended.
    func release(app: String)
    /// Removes what the freezer made (at the supervisor's end).
    func removeAll()
}

/// Suspension by `SIGSTOP` and `SIGCONT` to the app's process group; `SIGKILL` to end it.
public struct SignalFreezer: Freezer {
    public init() {}

    public var name: String { "signals" }

    public func adopt(_ process: pid_t, app: String) {}

    public func freeze(_ process: pid_t, app: String) -> Bool {
        Glibc.kill(-process, SIGSTOP)
        for _ in 0..<2000 {
            if isFrozen(process, app: app) { return true }
            usleep(100)
        }
        return false
    }

    public func thaw(_ process: pid_t, app: String) {
        Glibc.kill(-process, SIGCONT)
    }

    public func kill(_ process: pid_t, app: String) {
        Glibc.kill(-process, SIGKILL)
    }

    public func isFrozen(_ process: pid_t, app: String) -> Bool {
        ProcessState.of(process) == "T"
    }

    /// The process's resident set.
    public func footprint(_ process: pid_t, app: String) -> Int? {
        ProcessState.residentMegabytes(process)
    }

    public func release(app: String) {}
    public func removeAll() {}
}

/// What `/proc` says of processes.
enum ProcessState {
    /// The state letter of a process (`R`, `S`, `T` for stopped, `Z`…), or nil when it is gone.
    static func of(_ process: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")"), stat.index(close, offsetBy: 2) < stat.endIndex
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)]
    }

    /// The resident memory of a process, in megabytes, or nil when it is gone.
    static func residentMegabytes(_ process: pid_t) -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/\(process)/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / (1 << 20)
    }
}
