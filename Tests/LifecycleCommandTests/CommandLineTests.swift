import Foundation
import LifecycleScenario
import TestSupport
import Testing

/// The real `lifecycle` binary, run as a user runs it: exit codes, standard input, files that cannot be read.
@Suite final class CommandLineTests {
    /// A folder of the test's own for the files it writes, removed when the test ends (a test gets an instance of
    /// its own): tests leave nothing behind in the temporary directory.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-tests-\(UUID())")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
    /// The `lifecycle` executable beside the test bundle, built by `swift test`.
    static let executable = ChildProcess.executable("lifecycle")

    struct Result {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the command; its standard output goes to `standardOutput` when given (then `output` is empty), its
    /// standard input comes from the file `inputFile` when given (else `input`), and `limits` are `ulimit` options
    /// the shell sets before it runs the command (`-n 64`: 64 open files).
    static func run(
        _ arguments: [String], input: String? = nil, inputFile: String? = nil, path: String? = nil,
        environment: [String: String] = [:], standardOutput: FileHandle? = nil, limits: String? = nil
    ) throws -> Result {
        let process = Process()
        if let limits {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit \(limits) && exec \"$@\"", "sh", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if let path { process.environment = ["PATH": path] }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = standardOutput ?? output
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        process.standardError = errors
        if let inputFile {
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
        } else {
            process.standardInput = standardInput
        }
        try process.run()
        if inputFile == nil {
            standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
            try standardInput.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            errors: String(decoding: err, as: UTF8.self))
    }

    func temporaryFile(_ contents: Data, named name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    @Test func runsAFileAndExitsZero() throws {
        let path = try temporaryFile(
            Data("app notes\ntap notes\nexpect notes active\n".utf8), named: "ok.scenario")
        let result = try Self.run(["run", path, "--format", "jsonl"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(#"{"t":0,"kind":"action","line":2,"text":"tap notes"}"#))
        #expect(result.errors.isEmpty)
    }

    /// `ctl` passes its words through to the supervisor whole, options and all; asking it for help still gets
    /// help, with no supervisor to ask.
    @Test(arguments: ["--help", "-h", "help"])
    func ctlAnswersAskingForHelp(word: String) throws {
        let result = try Self.run(["ctl", word], environment: ["XDG_RUNTIME_DIR": folder.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("USAGE: lifecycle ctl"), "\(result.output)")
        #expect(!result.errors.contains("cannot connect"))
    }

    @Test func readsAPipeByItsPathAndRefusesADirectory() throws {
        let piped = try Self.run(["run", "/dev/stdin", "--format", "jsonl"], input: "app a\ntap a\n")
        #expect(piped.status == 0, "\(piped.errors)")
        #expect(piped.output.hasPrefix(#"{"t":0,"kind":"action","line":2,"text":"tap a"}"#))
        let directory = try Self.run(["run", NSTemporaryDirectory()])
        #expect(directory.status == 2)
        #expect(directory.errors.hasSuffix(": error: not a scenario file but a directory\n"))
        #expect(directory.output.isEmpty)
    }

    @Test func aMistakeInTheSecondFileKeepsTheFirstFilesTraceBack() throws {
        let good = try temporaryFile(Data("app a\ntap a\n".utf8), named: "good.scenario")
        let bad = try temporaryFile(Data("app b\ntap b\nhome\nswipe b\n".utf8), named: "bad.scenario")
        let result = try Self.run(["run", good, bad])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("\(bad):4:1: error: 'swipe b' is impossible here"))
    }

    @Test func readsStandardInput() throws {
        let result = try Self.run(["run", "-", "--format", "jsonl"], input: "app a\ntap a\n")
        #expect(result.status == 0)
        #expect(result.output.split(separator: "\n").count == 8)
    }

    @Test func failedExpectationExitsOne() throws {
        let result = try Self.run(["run", "-"], input: "app a\ntap a\nexpect a background\n")
        #expect(result.status == 1)
        #expect(result.errors == "<stdin>:3:1: expectation failed: expected a to be background, but it is active\n")
    }

    @Test func invalidFileExitsTwoAndRunsNothing() throws {
        let result = try Self.run(["run", "-"], input: "app a\ntap a\nwait forever\n")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(
            result.errors == """
                <stdin>:3:6: error: expected a duration such as 250ms, 5s, 1.5s or 3m, found 'forever'
                    3 | wait forever
                      |      ^

                """)
    }

    @Test func missingFileExitsTwo() throws {
        let result = try Self.run(["run", "/no/such/file.scenario"])
        #expect(result.status == 2)
        #expect(
            result.errors
                == "/no/such/file.scenario: error: no such file; it is not a built-in scenario either "
                + "('lifecycle scenarios' lists them)\n")
    }

    @Test func bytesThatAreNotUTF8AreNamed() throws {
        let path = try temporaryFile(Data([0x61, 0x70, 0x70, 0x20, 0x0A, 0x74, 0xFF]), named: "bin.scenario")
        let result = try Self.run(["run", path])
        #expect(result.status == 2)
        #expect(result.errors == "\(path):2:2: error: expected UTF-8 text, found the byte 0xFF\n")
    }

    @Test func badOptionExitsTwo() throws {
        let result = try Self.run(["run", "-", "--format", "xml"], input: "")
        #expect(result.status == 2)
        #expect(result.errors.contains("The value 'xml' is invalid for '--format <format>'"))
    }

    @Test func profileAppliesToFilesThatNameNone() throws {
        let source = "app a background-task=10m ignores-expiration\ntap a\nhome\nwait 30s\nexpect a notRunning\n"
        #expect(try Self.run(["run", "-", "--profile", "ios13"], input: source).status == 0)
        #expect(try Self.run(["run", "-"], input: source).status == 1)
        #expect(try Self.run(["run", "-", "--profile", "ios13"], input: "profile ios12\n" + source).status == 1)
    }

    @Test func listsAndPrintsBuiltInScenarios() throws {
        let list = try Self.run(["scenarios"])
        #expect(list.status == 0)
        #expect(list.output.hasPrefix("cold-launch "))
        let source = try Self.run(["scenarios", "cold-launch"])
        #expect(source.output.hasPrefix("# Tap an icon"))
        let unknown = try Self.run(["scenarios", "warm-launch"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("no built-in scenario is named 'warm-launch'"))
    }

    /// The benchmarks' load scenario, printed for anyone to time `lifecycle run` with: the library's own lines,
    /// which run.
    @Test func printsALoadScenario() throws {
        let printed = try Self.run(["scenarios", "--load", "50", "--apps", "12"])
        #expect(printed.status == 0)
        #expect(printed.output == LoadScenario(apps: 12, rounds: 50).source)
        #expect(try Self.run(["run", "-"], input: printed.output).status == 0)
        #expect(try Self.run(["scenarios", "--load", "3"]).output == LoadScenario(rounds: 3).source)
        let refusals = [
            ["--load", "-1"], ["--load", "5", "--apps", "0"], ["--apps", "5"], ["--apps", "2000"],
            ["cold-launch", "--load", "5"],
        ]
        for arguments in refusals {
            let refused = try Self.run(["scenarios"] + arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.output.isEmpty && !refused.errors.isEmpty, "\(arguments)")
        }
    }

    @Test func demoAllRunsEveryBuiltInScenarioUnderAHeading() throws {
        let result = try Self.run(["demo", "--all"])
        #expect(result.status == 0)
        let headings = result.output.split(separator: "\n").filter { $0.hasPrefix("━━ ") }
        let names = try Self.run(["scenarios"]).output.split(separator: "\n")
        #expect(headings.count == names.count)
        #expect(!result.output.contains("\u{1B}["), "no colours when not writing to a terminal")
    }

    /// The README's first command leaves a newcomer something to read: a short tour, then how to see the rest
    /// (it printed every scenario, 3,779 lines, of which a terminal shows the last).
    @Test func demoWithoutANameGivesAShortTour() throws {
        let result = try Self.run(["demo"])
        #expect(result.status == 0)
        let headings = result.output.split(separator: "\n").filter { $0.hasPrefix("━━ ") }
        #expect(headings.map { $0.dropFirst(3).prefix { $0 != " " } } == BuiltInScenario.tourNames.map { $0[...] })
        #expect(result.output.split(separator: "\n").count < 400, "\(result.output.split(separator: "\n").count)")
        #expect(result.output.contains("That was 5 of the \(BuiltInScenario.all.count) built-in scenarios"))
        #expect(result.output.hasSuffix("runs your own change of one\n"))
        #expect(try Self.run(["demo", "--all", "home"]).status == 2)
    }

    @Test func diagramFormats() throws {
        let mermaid = try Self.run(["diagram"])
        #expect(mermaid.status == 0)
        #expect(mermaid.output.hasPrefix("stateDiagram-v2\n"))
        let dot = try Self.run(["diagram", "--format", "dot"])
        #expect(dot.output.hasPrefix("digraph lifecycle {"))
    }

    /// CI installs Graphviz so that this path runs there; elsewhere it runs when dot is installed.
    @Test func diagramAsSVG() throws {
        let hasDot = FileManager.default.isExecutableFile(atPath: "/usr/bin/dot")
        if ProcessInfo.processInfo.environment["CI"] != nil { #expect(hasDot, ".ci/run installs graphviz") }
        guard hasDot else { return }
        let svg = try Self.run(["diagram", "--format", "svg"])
        #expect(svg.status == 0)
        #expect(svg.output.contains("<svg"))
        for state in ["notRunning", "inactive", "active", "background", "suspended"] {
            #expect(svg.output.contains(">\(state)</text>"))
        }
    }

    @Test func diagramAsSVGWithoutGraphvizSaysHowToInstallIt() throws {
        let result = try Self.run(["diagram", "--format", "svg"], path: "/nonexistent")
        #expect(result.status == 2)
        #expect(result.errors.contains("needs Graphviz's dot, which is not installed"))
        #expect(result.errors.contains("apt-get install graphviz"))
    }

    @Test func checkExitCodes() throws {
        let fits = try Self.run(["check", "-"], input: "applicationDidBecomeActive:\napplicationWillResignActive:\n")
        #expect(fits.status == 0)
        #expect(fits.output.hasSuffix("<stdin>: 2 lifecycle lines fit the model; 0 other lines skipped\n"))
        let broken = try Self.run(
            ["check", "-"],
            input: "application:didFinishLaunchingWithOptions:\napplicationDidEnterBackground:\n"
                + "applicationDidBecomeActive:\napplicationWillEnterForeground:\n")
        #expect(broken.status == 1)
        #expect(broken.output.contains("<stdin>:3: violation: applicationDidBecomeActive: cannot happen here"))
        let missing = try Self.run(["check", "/no/such.log"])
        #expect(missing.status == 2)
        #expect(missing.errors == "/no/such.log: error: no such file\n")
    }

    /// Every command that writes says once that its output could not be written (a full disk), and exits 2.
    @Test func aFailedWriteIsReportedOnceAndExitsTwo() throws {
        let log = try temporaryFile(Data("applicationDidBecomeActive:\n".utf8), named: "ok.log")
        let commands = [
            ["run", "home"], ["run", "home", "--format", "jsonl"], ["demo", "home"], ["scenarios"],
            ["scenarios", "home"], ["scenarios", "--load", "10"], ["diagram"], ["diagram", "--format", "dot"],
            ["check", log],
        ]
        for arguments in commands {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let result = try Self.run(arguments, standardOutput: full)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.errors == "lifecycle: cannot write to standard output: No space left on device\n", "\(arguments)"
            )
        }
    }

    /// A reader that has gone (`| head`) ends the command quietly, by the SIGPIPE any Unix tool gets.
    @Test func aClosedPipeEndsTheCommandQuietly() throws {
        for arguments in [["scenarios", "--load", "20000"], ["run", "home"], ["diagram"]] {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let result = try Self.run(arguments, standardOutput: pipe.fileHandleForWriting)
            try pipe.fileHandleForWriting.close()
            #expect(result.status == SIGPIPE, "\(arguments)")
            #expect(result.errors.isEmpty, "\(arguments)")
        }
    }

    /// A file of mistakes is reported as compilers do: the first 20, then how many lines were not checked, so the
    /// first mistake comes as soon on a file of a million lines as on a short one.
    @Test func aFileOfMistakesStopsAfterTwenty() throws {
        let path = try temporaryFile(
            Data(("app notes\n" + String(repeating: "tpa notes\n", count: 5_000)).utf8), named: "typos.scenario")
        let result = try Self.run(["run", path])
        #expect(result.status == 2)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.filter { $0.contains(": error: unknown command 'tpa'") }.count == 20)
        #expect(
            lines.last?.hasSuffix("typos.scenario: stopped after 20 errors; 4980 more lines were not checked") == true)
        #expect(result.output.isEmpty)
    }

    /// Input that is not text is refused at its first NUL byte, with the offset: `/dev/zero` does not fill the
    /// disk.
    @Test func aStreamThatIsNotTextIsRefusedAtItsFirstNUL() throws {
        let run = try Self.run(["run", "/dev/zero"])
        #expect(run.status == 2)
        #expect(
            run.errors
                == "/dev/zero:1: error: this is not text: a NUL byte at offset 0 (binary data, or text in UTF-16); "
                + "lifecycle reads UTF-8 text\n")
        let check = try Self.run(["check", "-"], input: "applicationDidBecomeActive:\nab\0c\n")
        #expect(check.status == 2)
        #expect(check.errors.hasPrefix("<stdin>:2: error: this is not text: a NUL byte at offset 30 "))
        let endless = try Self.run(["run", "-"], input: String(repeating: "a", count: (1 << 20) + 10))
        #expect(endless.status == 2)
        #expect(endless.errors.hasPrefix("<stdin>:1: error: the line is longer than 1048576 bytes"))
    }

    /// What standard input's copy keeps is bounded by the lines that matter, not by the input's length: under a
    /// file-size limit of 1 MB, 24 MB of comments (or of a log's other lines) go through.
    @Test(arguments: [
        (
            ["run", "-"], "app notes\ntap notes\n", "home\n",
            "# a comment, long enough to weigh on the disk when copied whole\n"
        ),
        (
            ["check", "-"], "applicationWillResignActive:\n", "applicationDidBecomeActive:\n",
            "2024-05-01 10:00:00.000 Noisy[1:2] some other line of the app\n"
        ),
    ])
    func standardInputsCopyKeepsOnlyTheLinesThatMatter(
        arguments: [String], head: String, tail: String, filler: String
    ) throws {
        let input = try temporaryFile(
            Data((head + String(repeating: filler, count: 24_000_000 / filler.utf8.count) + tail).utf8),
            named: "input")
        // 1000 blocks of 1024 bytes: a copy of the whole input gets the process killed by SIGXFSZ.
        let result = try Self.run(arguments, inputFile: input, limits: "-f 1000")
        #expect(result.status == 0, "\(result.errors)")
    }

    /// Three hundred files under a limit of 64 open files: each is opened when its turn comes, so both commands
    /// read them all (they held every one open, and failed at the 62nd).
    @Test(arguments: [
        ("run", "scenario", "app notes\ntap notes\nhome\n", "background → suspended"),
        ("check", "log", "applicationWillResignActive:\napplicationDidEnterBackground:\n", "lifecycle lines fit"),
    ])
    func manyFilesAreOpenedOneAtATime(command: String, suffix: String, text: String, seen: String) throws {
        let files = try (1...300).map { try temporaryFile(Data(text.utf8), named: "many-\($0).\(suffix)") }
        let result = try Self.run([command] + files, limits: "-n 64")
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.isEmpty)
        #expect(result.output.components(separatedBy: seen).count - 1 == 300)
    }

    /// An escape or a bell in the input is shown as its code where a message quotes the input, never sent to the
    /// terminal, where it would recolour or clear the screen.
    @Test func messagesShowControlCharactersAsTheirCodes() throws {
        let scenario = try Self.run(["run", "-"], input: "app notes\ntap notes\u{1B}[2J\u{7}\n")
        #expect(scenario.status == 2)
        #expect(!scenario.errors.contains("\u{1B}") && !scenario.errors.contains("\u{7}"))
        #expect(scenario.errors.contains("found 'notes\\u{1B}[2J\\u{7}'"))
        // The caret stays under the column the message names, past the escaped characters' codes.
        #expect(scenario.errors.contains("    2 | tap notes\\u{1B}[2J\\u{7}\n      |     ^\n"))
        let log = try Self.run(
            ["check", "-"],
            input: "application:didFinishLaunchingWithOptions:\napplicationDidEnterBackground:\n"
                + "applicationDidBecomeActive: \u{1B}]0;title\u{7}\napplicationWillEnterForeground:\n")
        #expect(log.status == 1)
        #expect(!log.output.contains("\u{1B}") && !log.output.contains("\u{7}"))
        #expect(log.output.contains("    3 | applicationDidBecomeActive: \\u{1B}]0;title\\u{7}\n"))
    }

    /// Comments are shown by the demo only: a file of 60 MB of comment lines runs under a limit of 200 MB of
    /// memory (they were held until the line below them, some three times their size).
    @Test func commentsAreNotHeldInMemory() throws {
        let comment = "# " + String(repeating: "x", count: 98) + "\n"
        let path = try temporaryFile(
            Data(("app notes\ntap notes\n" + String(repeating: comment, count: 600_000) + "home\n").utf8),
            named: "comments.scenario")
        let result = try Self.run(["run", path], limits: "-v 200000")
        #expect(result.status == 0)
    }

    /// A line of more than a megabyte is no scenario's or log's: it is refused with its number, not held whole.
    @Test func aLineLongerThanAnyRealOneIsRefused() throws {
        let long = String(repeating: "x", count: 3 << 20)
        let scenario = try temporaryFile(Data("app notes\ntap notes\n#\(long)\nhome\n".utf8), named: "long.scenario")
        let run = try Self.run(["run", scenario])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.hasSuffix(
                "long.scenario:3: error: the line is longer than 1048576 bytes, longer than any line of a scenario\n"))
        let log = try temporaryFile(
            Data("applicationDidBecomeActive:\n\(long)\napplicationWillResignActive:\n".utf8), named: "long.log")
        let check = try Self.run(["check", log])
        #expect(check.status == 2)
        #expect(
            check.errors.hasSuffix(
                "long.log:2: error: the line is longer than 1048576 bytes, longer than any line of a log\n"))
    }

