import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleTrace
import LifecycleUIKit

/// Finds lifecycle bugs in an app's own code (docs/lifecycle.md §19): it runs the app's real delegates through
/// many sessions a seed generates — only actions possible in the phone's situation at each step — and reports what
/// breaks, each finding shrunk to the shortest scenario that still shows it.
///
/// ```swift
/// var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes background-modes=fetch\n")
/// explorer.run("notes", uikit: { AppDelegate() }, sceneDelegateClass: SceneDelegate.self)
/// explorer.snapshot("notes") { (app: AppDelegate) in app.draft }      // must survive a purge
/// explorer.invariant("no timer unless active") { device in !Timer.running || device.state(of: "notes") == .active }
/// let report = await explorer.explore(sessions: 2_000, actions: 50, seed: 7)
/// #expect(report.findings.isEmpty, "\(report)")
/// ```
///
/// The same seed gives the same sessions and the same findings, on any machine: virtual time, and every choice
/// drawn from the seed.
@MainActor
public struct LifecycleExplorer {
    /// The declarations, as given: each finding's scenario starts with them.
    public let declarations: String
    private(set) var scenario: Scenario
    /// How often each kind of step comes.
    public var weights = ExplorationWeights()
    /// The apps whose real code runs, each with what makes a fresh delegate for each of its processes.
    private var factories: [AppID: @MainActor () -> any ApplicationDelegate] = [:]
    private var sceneDelegateClasses: [AppID: any WindowSceneDelegate.Type] = [:]
    /// The object the app's code is, for snapshots: its delegate, or the UIKit-named delegate behind it. Shared by
    /// the factories, which record each object they make.
    let current = CurrentDelegates()
    var snapshots: [AppID: @MainActor (AnyObject) -> AnyHashable?] = [:]
    private var invariants: [(name: String, holds: @MainActor (SimulatedDevice) -> Bool)] = []
    private var networkDeclarations: [@MainActor (SimulatedNetwork) -> Void] = []

    /// - Parameter declarations: the scenario language's declarations — `profile`, `device`, and an `app` line
    ///   for each app with its options — so that a finding's scenario replays with the same header.
    /// - Throws: the declarations' mistakes, located as in a file; an action line is one.
    public init(declarations: String) throws(ScenarioErrors) {
        let scenario = try ScenarioParser(file: "declarations").parse(declarations)
        if let step = scenario.steps.first {
            throw ScenarioErrors(errors: [
                ScenarioError(
                    file: "declarations", line: step.line, column: step.column,
                    message: "expected declarations only (profile, device, app); the explorer writes the actions",
                    sourceLine: step.text)
            ])
        }
        self.declarations = declarations.hasSuffix("\n") ? declarations : declarations + "\n"
        self.scenario = scenario
    }

    /// Runs an app's real code, with LifecycleKit's names: `delegate` makes a fresh delegate for each process.
    public mutating func run(
        _ app: AppID, delegate: @escaping @MainActor () -> any ApplicationDelegate,
        sceneDelegateClass: (any WindowSceneDelegate.Type)? = nil
    ) {
        let current = self.current
        factories[app] = {
            let made = delegate()
            current.objects[app] = made
            return made
        }
        sceneDelegateClasses[app] = sceneDelegateClass
    }

    /// Runs an app's real code written with UIKit's names: `delegate` makes a fresh app delegate for each process,
    /// and each scene gets a `sceneDelegateClass`.
    public mutating func run(
        _ app: AppID, uikit delegate: @escaping @MainActor () -> any UIApplicationDelegate,
        sceneDelegateClass: LifecycleUIKit.NSObject.Type? = nil
    ) {
        let current = self.current
        factories[app] = {
            let made = delegate()
            current.objects[app] = made
            return UIKitApp(bundleIdentifier: app, delegate: made, sceneDelegateClass: sceneDelegateClass)
                .applicationDelegate
        }
        sceneDelegateClasses[app] = UIKitSceneDelegate.self
    }

