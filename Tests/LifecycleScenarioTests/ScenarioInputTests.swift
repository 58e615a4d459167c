import LifecycleCore
import Testing

@testable import LifecycleScenario
@testable import LifecycleSimulator
@testable import LifecycleText
@testable import LifecycleTrace

/// What a new user's files hold beyond the happy path: other systems' line endings, numbers too large for
/// any clock, megabyte-long words, misspellings in any case, and files that do nothing. Each case failed
/// before it was fixed.
@Suite struct ScenarioInputTests {
    static func load(_ source: String) throws(ScenarioErrors) -> Scenario {
        try ScenarioRunner.load(source, file: "t.scenario")
    }

    static func errors(_ source: String) -> [ScenarioError] {
        do {
            _ = try load(source)
            return []
        } catch {
            return error.errors
        }
    }

    static func trace(_ source: String) throws -> String {
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch(format: .jsonl).run(
            [.init(file: "t.scenario", source: source)], output: &output, errors: &errors)
        #expect(errors.isEmpty)
        #expect(outcome == .success)
        return output
    }

    // MARK: Line endings

    @Test(arguments: ["\r\n", "\r", "\n"])
    func everyLineEndingParsesAlike(ending: String) throws {
        let source = ["app notes", "tap notes   # a comment", "", "expect notes active", ""].joined(separator: ending)
        let scenario = try Self.load(source)
        #expect(scenario.apps.map(\.id) == ["notes"])
        #expect(scenario.steps.map(\.line) == [2, 4])
        #expect(try Self.trace(source) == Self.trace("app notes\ntap notes\n\nexpect notes active\n"))
    }

