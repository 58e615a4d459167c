import LifecycleCore
import LifecycleScenario
import LifecycleSimulator
import LifecycleTimeline
import LifecycleTrace

/// One page's phone: a scenario and the simulator running it, a line at a time.
///
/// The session is the scenario: every button the page offers is a line of the scenario language appended to
/// it and run (``PlaygroundRequest/perform(line:)``), playing time grows a `wait` line, and stepping back runs
/// the scenario again from the start, one line short — the simulator is deterministic, so that is the same
/// phone. Whatever a session shows, saving its scenario and running it with `lifecycle run` shows too.
///
/// It does no I/O: the server hands it requests and sends its replies.
public final class PlaygroundSession {
    /// The scenario a new page starts with.
    public static let welcome = """
        # Tap an icon, press Home, open the switcher: each button adds its line here and runs it.
        profile ios17
        app notes
        app maps background-task=20s
        app music background-modes=audio
        app photos scenes

        """

    /// The most apps a playground phone draws.
    public static let mostApps = 24
    /// The longest trace a session keeps, in lines: past it, the page must restart or load a scenario.
    public static let longestTrace = 50_000
    /// The file name errors are reported against.
    public static let fileName = "playground.scenario"

    public private(set) var source: String
    private var scenario: Scenario
    /// The parser, having read `source`: a line appended to it is read alone, so a long session does not read its
    /// whole scenario again at every button.
    private var parser: ScenarioParser
    /// The number the next appended line takes.
    private var nextLineNumber: Int
    private var simulator: Simulator<PlaygroundTraceSink>
    /// The index of the next step to run.
    private var next = 0
    /// The trace's lines so far (each record of the simulator's sink, written as text).
    private var lines: [TraceLine] = []
    /// While time plays: the `wait` step it grows, its trace line, and the source before it.
    private var playback: (traceIndex: Int, sourceBefore: String, parserBefore: ScenarioParser)?
    private var writer: TextTraceWriter<String>

    /// A session on the welcome scenario.
    public convenience init() {
        // The welcome scenario is the project's own: it parses.
        try! self.init(source: Self.welcome)
    }

    /// A session on a scenario; throws its mistakes.
    public init(source: String) throws(ScenarioErrors) {
        let reading = try Self.read(source)
        let scenario = reading.scenario
        self.source = source
        self.scenario = scenario
        self.parser = reading.parser
        self.nextLineNumber = reading.nextLine
        self.simulator = Simulator(phone: scenario.makePhone(), sink: PlaygroundTraceSink())
        self.writer = Self.writer(for: scenario)
    }

    /// Carries out a request and answers with the phone as it now is.
    ///
    /// A mistake stops the request where it is found and the reply says what it was: a line with a mistake is
    /// neither added nor run, and a scenario with one is not loaded; the lines run before it stay run.
    public func handle(_ request: PlaygroundRequest) -> PlaygroundReply {
        if let refusal = refusal(of: request) {
            return reply(from: lines.count, source: .unchanged, problem: refusal, export: nil)
        }
        let sourceBefore = source
        let traceBefore = lines.count
        var from = traceBefore
        var sourceChanged = false
        var export: String?
        var timeline: String?
        var problem: Problem?
        do throws(ScenarioErrors) {
            switch request {
            case .load(let text):
                try load(text)
                from = 0
                sourceChanged = true
            case .perform(let line):
                try runRemaining()
                let rebuilt = try append(line)
                if rebuilt { from = 0 }
                sourceChanged = true
            case .step:
                if next < scenario.steps.count { try runStep() }
            case .back:
                if next > 0 {
                    try replay(steps: next - 1)
                    from = 0
                }
            case .run:
                try runRemaining()
            case .restart:
                try replay(steps: 0)
                from = 0
            case .advance(let milliseconds):
                try runRemaining()
                let grew = try advance(by: .milliseconds(milliseconds))
                from = min(from, grew)
                sourceChanged = true
            case .export:
                export = jsonl()
            case .timeline:
                timeline = drawTimeline()
            }
        } catch {
            problem = Problem(error)
        }
        if problem == nil, isFull, next < scenario.steps.count { problem = Self.full }
        let sourceChange: SourceChange
        if case .load = request, sourceChanged {
            sourceChange = .replaced
        } else {
            sourceChange = sourceChanged ? .edited(SourceEdit(from: sourceBefore, to: source)) : .unchanged
        }
        return reply(
            from: min(from, lines.count), source: sourceChange, problem: problem, export: export, timeline: timeline)
    }

