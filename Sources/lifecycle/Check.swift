import ArgumentParser
import Foundation
import LifecycleCore
import LifecycleSimulator

#if canImport(Glibc)
    import Glibc
#endif

extension Lifecycle {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Hold real iOS logs (NSLog, print, __func__, #function, notification names, jsonl traces) against the model.",
            discussion: """
                Prints each lifecycle line with the states the app may be in after it; at the first line the model \
                cannot explain, says why. Exit status: 0 when the log fits, 1 at a violation, 2 when it cannot be read.
                """
        )

        @Argument(help: "Log files; - reads standard input.")
        var files: [String]

        @Option(help: "text (for people) or jsonl.")
        var format: TraceFormat = .text

        @Option(help: "The iOS versions the logs come from (ios4, ios12, ios13): only their known quirks are excused.")
        var profile: Profile?

        func run() throws {
            var output = StandardOutput()
            var outcome = ScenarioBatch.Outcome.success
            for file in files {
                let path: String
                if file == "-" {
                    // Standard input can be read once: it is spooled to a file so both passes stream.
                    let spool = FileManager.default.temporaryDirectory.appendingPathComponent(
                        "lifecycle-check-\(getpid())")
                    FileManager.default.createFile(
                        atPath: spool.path, contents: FileHandle.standardInput.readDataToEndOfFile())
                    path = spool.path
                } else {
                    path = file
                }
                defer { if file == "-" { unlink(path) } }
                guard LineReader(path: path) != nil else {
                    output.flush()
                    Terminal.printError(
                        "\(file): error: \(FileManager.default.fileExists(atPath: file) ? "it cannot be read" : "no such file")"
                    )
                    throw ExitCode(ScenarioBatch.Outcome.invalidInput.rawValue)
                }
                let result = LogCheck(format: format, profile: profile).run(
                    file: ScenarioSource.displayName(of: file), lines: { LineReader(path: path)! }, output: &output)
                if result != .success { outcome = result }
            }
            output.flush()
            if outcome != .success { throw ExitCode(outcome.rawValue) }
        }
    }
}

/// The lines of a file, read as they are needed (invalid UTF-8 is repaired rather than refused: logs are
/// often mixed).
final class LineReader: Sequence, IteratorProtocol {
    private var file: UnsafeMutablePointer<FILE>?

    init?(path: String) {
        guard let file = fopen(path, "r") else { return nil }
        self.file = file
    }

    deinit {
        if let file { fclose(file) }
    }

    func next() -> Substring? {
        guard let file else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let length = getline(&buffer, &capacity, file)
        guard length >= 0, let buffer else {
            fclose(file)
            self.file = nil
            return nil
        }
        var line = String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
        while let last = line.last, last == "\n" || last == "\r\n" || last == "\r" { line.removeLast() }
        return line[...]
    }
}