    @Test func columnsStayRightWithWindowsLineEndings() {
        let errors = Self.errors("app notes\r\ntap notes\r\nwait soon\r\n")
        #expect(
            errors.map(\.description) == [
                "t.scenario:3:6: error: expected a duration such as 250ms, 5s, 1.5s or 3m, found 'soon'"
            ])
        #expect(Self.errors("app notes\r\ntap\r\n").map(\.column) == [4])
    }

    // MARK: Numbers too large

    @Test(arguments: [
        (
            "wait 999999999999999999h", "1:6",
            "durations are at most 100000h (about 11 years), found '999999999999999999h'"
        ),
        (
            "wait 9223372036854775.808s", "1:6",
            "durations are at most 100000h (about 11 years), found '9223372036854775.808s'"
        ),
        (
            "wait 9223372036854775807ms", "1:6",
            "durations are at most 100000h (about 11 years), found '9223372036854775807ms'"
        ),
        ("wait 100001h", "1:6", "durations are at most 100000h (about 11 years), found '100001h'"),
        ("device memory=9007199254740993GB", "1:8", "memory sizes are at most 1024GB, found '9007199254740993GB'"),
        (
            "device memory=99999999999999999999999MB", "1:8",
            "memory sizes are at most 1024GB, found '99999999999999999999999MB'"
        ),
        ("app a memory=1025GB", "1:7", "memory sizes are at most 1024GB, found '1025GB'"),
        (
            "memory-pressure 99999999999999999999", "1:17",
            "expected a number of apps from 1 to 1000000, found '99999999999999999999'"
        ),
        (
            "app a background-task=9999999999999999999s", "1:7",
            "'background-task=9999999999999999999s': durations are at most 100000h (about 11 years), found '9999999999999999999s'"
        ),
        (
            "app a did-enter-background=200000h", "1:7",
            "'did-enter-background' expects a duration, such as 6s, found '200000h'"
        ),
    ])
    func numbersAreRangeChecked(source: String, position: String, message: String) {
        #expect(Self.errors(source).map(\.description) == ["t.scenario:\(position): error: \(message)"])
    }

    @Test func theLargestNumbersRunWithoutOverflow() throws {
        // Every wait at its largest, many times over: far more time than a clock of milliseconds in Int64 holds
        // is not reachable this way, but the clock must take every one of them.
        var source = "device memory=1024GB\napp a memory=1024GB\napp b memory=1024GB background-modes=fetch\ntap a\n"
        source += String(repeating: "wait 100000h\n", count: 1000)
        source += "home\nfetch b\nexpect b suspended\n"
        let trace = try Self.trace(source)
        #expect(trace.contains(#""t":360000000000,"#))
    }

    @Test func theClockStopsAtItsEndInsteadOfOverflowing() {
        let simulator = Simulator(phone: Phone(apps: []), sink: CollectingTraceSink())
        for _ in 0..<3 { simulator.advance(by: .seconds(Int64.max / 2)) }
        #expect(simulator.now == Simulator<CollectingTraceSink>.endOfTime)
        #expect(simulator.now.secondsText == "1000000000000000")
        #expect(
            simulator.sink.records.map(\.event) == [
                .note(nil, "the simulator's clock stops at its end, 10^15 s; what falls later happens then")
            ])
        var fired = false
        simulator.after(.seconds(Int64.max)) { fired = true }
        simulator.advance(by: .seconds(1))
        #expect(fired)
    }

    /// A timer the phone sets and cancels while carrying out one event (the watchdog around a callback that
    /// returns at once) never waits in the simulator's queue; a timer left set does, and fires.
    @Test func timersSetAndCancelledTogetherNeverWait() throws {
        let uploader = AppConfiguration(id: "up", behavior: AppBehavior(backgroundTaskWork: .seconds(30)))
        let simulator = Simulator(phone: Phone(apps: [uploader]), sink: CollectingTraceSink())
        try simulator.perform(.tap("up"))
        #expect(simulator.pendingEvents == 0)
        try simulator.perform(.home)
        #expect(simulator.pendingTimers.map(\.timer.purpose).contains(.backgroundTaskEnds))
        simulator.advance(by: .seconds(31))
        #expect(simulator.phone.state(of: "up") == .suspended)
        #expect(simulator.pendingTimers.isEmpty)
    }

    /// The simulator guards its sink itself: a sink that reaches its simulator while it writes stops the process, as
    /// Swift's run-time exclusivity check stopped it, and a sink used between writes is the sink.
    @Test func aSinkThatReachesItsSimulatorWhileItWritesStopsTheProcess() async throws {
        let holder = SimulatorHolder()
        let simulator = Simulator(phone: Phone(apps: [AppConfiguration(id: "a")]), sink: ReachingSink(holder: holder))
        try simulator.perform(.tap("a"))
        #expect(simulator.sink.writes > 0)
        simulator.sink.writes = 0
        #expect(simulator.sink.writes == 0)
        await #expect(processExitsWith: .failure) {
            let holder = SimulatorHolder()
            let simulator = Simulator(
                phone: Phone(apps: [AppConfiguration(id: "a")]), sink: ReachingSink(holder: holder))
            holder.simulator = simulator
            try? simulator.perform(.tap("a"))
        }
    }

    @Test func aPhoneKeepsMemoryWithinItsRange() throws {
        let huge = AppConfiguration(id: "huge", backgroundModes: [.fetch], memory: .max)
        var phone = Phone(deviceMemory: .max, apps: [huge, AppConfiguration(id: "b", memory: .max)])
        _ = try phone.perform(.tap("b"))
        _ = try phone.perform(.backgroundEvent(.fetch, "huge"))
        #expect(phone.memoryInUse == 2 * AppConfiguration.maximumMemory)
    }

    @Test func durationsBeyondInt64MillisecondsSaturate() {
        #expect(Duration.seconds(Int64.max).inMilliseconds == .max)
        #expect((Duration.seconds(Int64.max) + .seconds(Int64.max)).inMilliseconds == .max)
        #expect(Duration.seconds(Int64.min).inMilliseconds == .min)
        #expect(Duration.seconds(9_223_372_036_854_775).inMilliseconds == 9_223_372_036_854_775_000)
    }

    // MARK: Long words

    @Test func aMegabyteWordIsQuotedShort() {
        let word = String(repeating: "x", count: 1_000_000)
        let errors = Self.errors(word + "\n")
        #expect(errors.count == 1)
        let message = errors.first?.description ?? ""
        #expect(message.hasPrefix("t.scenario:1:1: error: unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'"))
        // The message lists every command (some 560 characters), not the megabyte.
        #expect(message.count < 800)
        #expect((errors.first?.diagnostic.count ?? 0) < 1_100)
    }

    @Test func longAppIDsAreRefused() {
        let id = String(repeating: "a", count: 101)
        #expect(
            Self.errors("app \(id)").map(\.message) == [
                "an app id has at most 100 characters, found 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…'"
            ])
        #expect(Self.errors("app \(id.dropLast())\ntap \(id.dropLast())").isEmpty)
    }

    @Test func suggestionsSkipCandidatesThatCannotBeClose() {
        #expect(Spelling.closest(to: String(repeating: "t", count: 10_000), among: ["tap"]) == nil)
        #expect(Spelling.closest(to: "tapp", among: ["tap", "home"]) == "tap")
    }

    // MARK: Messages for people

    @Test func errorsShowTheLineWithACaret() {
        let error = Self.errors("app notes\n\tswipe   notes").first
        #expect(
            error?.diagnostic == """
                t.scenario:2:2: error: 'swipe notes' is impossible here: the app switcher is not open
                    2 | \tswipe   notes
                      | \t^
                """)
    }

    @Test func aLongLineIsShownAsAWindowAroundTheColumn() {
        let line = String(repeating: "a ", count: 200) + "X"
        let excerpt = SourceExcerpt.render(line, line: 7, column: 401)
        let rows = excerpt.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("    7 | …"))
        #expect(rows[0].hasSuffix("a X"))
        #expect(rows[0].count <= 110)
        #expect(rows[1].hasSuffix("^"))
        #expect(rows[1].count == rows[0].count)
    }

    @Test(arguments: [
        (
            "app notes\nTAP notes",
            "unknown command 'TAP'; expected a declaration (profile, device, app) or an action; did you mean 'tap'?"
        ),
        (
            "app notes\ntap notes\nexpect notes activ",
            "expected a state (notRunning, inactive, active, background, suspended), found 'activ'; did you mean 'active'?"
        ),
        ("app notes\ntap Notes", "app 'Notes' is not declared; did you mean 'notes'?"),
        ("app notes\ntap nots", "app 'nots' is not declared; did you mean 'notes'?"),
        ("app notes\ntap mail", "app 'mail' is not declared; declare it first with 'app mail'"),
        ("profile IOS13", "expected a profile, ios4 to ios18, or ios26, found 'IOS13'; did you mean 'ios13'?"),
        ("app a Exits-On-Suspend", "unknown app option 'Exits-On-Suspend'; did you mean 'exits-on-suspend'?"),
    ])
    func suggestionsIgnoreCase(source: String, message: String) {
        #expect(Self.errors(source).map(\.message) == [message])
    }

    @Test func aFailedDeclarationDoesNotCascade() {
        let errors = Self.errors("app notes colour=red\ntap notes\nhome\nexpect notes suspended\n")
        #expect(errors.map(\.line) == [1])
    }

    @Test func aFileWithManyMistakesStopsAfterTheFirstTwenty() {
        let source = String(repeating: "tapp\n", count: 250)
        do {
            _ = try Self.load(source)
            Issue.record("expected errors")
        } catch {
            #expect(error.errors.count == 20)
            #expect(error.errors.last?.line == 20)
            #expect(error.uncheckedLines == 230)
            #expect(
                error.description.hasSuffix("\nt.scenario: stopped after 20 errors; 230 more lines were not checked"))
        }
    }

    @Test(arguments: [
        ("", "t.scenario: error: nothing to run: the file has no command (it is empty, or only comments)\n"),
        (
            "# only a comment\n\n",
            "t.scenario: error: nothing to run: the file has no command (it is empty, or only comments)\n"
        ),
        (
            "app notes\n",
            "t.scenario: error: nothing to run: the file declares apps but has no action, such as 'tap notes'\n"
        ),
    ])
    func aFileThatDoesNothingSaysSo(source: String, message: String) {
        var output = ""
        var errors = ""
        let outcome = ScenarioBatch().run([.init(file: "t.scenario", source: source)], output: &output, errors: &errors)
        #expect(outcome == .invalidInput)
        #expect(output.isEmpty)
        #expect(errors == message)
    }

    @Test func homeOnTheHomeScreenDoesNothingButSaySo() throws {
        let trace = try Self.trace("app notes\nhome\ntap notes\nhome\nhome\nexpect notes suspended\n")
        let notes = trace.split(separator: "\n").filter { $0.contains(#""kind":"note""#) }
        #expect(notes.count == 2)
        #expect(
            notes.allSatisfy {
                $0.contains("Home pressed on the Home screen: no app is in the foreground, nothing happens")
            })
    }

    // MARK: Explanations

    @Test func commentsExplainTheLineBelowThemOrBesideThem() throws {
        let scenario = try Self.load(
            """
            # The file's summary.
            app notes

            # Tapping the icon launches the app:
            # no willEnterForeground on a launch.
            tap notes
            home   # off it goes
            wait 1s
            """)
        #expect(
            scenario.steps.map(\.comment) == [
                "Tapping the icon launches the app: no willEnterForeground on a launch.", "off it goes", nil,
            ])
    }

    @Test func theDemoExplainsEachLineWithinOneHundredColumns() throws {
        var output = ""
        var errors = ""
        let source = "app notes\n# " + String(repeating: "Tapping launches the app. ", count: 10) + "\ntap notes\n"
        _ = ScenarioBatch(explains: true).run(
            [.init(file: "t.scenario", source: source)], output: &output, errors: &errors)
        let lines = output.split(separator: "\n")
        #expect(lines[1].hasPrefix("            │ Tapping launches the app."))
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.filter { $0.contains("│") }.count == 3)
    }
}

/// Gives a sink its simulator, once both exist.
final class SimulatorHolder {
    var simulator: Simulator<ReachingSink>?
}

/// A sink that, once it has its simulator, reads the simulator's sink from inside its own `write(_:)`.
struct ReachingSink: TraceSink {
    let holder: SimulatorHolder
    var writes = 0

    mutating func write(_ record: TraceRecord) {
        writes += 1
        _ = holder.simulator?.sink
    }
}