    /// What a reply says of the scenario's text.
    private enum SourceChange {
        case unchanged
        /// The whole text goes with the reply.
        case replaced
        /// Only the change does.
        case edited(SourceEdit)
    }

    /// Why a request that would make the session grow past its bounds is refused, if it would.
    private func refusal(of request: PlaygroundRequest) -> Problem? {
        switch request {
        case .perform(let line) where source.utf8.count + line.utf8.count + 1 > PlaygroundRequest.longestSource:
            return Problem(
                message: "the scenario would be longer than \(PlaygroundRequest.longestSource / 1024) KB: "
                    + "save it and start another")
        case .perform, .advance, .step, .run:
            return isFull ? Self.full : nil
        default:
            return nil
        }
    }

    /// Whether the trace has reached its longest: nothing more runs.
    private var isFull: Bool { lines.count >= Self.longestTrace }

    private static let full = Problem(
        message: "the trace has reached \(longestTrace) lines: restart, step back, or load a shorter scenario")

    /// The reply for a request that was not one.
    public func reply(to invalid: PlaygroundRequest.Invalid) -> PlaygroundReply {
        reply(from: lines.count, source: .unchanged, problem: Problem(request: invalid), export: nil)
    }

    /// The whole state, as a page that has just connected needs it.
    public func welcomeReply() -> PlaygroundReply {
        reply(from: 0, source: .replaced, problem: nil, export: nil)
    }

    // MARK: Requests

    private func load(_ text: String) throws(ScenarioErrors) {
        let reading = try Self.read(text)
        source = text
        accept(reading)
        writer = Self.writer(for: reading.scenario)
        try replay(steps: 0)
    }

    private func accept(_ reading: Reading) {
        (scenario, parser, nextLineNumber) = (reading.scenario, reading.parser, reading.nextLine)
    }

    /// Appends a line and runs it. Returns whether the phone was built anew (the line declared something).
    private func append(_ line: String) throws(ScenarioErrors) -> Bool {
        let separator = source.isEmpty || source.hasSuffix("\n") || source.hasSuffix("\r") ? "" : "\n"
        let candidateSource = source + separator + line + "\n"
        var candidateParser = parser
        let read: ScenarioParser.Line?
        do {
            read = try candidateParser.read(line[...], number: nextLineNumber)
        } catch {
            var error = error
            error.sourceLine = line
            throw ScenarioErrors(errors: [error])
        }
        let declared = candidateParser.declarations
        let unmet = declared.unmetRequirements()
        guard unmet.isEmpty else { throw ScenarioErrors(errors: unmet) }
        var isDeclaration = declared.profile != scenario.profile || declared.deviceMemory != scenario.deviceMemory
        if case .app = read { isDeclaration = true }
        guard !isDeclaration else {
            // A declaration: the phone is another one; run the whole scenario on it, or change nothing.
            let candidate = try Self.read(candidateSource)
            let previous = (
                source: source, reading: Reading(scenario: scenario, parser: parser, nextLine: nextLineNumber),
                writer: writer, next: next
            )
            source = candidateSource
            accept(candidate)
            writer = Self.writer(for: candidate.scenario)
            do {
                try replay(steps: candidate.scenario.steps.count)
            } catch {
                (source, writer) = (previous.source, previous.writer)
                accept(previous.reading)
                try? replay(steps: previous.next)
                throw error
            }
            return true
        }
        let previous = (
            source: source, parser: parser, nextLine: nextLineNumber, steps: scenario.steps.count,
            requirements: scenario.requirements
        )
        source = candidateSource
        parser = candidateParser
        nextLineNumber += 1
        if case .step(let step) = read { scenario.steps.append(step) }
        scenario.requirements = declared.requirements
        do {
            while next < scenario.steps.count, !isFull { try runStep() }
        } catch {
            (source, parser, nextLineNumber) = (previous.source, previous.parser, previous.nextLine)
            scenario.steps.removeSubrange(previous.steps...)
            scenario.requirements = previous.requirements
            throw error
        }
        playback = nil
        return false
    }