    /// Runs an app type a host can run by itself — a SwiftUI `App` — with a fresh `App` for each process:
    /// `try explorer.run("notes", app: NotesApp.self)`. Unless a ``snapshot(_:_:)`` of the app's is given, the state
    /// its code wrote (each `@State` written and each `@SceneStorage` value, by the view that keeps it) must survive
    /// a purge.
    ///
    /// - Throws: ``AppNotRunnable`` when the declarations' profile is older than the app's lifecycle (iOS 14 for
    ///   SwiftUI's), or they do not declare the app with `scenes`.
    public mutating func run(_ app: AppID, app type: any HostableApp.Type) throws(AppNotRunnable) {
        let code = type.hostedCode(bundleIdentifier: app)
        let profile = scenario.profile ?? .defaultProfile
        if let reason = code.reasonItCannotRun(on: profile) {
            throw AppNotRunnable(description: "declarations: \(reason) (write `profile ios\(code.minimumVersion)`)")
        }
        guard let index = scenario.apps.firstIndex(where: { $0.id == app }) else {
            throw AppNotRunnable(description: "declarations: no app \(app) is declared (write `app \(app) scenes`)")
        }
        guard scenario.apps[index].usesScenes else {
            throw AppNotRunnable(
                description: "declarations: \(code.kind) has scenes: declare it `app \(app) scenes`")
        }
        // SwiftUI keeps each scene's `@SceneStorage` in the session's restoration activity, whatever the app declares.
        scenario.apps[index].behavior.restoresState = true
        let current = self.current
        factories[app] = {
            let made = code.makeDelegate()
            current.objects[app] = made as AnyObject
            return made
        }
        sceneDelegateClasses[app] = code.sceneDelegateClass
        if snapshots[app] == nil {
            snapshots[app] = { object in code.state(object).map { AnyHashable($0) } }
        }
    }

    /// Declares the servers the apps' code reaches in every session (``SimulatedDevice/network``):
    /// `explorer.network { $0.respond(to: "https://example.com/feed", body: "[]") }`. With a network declared, the
    /// explorer turns it off and on (`network off`, `network on`: the code's failure paths run), and a finished
    /// download comes only from the apps' own background sessions: it draws no `download` step, as iOS wakes an app
    /// only for the events of a session it made.
    public mutating func network(_ declare: @escaping @MainActor (SimulatedNetwork) -> Void) {
        networkDeclarations.append(declare)
    }

    /// An app the explorer cannot run under its declarations.
    public struct AppNotRunnable: Error, CustomStringConvertible {
        public let description: String
    }

    /// A value of the app's state that must survive the system purging the app: read when the app is suspended,
    /// and again when the user comes back after a purge (a swipe by the user may lose it).
    public mutating func snapshot<Delegate: AnyObject, Value: Hashable>(
        _ app: AppID, _ read: @escaping @MainActor (Delegate) -> Value
    ) {
        snapshots[app] = { object in (object as? Delegate).map { AnyHashable(read($0)) } }
    }

    /// A rule of the app's own, checked after every step.
    public mutating func invariant(_ name: String, _ holds: @escaping @MainActor (SimulatedDevice) -> Bool) {
        invariants.append((name, holds))
    }

    /// A rule of the app's own about the object its code is now (its delegate, or the UIKit-named one behind it),
    /// checked after every step while the app's process runs: state kept in the object, not in globals that outlive a
    /// session. An ended process's objects are gone with its memory — a restart or a crash ends a process in the
    /// middle of what it was doing, without a callback — so the rule is not asked of them.
    public mutating func invariant<Delegate: AnyObject>(
        _ name: String, of app: AppID, _ holds: @escaping @MainActor (Delegate, SimulatedDevice) -> Bool
    ) {
        let current = self.current
        invariants.append(
            (
                name,
                { device in
                    guard device.state(of: app) != .notRunning, let object = current.objects[app] as? Delegate else {
                        return true
                    }
                    return holds(object, device)
                }
            ))
    }

    // MARK: Exploring

    /// Runs `sessions` sessions of up to `actions` steps each, from `seed`; a session ends at its first finding,
    /// which is shrunk. Each distinct finding (its kind and app) is reported once, the first time it is found.
    public func explore(sessions: Int, actions: Int, seed: UInt64) async -> ExplorationReport {
        let loop = ExplorationLoop<Never>(
            runSession: { session in await runSession(session, actions: actions, seed: seed) }, replay: replay,
            scenarioSource: scenarioSource)
        return await loop.explore(sessions: sessions, actions: actions, seed: seed) { _, _ in }
    }

    /// The sessions `explore(sessions:actions:seed:)` runs, each as a scenario (declarations first), without
    /// looking for findings: to read what the explorer does, or to replay a session elsewhere.
    public func generatedSessions(sessions: Int, actions: Int, seed: UInt64) async -> [String] {
        var generated: [String] = []
        for session in 0..<max(0, sessions) {
            let outcome = await runSession(session, actions: actions, seed: seed, lookingForFindings: false)
            generated.append(scenarioSource(outcome.commands))
        }
        return generated
    }

