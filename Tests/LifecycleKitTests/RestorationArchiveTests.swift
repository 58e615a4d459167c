import Foundation
import LifecycleKit
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct RestorationArchiveTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-archive-\(UUID())")
    }

    @Test func writeReadReplaceDelete() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = RestorationArchive(directory: directory, app: "editor")
        #expect(try archive.read() == nil)
        try archive.write(["draft": Data("one".utf8)])
        #expect(try archive.read() == ["draft": Data("one".utf8)])
        try archive.write(["draft": Data("two".utf8)])
        #expect(try archive.read() == ["draft": Data("two".utf8)])
        try archive.delete()
        #expect(try archive.read() == nil)
        try archive.delete()
    }

    /// Starts a process that writes archives in `directory` in a loop, and kills it with SIGKILL after a random
    /// moment.
    static func killAWriter(in directory: URL, using random: inout some RandomNumberGenerator) throws {
        let process = Process()
        process.executableURL = ChildProcess.executable("ArchiveWriter")
        process.arguments = [directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // Whatever happens below, never leave a writer running.
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
        _ = output.fileHandleForReading.availableData  // "ready"
        usleep(UInt32.random(in: 5_000...60_000, using: &random))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
    }

    /// A real process writing archives in a loop is killed with SIGKILL at random instants: what it leaves is
    /// always a whole archive, old or new, never a torn one.
    @Test func survivesKill9AtRandomInstants() throws {
        var random = SystemRandomNumberGenerator()
        var generations: Set<UInt64> = []
        for _ in 0..<12 {
            let directory = Self.temporaryDirectory()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try Self.killAWriter(in: directory, using: &random)

            let archive = RestorationArchive(directory: directory, app: "writer")
            guard let values = try archive.read() else { continue }  // killed before the first write finished
            let stamp = try #require(values["generation"])
            let generation = try #require(UInt64(String(decoding: stamp, as: UTF8.self)))
            let expected = Data(repeating: UInt8(truncatingIfNeeded: generation), count: 256 * 1024)
            #expect(values["a"] == expected && values["b"] == expected && values["c"] == expected)
            generations.insert(generation)
        }
        #expect(!generations.isEmpty, "the writer never finished an archive before it was killed")
    }

    /// Writers of one archive killed one after another leave at most the last one's temporary file, and the
    /// next read removes it: an app killed often does not fill its directory.
    @Test func killedWritersLeaveNoTemporaryFilesBehind() throws {
        var random = SystemRandomNumberGenerator()
        let directory = Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporaryFiles = {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".tmp") }
        }
        for _ in 0..<15 {
            try Self.killAWriter(in: directory, using: &random)
            #expect(try temporaryFiles().count <= 1)
        }
        _ = try RestorationArchive(directory: directory, app: "writer").read()
        #expect(try temporaryFiles().isEmpty)
    }

    @Test func aLiveWritersTemporaryFileIsLeftAlone() throws {
        let directory = Self.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let parent = getppid()  // alive: it is running this test
        let live = directory.appendingPathComponent(".editor.restoration.\(parent).tmp")
        let dead = directory.appendingPathComponent(".editor.restoration.2147483646.tmp")
        let other = directory.appendingPathComponent(".notes.restoration.2147483646.tmp")
        for file in [live, dead, other] { try Data().write(to: file) }
        _ = try RestorationArchive(directory: directory, app: "editor").read()
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(left == [live.lastPathComponent, other.lastPathComponent])
    }
}