    /// Lets time pass: a new `wait` line, or the one time is already playing grows. Returns the index of the
    /// first trace line that changed.
    private func advance(by duration: Duration) throws(ScenarioErrors) -> Int {
        if let playback, case .wait(let played) = scenario.steps.last?.command,
            played + duration <= .seconds(100_000 * 3600)
        {
            let total = played + duration
            let text = "wait " + Self.durationText(total)
            scenario.steps[scenario.steps.count - 1].command = .wait(total)
            scenario.steps[scenario.steps.count - 1].text = text
            source = playback.sourceBefore + text + "\n"
            // The parser reads the grown line instead of the one it replaces (a `wait` of any length reads alike).
            parser = playback.parserBefore
            _ = try? parser.read(text[...], number: nextLineNumber - 1)
            var action = lines[playback.traceIndex]
            action.text = render(
                TraceRecord(time: .seconds(action.time), event: .action(line: action.line ?? 0, text: text)))
            lines[playback.traceIndex] = action
            simulator.advance(by: duration)
            collect()
            return playback.traceIndex
        }
        let sourceBefore = source.isEmpty || source.hasSuffix("\n") ? source : source + "\n"
        let parserBefore = parser
        let traceIndex = lines.count
        _ = try append("wait " + Self.durationText(duration))
        playback = (traceIndex, sourceBefore, parserBefore)
        return traceIndex
    }

    private func runRemaining() throws(ScenarioErrors) {
        while next < scenario.steps.count, !isFull { try runStep() }
    }

    private func runStep() throws(ScenarioErrors) {
        do {
            _ = try ScenarioRunner.run(scenario.steps[next], of: scenario, on: simulator)
        } catch {
            var error = error
            error.sourceLine = Self.sourceLine(error.line, of: source)
            throw ScenarioErrors(errors: [error])
        }
        next += 1
        playback = nil
        collect()
    }

    /// Runs the scenario again from the start, up to `steps` steps.
    private func replay(steps: Int) throws(ScenarioErrors) {
        simulator = Simulator(phone: scenario.makePhone(), sink: PlaygroundTraceSink())
        lines = []
        next = 0
        playback = nil
        while next < min(steps, scenario.steps.count), !isFull { try runStep() }
    }

    /// The trace of the steps run so far, as `lifecycle run --format jsonl` writes it.
    private func jsonl() -> String {
        var writer = JSONLinesTraceWriter(output: "")
        let simulator = Simulator(phone: scenario.makePhone(), sink: CollectingTraceSink())
        for step in scenario.steps.prefix(next) { _ = try? ScenarioRunner.run(step, of: scenario, on: simulator) }
        for record in simulator.sink.records { writer.write(record) }
        return writer.output
    }

    // MARK: The trace

    /// Turns the simulator's new records into trace lines.
    private func collect() {
        let records = simulator.sink.records
        guard records.count > lines.count else { return }
        for record in records[lines.count...] { lines.append(line(for: record)) }
    }

