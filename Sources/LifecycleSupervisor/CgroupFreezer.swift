import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Suspension by the cgroup v2 freezer: each app's process runs in a leaf of its own under the supervisor's
/// cgroup; freezing writes `cgroup.freeze` and waits for `cgroup.events` to say `frozen 1`; killing writes
/// `cgroup.kill`, which ends every process of the leaf at once.
///
/// `@unchecked Sendable`: its only stored property is a `let` path; everything else is the file system's.
public final class CgroupFreezer: Freezer, @unchecked Sendable {
    public var name: String { "cgroup" }
    /// The supervisor's folder in the cgroup tree: `…/lifecycle-supervisor.PID`.
    let root: String

    init(root: String) {
        self.root = root
    }

    /// A freezer in the cgroup v2 hierarchy of this process, found from `/proc/self/mountinfo` and
    /// `/proc/self/cgroup`, if it can be written; first, the folders of earlier supervisors that have ended
    /// are cleared, killing what they left (a restarted supervisor starts from a clean slate).
    public static func make() -> CgroupFreezer? {
        guard let mount = cgroup2Mount(), let own = ownCgroup() else { return nil }
        let base = own == "/" ? mount : mount + own
        clearStale(in: base)
        let root = base + "/lifecycle-supervisor.\(getpid())"
        guard mkdir(root, 0o755) == 0 || errno == EEXIST,
            FileManager.default.fileExists(atPath: root + "/cgroup.freeze")
        else { return nil }
        return CgroupFreezer(root: root)
    }

    /// Where cgroup2 is mounted: `/sys/fs/cgroup`, or `/sys/fs/cgroup/unified` on a hybrid system.
    static func cgroup2Mount() -> String? {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return nil }
        for line in mounts.split(separator: "\n") {
            // … mount-point … - fstype source options
            let halves = line.components(separatedBy: " - ")
            guard halves.count == 2, halves[1].hasPrefix("cgroup2 ") else { continue }
            let fields = halves[0].split(separator: " ")
            if fields.count > 4 { return String(fields[4]) }
        }
        return nil
    }

    /// This process's cgroup in the v2 hierarchy (the `0::` line of `/proc/self/cgroup`).
    static func ownCgroup() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) }
    }

    /// Kills and removes the folders of supervisors that are no longer running.
    static func clearStale(in base: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        for name in names where name.hasPrefix("lifecycle-supervisor.") {
            guard let owner = pid_t(name.dropFirst("lifecycle-supervisor.".count)), owner != getpid(),
                Glibc.kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            let folder = base + "/" + name
            let leaves = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for leaf in leaves where isCgroup(folder + "/" + leaf) {
                killAll(in: folder + "/" + leaf)
                waitEmpty(folder + "/" + leaf)
                rmdir(folder + "/" + leaf)
            }
            rmdir(folder)
        }
    }

    private static func isCgroup(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/cgroup.procs")
    }

    private func leaf(_ app: String) -> String { root + "/" + app }

    public func adopt(_ process: pid_t, app: String) {
        let leaf = leaf(app)
        mkdir(leaf, 0o755)
        Self.write("\(process)", to: leaf + "/cgroup.procs")
    }

    public func freeze(_ process: pid_t, app: String) -> Bool {
        Self.write("1", to: leaf(app) + "/cgroup.freeze")
        for _ in 0..<20_000 {
            if isFrozen(process, app: app) { return true }
            usleep(50)
        }
        return false
    }

    public func thaw(_ process: pid_t, app: String) {
        Self.write("0", to: leaf(app) + "/cgroup.freeze")
    }

    public func kill(_ process: pid_t, app: String) {
        Self.killAll(in: leaf(app))
    }

    public func isFrozen(_ process: pid_t, app: String) -> Bool {
        let events = (try? String(contentsOfFile: leaf(app) + "/cgroup.events", encoding: .utf8)) ?? ""
        return events.contains("frozen 1")
    }

    /// What the app's leaf holds (`memory.current`: its processes' memory, page cache included) where the
    /// memory controller is enabled for it; otherwise the process's resident set.
    public func footprint(_ process: pid_t, app: String) -> Int? {
        if let text = try? String(contentsOfFile: leaf(app) + "/memory.current", encoding: .utf8),
            let bytes = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return bytes / (1 << 20)
        }
        return ProcessState.residentMegabytes(process)
    }

    public func release(app: String) {
        rmdir(leaf(app))
    }

    public func removeAll() {
        let leaves = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for name in leaves where Self.isCgroup(root + "/" + name) {
            Self.killAll(in: root + "/" + name)
            Self.waitEmpty(root + "/" + name)
            rmdir(root + "/" + name)
        }
        rmdir(root)
    }

    /// Ends every process of a leaf: `cgroup.kill` where the kernel has it (5.14), else SIGKILL to each.
    static func killAll(in leaf: String) {
        if FileManager.default.fileExists(atPath: leaf + "/cgroup.kill") {
            write("1", to: leaf + "/cgroup.kill")
        } else {
            let procs = (try? String(contentsOfFile: leaf + "/cgroup.procs", encoding: .utf8)) ?? ""
            for line in procs.split(separator: "\n") { if let pid = pid_t(line) { Glibc.kill(pid, SIGKILL) } }
        }
        // A frozen process dies only once thawed.
        write("0", to: leaf + "/cgroup.freeze")
    }

    static func waitEmpty(_ leaf: String) {
        for _ in 0..<1000 {
            let events = (try? String(contentsOfFile: leaf + "/cgroup.events", encoding: .utf8)) ?? ""
            if !events.contains("populated 1") { return }
            usleep(1000)
        }
    }

    @discardableResult
    static func write(_ text: String, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
    }
}
