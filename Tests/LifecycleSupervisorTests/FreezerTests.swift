import Foundation
import Testing

@testable import LifecycleSupervisor

#if canImport(Glibc)
    import Glibc
#endif

/// The freezers' reading of an app's memory, on a cgroup folder made for the test.
struct FreezerTests {
    @Test func aCgroupFootprintIsWhatTheLeafHoldsWhereTheMemoryControllerCounts() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cgroup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)
        try "52428800\n".write(
            to: root.appendingPathComponent("notes/memory.current"), atomically: true, encoding: .utf8)
        let freezer = CgroupFreezer(root: root.path)
        #expect(freezer.footprint(getpid(), app: "notes") == 50)
        // Without the memory controller: the process's resident set, as the signal freezer reads it.
        let sleeper = try ManagedProcess.spawnProcess(
            executable: "/bin/sleep", arguments: ["100"], environment: [:], output: nil
        ).get()
        defer {
            kill(sleeper, SIGKILL)
            waitpid(sleeper, nil, 0)
        }
        // Read once the child sleeps in sleep: until then (fork, exec, the loader) its resident set still grows.
        let stat = { (try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8)) ?? "" }
        for _ in 0..<200 where !stat().contains("(sleep) S ") { usleep(10_000) }
        let resident = try #require(SignalFreezer().footprint(sleeper, app: "mail"))
        #expect(freezer.footprint(sleeper, app: "mail") == resident)
        #expect(freezer.footprint(pid_t(Int32.max), app: "mail") == nil)
    }
}