    private func line(for record: TraceRecord) -> TraceLine {
        var line = TraceLine(
            time: record.time.inSeconds, text: render(record), kind: record.kind, app: nil, scene: nil, from: nil,
            to: nil, line: nil, passed: nil)
        switch record.event {
        case .action(let number, _):
            line.line = number
        case .transition(let app, let from, let to, _):
            (line.app, line.from, line.to) = (app.rawValue, from.rawValue, to.rawValue)
        case .sceneTransition(let app, let scene, let from, let to):
            (line.app, line.scene, line.from, line.to) = (app.rawValue, scene.rawValue, from.rawValue, to.rawValue)
        case .callback(let app, _, _), .notification(let app, _):
            line.app = app.rawValue
        case .sceneCallback(let app, let scene, _, _), .sceneNotification(let app, let scene, _):
            (line.app, line.scene) = (app.rawValue, scene.rawValue)
        case .expect(let number, let app, let expected, let actual):
            (line.line, line.app, line.passed) = (number, app.rawValue, expected == actual)
        case .expectScene(let number, let scene, let expected, let actual):
            (line.line, line.scene, line.passed) = (number, scene.rawValue, expected == actual)
        case .note(let app, _):
            line.app = app?.rawValue
        case .scheduledTask(let app, _, _):
            line.app = app.rawValue
        case .explanation:
            break
        }
        return line
    }

    private func render(_ record: TraceRecord) -> String {
        writer.output = ""
        writer.write(record)
        return String(writer.output.dropLast())
    }

    // MARK: Replies

    private func reply(
        from: Int, source change: SourceChange, problem: Problem?, export: String?, timeline: String? = nil
    ) -> PlaygroundReply {
        var edit: SourceEdit?
        if case .edited(let sourceEdit) = change { edit = sourceEdit }
        var whole: String?
        if case .replaced = change { whole = source }
        return PlaygroundReply(
            source: whole, sourceEdit: edit,
            nextLine: next < scenario.steps.count ? scenario.steps[next].line : nil,
            stepsRun: next, stepCount: scenario.steps.count, traceFrom: from, trace: Array(lines[from...]),
            phone: snapshot(), timeline: timeline, problem: problem, export: export)
    }

    /// The width the page's timeline is drawn at: the page scales it to its own.
    static let timelineWidth = 1100

    /// The session's timeline as `lifecycle timeline` draws it, up to the phone's time: drawn whole, its size
    /// bounded however long the session (what is narrower than a pixel collapses).
    private func drawTimeline() -> String {
        var recorder = simulator.sink.timeline
        return TimelineDrawing(width: Self.timelineWidth).svg([(nil, recorder.finish(at: simulator.now))])
    }

    private func snapshot() -> PhoneSnapshot {
        let phone = simulator.phone
        let now = simulator.now
        let apps = phone.appIDs.map { id in
            let configuration = phone.configuration(of: id)
            let onScreen = phone.windowsOnScreen(of: id)
            let sessions = phone.sessions(of: id).map { session in
                PhoneSnapshot.Session(
                    id: session.id.rawValue, role: session.role.rawValue,
                    state: session.state?.rawValue ?? SceneState.disconnectedName, phase: session.state?.phase.rawValue,
                    onScreen: onScreen.contains(session.id), placement: phone.placement(of: session.id)?.rawValue)
            }
            return PhoneSnapshot.App(
                id: id.rawValue, state: (phone.state(of: id) ?? .notRunning).rawValue,
                scene: phone.sceneState(of: id)?.rawValue,
                // SwiftUI's WindowGroup scenes: an external display shows none of its views (docs/lifecycle.md §22).
                scenePhase: configuration?.usesScenes == true
                    ? ScenePhase(
                        aggregating: phone.sessions(of: id).compactMap { $0.role == .window ? $0.state?.phase : nil }
                    ).rawValue : nil,
                usesScenes: configuration?.usesScenes ?? false,
                backgroundModes: configuration?.backgroundModes.map(\.rawValue).sorted() ?? [],
                tasks: phone.backgroundTaskCount(of: id),
                pendingRequests: phone.pendingRequests(of: id).map(\.identifier),
                scheduledTasks: phone.runningTasks(of: id),
                budget: simulator.backgroundTimeRemaining(of: id)?.inSeconds,
                memory: phone.state(of: id) == .notRunning ? 0 : phone.footprint(of: id) ?? 0, sessions: sessions,
                notifications: phone.waitingNotificationCount(of: id),
                notificationDelegate: configuration?.notificationDelegate != nil)
        }
        let timers = simulator.pendingTimers.map { pending in
            PhoneSnapshot.Timer(
                app: pending.timer.app?.rawValue, what: Self.describe(pending.timer),
                remaining: (pending.due - now).inSeconds)
        }
        return PhoneSnapshot(
            time: now.inSeconds, profile: phone.profile.rawValue, device: phone.device.rawValue,
            externalDisplay: phone.externalDisplay?.rawValue, isLocked: phone.isLocked,
            protectedData: phone.protectedDataState.rawValue, overlay: phone.overlay.map(Self.key),
            foreground: phone.foregroundApp?.rawValue,
            onScreen: phone.appsOnScreen.map(\.rawValue), keyWindow: phone.keyWindow?.rawValue,
            hiddenSlideOver: phone.hiddenSlideOverWindow?.rawValue, minimized: phone.minimizedWindows.map(\.rawValue),
            isHomeScreenShowing: phone.isHomeScreenShowing, cards: phone.switcherCards.map(\.rawValue),
            memoryInUse: phone.memoryInUse, deviceMemory: phone.deviceMemory, apps: apps, timers: timers)
    }