    /// The seed of one session: sessions can be replayed one by one.
    nonisolated static func sessionSeed(_ session: Int, of seed: UInt64) -> UInt64 {
        var mixer = SplitMix64(seed: seed &+ UInt64(session) &* 0x9E37_79B9_7F4A_7C15)
        return mixer.next()
    }

    /// A generated session: its steps, as performed, and its first finding.
    private func runSession(
        _ session: Int, actions: Int, seed: UInt64, lookingForFindings: Bool = true
    ) async -> Outcome {
        var generator = SessionGenerator(
            seed: Self.sessionSeed(session, of: seed), weights: weights, apps: scenario.apps,
            hasNetwork: !networkDeclarations.isEmpty)
        guard let watch = Watch(self) else { return Outcome(commands: [], finding: nil, trace: "") }
        // The main actor is the tests' too: a session's steps settle only when the apps' tasks need it.
        await Task.yield()
        var commands: [Scenario.Command] = []
        for _ in 0..<max(0, actions) {
            var performed: Scenario.Command?
            for _ in 0..<12 {
                let command = generator.next(on: watch.device.simulator)
                if await watch.perform(command) {
                    performed = command
                    break
                }
            }
            let command = performed ?? .wait(.seconds(1))
            if performed == nil { _ = await watch.perform(command) }
            commands.append(command)
            if lookingForFindings, let finding = watch.check() {
                return Outcome(commands: commands, finding: finding, trace: "")
            }
        }
        return Outcome(commands: commands, finding: nil, trace: "")
    }

    /// Runs steps on a fresh device, dropping those that have become impossible, up to the first finding.
    func replay(_ commands: [Scenario.Command]) async -> Outcome {
        guard let watch = Watch(self) else { return Outcome(commands: [], finding: nil, trace: "") }
        var kept: [Scenario.Command] = []
        for command in commands {
            guard await watch.perform(command) else { continue }
            kept.append(command)
            if let finding = watch.check() {
                return Outcome(commands: kept, finding: finding, trace: watch.device.printedTrace())
            }
        }
        return Outcome(commands: kept, finding: nil, trace: watch.device.printedTrace())
    }

    /// The scenario of some steps, declarations first.
    func scenarioSource(_ commands: [Scenario.Command]) -> String {
        declarations + commands.compactMap(Self.line(of:)).joined(separator: "\n") + "\n"
    }

    nonisolated static func line(of command: Scenario.Command) -> String? {
        switch command {
        case .perform(let action): action.scenarioLine
        case .wait(let duration): "wait \(duration.secondsText)s"
        case .expect, .expectScene: nil
        }
    }

    /// What a run of steps left.
    struct Outcome {
        var commands: [Scenario.Command]
        var finding: Found?
        var trace: String
    }

    /// A finding as a run sees it, before shrinking.
    struct Found: Equatable {
        var kind: ExplorationFinding.Kind
        var app: AppID?
        var detail: String
    }

    // MARK: One device

    /// A fresh device running the explored code, and what has been checked of its trace so far.
    @MainActor
    final class Watch {
        let device: SimulatedDevice
        private let explorer: LifecycleExplorer
        private var checkedRecords = 0
        private var checkedSuspendedWork = 0
        /// Per app with a snapshot: what it showed when it last left the foreground, and, after the system purged
        /// it, what it must show again when the user brings it back (only if a tap or a pick takes it straight to
        /// the foreground).
        private var suspended: [AppID: AnyHashable] = [:]
        private var purged: [AppID: Purged] = [:]
        /// What an app showed when it left the user's sight, kept once the system ended its process.
        struct Purged {
            var snapshot: AnyHashable
            /// Ended by a restart, the user's own act (as a swipe is), not for memory: compared only across a launch
            /// while protected data was unavailable.
            var byRestart: Bool
            /// Launched since into the background while protected data was unavailable (a wake before the first
            /// unlock, a prewarm while locked): what the user finds when they come back is compared however the app
            /// came to the foreground's process (docs/lifecycle.md §21).
            var launchedLocked = false
        }

        /// The apps whose current process has been active: only what the user saw must come back.
        private var shown: Set<AppID> = []
        /// The app the last step brought back as the user does, with nothing new for it: a tap on its icon or a
        /// pick in the switcher. A URL, an activity or a notification may rightly change what it shows.
        private var plainReturn: AppID?