    @Test func checkRefusesWhatIsNotALogFile() throws {
        let directory = try Self.run(["check", NSTemporaryDirectory()])
        #expect(directory.status == 2)
        #expect(directory.errors.hasSuffix(": error: not a log file but a directory\n"))
        let scenario = try temporaryFile(Data("app notes\ntap notes\n".utf8), named: "a.scenario")
        let noLifecycle = try Self.run(["check", scenario])
        #expect(noLifecycle.status == 2)
        #expect(noLifecycle.errors.contains("error: no line of this log names a lifecycle callback or notification"))
        let binary = try temporaryFile(Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 0x0A]), named: "a.out")
        #expect(try Self.run(["check", binary]).status == 2)
        // Nothing is printed for the good file before the bad one is found.
        let good = try temporaryFile(Data("applicationDidBecomeActive:\n".utf8), named: "good.log")
        let both = try Self.run(["check", good, NSTemporaryDirectory()])
        #expect(both.status == 2)
        #expect(both.output.isEmpty)
    }

    @Test func standardInputIsCopiedPrivatelyAndLeavesNothingBehind() throws {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-spool-\(UUID())")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: spool) }
        let log = String(repeating: "applicationWillResignActive:\napplicationDidBecomeActive:\n", count: 20_000)
        let result = try Self.run(["check", "-"], input: log, environment: ["TMPDIR": spool.path])
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("<stdin>: 40000 lifecycle lines fit the model; 0 other lines skipped\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
    }

    @Test func runsABuiltInScenarioByName() throws {
        let result = try Self.run(["run", "home", "--format", "jsonl"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(#"{"t":0,"kind":"action","line":3,"text":"tap notes"}"#))
        let unknown = try Self.run(["run", "hom"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasSuffix("; did you mean 'home'?\n"))
    }

    @Test func theDemoOfOneScenarioExplainsItsLines() throws {
        let result = try Self.run(["demo", "home"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines[0].hasPrefix("━━ home — "))
        #expect(lines.contains { $0.hasPrefix("            │ ") })
        #expect(lines.allSatisfy { $0.count <= 100 })
        let unknown = try Self.run(["demo", "cold-lunch"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("did you mean 'cold-launch'?"))
    }

    @Test func printsItsVersion() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("lifecycle "))
    }
}

/// `lifecycle serve` as a user starts it: the address it prints, a port taken, a bad option, and SIGTERM.
@Suite struct ServeCommandTests {
    @Test func serveSaysWhereItListensRefusesATakenPortAndStopsOnSigterm() async throws {
        let server = Process()
        server.executableURL = CommandLineTests.executable
        server.arguments = ["serve", "--port", "0"]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        // The first line says where: read it byte by byte, without waiting for the end of the output.
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix("The playground is at http://127.0.0.1:"))
        let port = try #require(text.split(separator: ":").last?.split(separator: "/").first.map(String.init))
        let taken = try CommandLineTests.run(["serve", "--port", port])
        #expect(taken.status == 1)
        #expect(taken.errors.contains("lifecycle serve: cannot serve on 127.0.0.1:\(port)"))
        kill(server.processIdentifier, SIGTERM)
        for _ in 0..<500 where server.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!server.isRunning && server.terminationStatus == 0, "SIGTERM stops it gracefully")
        let bad = try CommandLineTests.run(["serve", "--port", "70000"])
        #expect(bad.status == 2 && bad.errors.contains("--port must be from 0 to 65535"))
    }
}