    // MARK: Helpers

    /// A scenario's text read whole, and where a line appended to it continues.
    private struct Reading {
        var scenario: Scenario
        var parser: ScenarioParser
        var nextLine: Int
    }

    private static func read(_ source: String) throws(ScenarioErrors) -> Reading {
        var parser = ScenarioParser(file: fileName)
        let (steps, nextLine) = try parser.readAll(source)
        var scenario = parser.declarations
        scenario.steps = steps
        let unmet = scenario.unmetRequirements()
        guard unmet.isEmpty else { throw ScenarioErrors(errors: unmet) }
        guard scenario.apps.count <= mostApps else {
            throw ScenarioErrors(errors: [
                ScenarioError(
                    file: fileName, line: 1, column: 1,
                    message:
                        "the playground draws at most \(mostApps) apps; this scenario declares \(scenario.apps.count)")
            ])
        }
        return Reading(scenario: scenario, parser: parser, nextLine: nextLine)
    }

    private static func writer(for scenario: Scenario) -> TextTraceWriter<String> {
        TextTraceWriter(output: "", apps: scenario.apps.map(\.id), colours: false)
    }

    private static func sourceLine(_ number: Int, of source: String) -> String? {
        let lines = source.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        return number >= 1 && number <= lines.count ? String(lines[number - 1]) : nil
    }

    /// A duration as the scenario language writes it: whole seconds as `12s`, anything else in milliseconds.
    static func durationText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
    }

    private static func key(_ overlay: Phone.Overlay) -> String {
        switch overlay {
        case .switcher: "switcher"
        case .notificationCenter: "notificationCenter"
        case .controlCenter: "controlCenter"
        case .alert: "alert"
        case .ringingCall: "ringingCall"
        case .callInProgress: "callInProgress"
        }
    }

    private static func describe(_ timer: SystemTimer) -> String {
        switch timer.purpose {
        case .callbackReturns: "the callback returns"
        case .watchdog: "watchdog: \(timer.subject?.description ?? "the callback") must finish"
        case .backgroundTaskEnds: "the background task's work ends"
        case .expirationWarning: "expiration handlers run"
        case .budgetExhausted: "background time runs out"
        case .backgroundEventCompletes: "the completion handler is called"
        case .protectedDataLocks: "protected data locks"
        case .taskRequestDue: "a task request may begin"
        case .scheduledTaskWorkDone: "the scheduled task completes"
        case .scheduledTaskExpires: "the scheduled task's expiration handler runs"
        case .scheduledTaskEnds: "the scheduled task's time ends"
        case .notificationDue: "a notification the app scheduled comes"
        }
    }
}