        /// The apps whose code runs, in a fixed order, with their applications.
        private let hostedApps: [(id: AppID, application: Application)]

        init?(_ explorer: LifecycleExplorer) {
            self.explorer = explorer
            do {
                device = try SimulatedDevice(
                    scenario: explorer.scenario, delegateFactories: explorer.factories,
                    sceneDelegateClasses: explorer.sceneDelegateClasses, defaultProfile: .defaultProfile,
                    startDate: Date(timeIntervalSinceReferenceDate: 0))
            } catch {
                return nil
            }
            for declare in explorer.networkDeclarations { declare(device.network) }
            let applications = device.applications
            hostedApps = applications.keys.sorted().compactMap { app in applications[app].map { (app, $0) } }
        }

        /// Performs a step, and lets the apps' tasks go on as far as they can before the next (docs/lifecycle.md
        /// §19); `false`, changing nothing, when it is impossible now.
        @inline(__always)
        func perform(_ command: Scenario.Command) async -> Bool {
            if case .wait(let duration) = command {
                // The apps' tasks that wake from their sleeps meanwhile run when they wake. (The step before settled.)
                await device.waitAndSettleSettled(duration)
                plainReturn = nil
                return true
            }
            guard performStep(command) else { return false }
            // Nearly every step of an exploration leaves no task awake: no need to call into `settle()` then.
            if device.hasTasksAwake { await device.settle() }
            return true
        }

        private func performStep(_ command: Scenario.Command) -> Bool {
            switch command {
            case .perform(let action):
                do {
                    try device.perform(action)
                } catch {
                    return false
                }
                plainReturn =
                    switch action {
                    case .tap(let app), .pick(let app): app
                    default: nil
                    }
                // The user swiping an app away may lose what it showed, even once the system has purged it.
                let swiped: AppID? =
                    switch action {
                    case .swipe(let app): app
                    case .swipeWindow(let scene), .closeWindow(let scene): scene.app
                    default: nil
                    }
                if let swiped {
                    purged[swiped] = nil
                    suspended[swiped] = nil
                }
            case .wait, .expect, .expectScene:
                return false
            }
            return true
        }

        /// The first finding the last step showed, if any.
        func check() -> Found? {
            let records = device.trace
            defer { checkedRecords = records.count }
            // Only snapshots need to know which apps launched and which left the foreground in this step.
            let watchesSnapshots = !explorer.snapshots.isEmpty
            var launched: Set<AppID> = []
            var leftForeground: Set<AppID> = []
            for index in checkedRecords..<records.count {
                switch records[index].event {
                case .note(let app, let text):
                    if let kind = Self.kind(ofNote: text) { return Found(kind: kind, app: app, detail: text) }
                case .transition(let app, let from, let to, let reason) where watchesSnapshots:
                    if to == .notRunning {
                        // What the user left must come back after the system ends the process for memory. A
                        // restart is the user's own act, as a swipe is: what the app showed is kept to compare only
                        // across a launch while protected data is unavailable (an app a restart ends in front never
                        // saved what it showed, and is not compared).
                        if reason == .memory || reason == .restart, let snapshot = suspended[app] {
                            purged[app] = Purged(snapshot: snapshot, byRestart: reason == .restart)
                        }
                        suspended[app] = nil
                        shown.remove(app)
                    } else if from == .notRunning {
                        launched.insert(app)
                        if to == .background, device.protectedDataState != .available {
                            purged[app]?.launchedLocked = true
                        }
                    }
                    if to == .active {
                        shown.insert(app)
                        suspended[app] = nil
                    }
                    if from == .inactive, to == .background { leftForeground.insert(app) }
                default:
                    break
                }
            }
            if device.workRanWhileSuspended.count > checkedSuspendedWork {
                checkedSuspendedWork = device.workRanWhileSuspended.count
                let (app, detail) = device.suspendedWorkNotes[checkedSuspendedWork - 1]
                return Found(kind: .ranWhileSuspended, app: app, detail: detail)
            }
            for (app, application) in hostedApps {
                if let item = application.takeLaunchItemsNotRead().first {
                    return Found(
                        kind: .launchItemDropped, app: app,
                        detail: "the \(Self.itemName(item)) handed to it was never read by its code")
                }
            }
            if watchesSnapshots, let found = checkSnapshots(launched: launched, leftForeground: leftForeground) {
                return found
            }
            for invariant in explorer.invariants where !invariant.holds(device) {
                return Found(kind: .invariant, app: nil, detail: "'\(invariant.name)' does not hold")
            }
            return nil
        }

        private func checkSnapshots(launched: Set<AppID>, leftForeground: Set<AppID>) -> Found? {
            for (app, read) in explorer.snapshots {
                guard let object = explorer.current.objects[app] else { continue }
                if let found = checkLockedLaunch(of: app, read: read, object: object) { return found }
                if let left = purged[app], launched.contains(app), !left.launchedLocked {
                    purged[app] = nil
                    let before = left.snapshot
                    // Only a launch straight to the foreground, by a tap or a pick, is compared: work in the
                    // background, or what the user opened, may change what the app shows, as it should.
                    if !left.byRestart, plainReturn == app, device.state(of: app) == .active, let after = read(object),
                        after != before
                    {
                        return Found(
                            kind: .stateLostAcrossPurge, app: app,
                            detail: "it showed \(before.base) when the system purged it, and \(after.base) when the "
                                + "user came back")
                    }
                }
                // What it showed as it left the user's sight: what the user must find again. Work it does in the
                // background after that may change it, as it should.
                let state = device.state(of: app)
                if leftForeground.contains(app), state == .suspended || state == .background, shown.contains(app),
                    let value = read(object)
                {
                    suspended[app] = value
                }
            }
            return nil
        }

        /// A purged app launched while protected data was unavailable, whose keychain then refused its code: when the
        /// user brings it back (a tap or a pick), it must show what they left. Opened another way, it may rightly show
        /// something else.
        private func checkLockedLaunch(
            of app: AppID, read: @MainActor (AnyObject) -> AnyHashable?, object: AnyObject
        ) -> Found? {
            guard let left = purged[app], left.launchedLocked, device.state(of: app) == .active else { return nil }
            purged[app] = nil
            let before = left.snapshot
            // Only a difference that protected data may explain: the keychain refused the process's code. (A launch
            // in the background restores no state, locked or not: that is no bug of the app's.)
            guard plainReturn == app, device.applications[app]?.keychain.refusedInThisProcess == true,
                let after = read(object), after != before
            else { return nil }
            return Found(
                kind: .protectedDataReadWhileUnavailable, app: app,
                detail: "it showed \(before.base) before its process ended, and \(after.base) when the user came back "
                    + "after it was launched while protected data was unavailable")
        }

        static func itemName(_ item: String) -> String {
            switch item {
            case "url": "URL"
            case "activity": "user activity"
            default: "quick action"
            }
        }

        /// The kind of finding a note shows, if it shows one: a fault the core notes (its words are
        /// ``FaultNote``'s), or a crash the Kit reported.
        nonisolated static func kind(ofNote text: String) -> ExplorationFinding.Kind? {
            if let fault = FaultNote(text: text) {
                return switch fault {
                case .backgroundTaskNotEnded, .taskNotEndedByExpirationHandler: .backgroundTaskNotEnded
                case .completionHandlerNotCalled, .scheduledTaskNotCompleted, .completionHandlerTimedOut:
                    .completionHandlerNotCalled
                case .didNotFinish: .watchdog
                case .responseLost: .notificationDelegateLate
                case .keychainWrittenAfterUnavailableRead: .protectedDataReadWhileUnavailable
                }
            }
            guard text.hasPrefix("crash: ") else { return nil }
            if text.hasPrefix("crash: NSInternalInconsistencyException")
                || text.hasPrefix("crash: No launch handler registered")
            {
                return .bgtaskRegisteredLate
            }
            return .crash
        }
    }
}

/// The objects each app's code is now, as its delegate factory last made them.
@MainActor
final class CurrentDelegates {
    var objects: [AppID: AnyObject] = [:]
}

/// What an exploration found.
public struct ExplorationReport: Sendable, CustomStringConvertible {
    public var sessions: Int
    public var actions: Int
    public var seed: UInt64
    /// Each distinct finding (its kind and app), the first time it was found, shrunk.
    public var findings: [ExplorationFinding] = []

    public var description: String {
        let heading =
            "explored \(sessions) sessions of up to \(actions) steps from seed \(seed): "
            + (findings.isEmpty ? "nothing found" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")")
        return ([heading] + findings.map(\.description)).joined(separator: "\n\n")
    }
}
