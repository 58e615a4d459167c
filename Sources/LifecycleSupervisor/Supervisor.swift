import CLifecycleShims
import Dispatch
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleTrace
import LifecycleWire
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The lifecycle enforced on real processes: a host of the core's ``Phone`` that starts each app as a process,
/// tells it its callbacks over a socket and waits for it to return from them, freezes it when the core suspends
/// it, thaws it before anything reaches it, and kills it when the core ends it (docs/supervisor.md).
///
/// The rules stay the core's: the supervisor turns control requests into ``UserAction``s and carries out the
/// ``Action``s — real processes for transitions, messages for callbacks and notifications, real timers for the
/// core's timers (the watchdog, the budget), the measured resident memory for footprints.
///
/// `@unchecked Sendable`: every stored property is used on ``queue`` only — each entry point hops onto it.
public final class Supervisor: @unchecked Sendable {
    /// What a supervisor needs besides its device.
    public struct Options: Sendable {
        /// The folder of its sockets (`control.sock`, `apps.sock`).
        public var socketFolder: String
        /// `auto` uses a cgroup v2 leaf per app where one can be made, else signals.
        public var freezer: FreezerChoice
        /// Where each app's standard output and error go (`APP.log`); inherited when `nil`.
        public var outputFolder: String?
        /// How often each app's resident memory is read, for its footprint.
        public var memoryInterval: Duration
        /// The PSI triggers that call for memory relief, in `/proc/pressure/memory`'s syntax; none when empty.
        public var pressureTriggers: [String]
        /// How many times faster than real time the system's clock runs: its timers (the watchdog, budgets,
        /// expirations) fire after a `timeScale`th of their time, and the trace's times are the system's. `1` is
        /// the phone's own pace; the apps' code keeps real time.
        public var timeScale: Double

        public init(
            socketFolder: String = UnixSocket.defaultFolder(), freezer: FreezerChoice = .auto,
            outputFolder: String? = nil, memoryInterval: Duration = .seconds(1),
            pressureTriggers: [String] = PressureMonitor.lmkdTriggers, timeScale: Double = 1
        ) {
            self.socketFolder = socketFolder
            self.freezer = freezer
            self.outputFolder = outputFolder
            self.memoryInterval = memoryInterval
            self.pressureTriggers = pressureTriggers
            self.timeScale = timeScale
        }
    }

    public enum FreezerChoice: String, CaseIterable, Sendable {
        case auto, cgroup, signals
    }

    /// What the machine lacks for the options asked for.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    package let queue = DispatchQueue(label: "lifecycle.supervisor")
    let device: DeviceDescription
    let options: Options
    let logger: Logger
    package internal(set) var phone: Phone
    let freezer: any Freezer
    private let infos: [AppID: InfoPlist]
    private let record: (TraceRecord) -> Void
    private let backgroundTime: (AppID, Duration?, Duration) -> Void
    private let startTime = ContinuousClock.now
    var processes: [AppID: ManagedProcess] = [:]
    private var timers: [UInt64: any DispatchSourceTimer] = [:]
    private var budgetDeadlines: [AppID: (timer: UInt64, due: ContinuousClock.Instant)] = [:]
    var nextCall: UInt64 = 0
    var appListener: Int32 = -1
    private var appListenSource: (any DispatchSourceRead)?
    /// Connections that have not said which app they are yet.
    var greeting: [Int32: (channel: MessageChannel<FromApp, ToApp>, source: any DispatchSourceRead)] = [:]
    private var reaper: (any DispatchSourceTimer)?
    private var memoryTimer: (any DispatchSourceTimer)?
    private var pressure: PressureMonitor?
    /// Who waits for every app to have answered its callbacks (``whenIdle(_:)``).
    private var idleWaiters: [() -> Void] = []
    /// What the processes were last told of data protection (``tellProtectedData()``).
    private var toldProtectedData = ProtectedDataState.available
    private let spawner = Spawner()
    var control: ControlServer?
    /// What went wrong with apps' processes since ``takeProblems()`` was last called: for `lifecycle ctl` to tell.
    var problems: [String] = []

    /// The socket apps connect to.
    public var appSocketPath: String { options.socketFolder + "/apps.sock" }
    /// The socket `lifecycle ctl` connects to.
    public var controlSocketPath: String { options.socketFolder + "/control.sock" }

    /// - Parameters:
    ///   - record: receives every trace record, in order, on the supervisor's queue.
    ///   - backgroundTime: is told, on the same queue, when an app's background time starts to run out and its
    ///     deadline, or that it stopped (`nil`), with the trace's time (``TraceSink/backgroundTime(of:runsOutAt:at:)``).
    public init(
        device: DeviceDescription, infos: [AppID: InfoPlist], options: Options, logger: Logger,
        record: @escaping (TraceRecord) -> Void,
        backgroundTime: @escaping (_ app: AppID, _ deadline: Duration?, _ time: Duration) -> Void = { _, _, _ in }
    ) {
        self.backgroundTime = backgroundTime
        self.device = device
        self.infos = infos
        self.options = options
        self.logger = logger
        self.record = record
        let apps = device.apps.map { app in
            let info = infos[app.id] ?? InfoPlist(bundleIdentifier: app.id)
            return info.configuration(runsHostedCode: true)
        }
        self.phone = Phone(profile: device.profile, device: device.device, deviceMemory: device.memory, apps: apps)
        switch options.freezer {
        case .signals: freezer = SignalFreezer()
        case .cgroup, .auto: freezer = CgroupFreezer.make() ?? SignalFreezer()
        }
    }

    /// Opens the sockets and starts watching processes and memory. Throws when a socket cannot be made, or a
    /// cgroup freezer was asked for and cannot be had.
    public func start() throws {
        if options.freezer == .cgroup, freezer.name != "cgroup" {
            throw Unavailable(description: "no writable cgroup v2 hierarchy: use --freezer signals")
        }
        if let folder = options.outputFolder { try Self.prepareOutput(folder: folder) }
        try UnixSocket.prepare(folder: options.socketFolder)
        appListener = try UnixSocket.listen(at: appSocketPath)
        let control = ControlServer(supervisor: self)
        try control.start(at: controlSocketPath)
        self.control = control
        queue.sync {
            let source = DispatchSource.makeReadSource(fileDescriptor: appListener, queue: queue)
            source.setEventHandler { [weak self] in self?.acceptApp() }
            source.resume()
            appListenSource = source
            let reaper = DispatchSource.makeTimerSource(queue: queue)
            reaper.schedule(deadline: .now(), repeating: .milliseconds(20))
            reaper.setEventHandler { [weak self] in self?.reap() }
            reaper.resume()
            self.reaper = reaper
            let memory = DispatchSource.makeTimerSource(queue: queue)
            let interval = Int(options.memoryInterval.inSeconds * 1000)
            memory.schedule(deadline: .now(), repeating: .milliseconds(max(interval, 10)))
            memory.setEventHandler { [weak self] in self?.measureMemory() }
            memory.resume()
            memoryTimer = memory
        }
        if !options.pressureTriggers.isEmpty {
            pressure = PressureMonitor(triggers: options.pressureTriggers, logger: logger) { [weak self] in
                guard let self else { return }
                self.queue.async { self.pressureTriggered() }
            }
        }
        logger.info(
            "supervising \(device.apps.count) apps (\(device.profile.rawValue), \(device.memory) MB); freezer: \(freezer.name); control: \(controlSocketPath)"
        )
    }

    /// Makes the folder of the apps' output, with its parents, or says why it cannot be written.
    private static func prepareOutput(folder: String) throws(Unavailable) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Unavailable(description: "--app-output \(folder): cannot make the folder: \(Self.reason(error))")
        }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw Unavailable(
                description: "--app-output \(folder): cannot write in the folder: \(String(cString: strerror(errno)))")
        }
    }

    /// What went wrong, in the system's words where it has them.
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }

    /// Ends every app and removes the sockets and cgroups: the graceful shutdown.
    public func stop() {
        queue.sync {
            for process in processes.values {
                process.isBeingKilled = true
                freezer.kill(process.pid, app: process.app.rawValue)
                Glibc.kill(-process.pid, SIGKILL)
            }
            for process in processes.values { waitpid(process.pid, nil, 0) }
            processes = [:]
            freezer.removeAll()
            reaper?.cancel()
            memoryTimer?.cancel()
            appListenSource?.cancel()
            for timer in timers.values { timer.cancel() }
        }
        pressure?.stop()
        control?.stop()
        close(appListener)
        unlink(appSocketPath)
        unlink(controlSocketPath)
    }

    // MARK: User actions

    /// Performs an action on the phone, on the supervisor's queue.
    package func perform(_ action: UserAction) throws(ImpossibleAction) {
        dispatchPrecondition(condition: .onQueue(queue))
        carryOut(try phone.perform(action))
    }

    /// Calls `body` on the supervisor's queue as soon as no app is inside a callback: at once if none is.
    package func whenIdle(_ body: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        if phone.isBusy { idleWaiters.append(body) } else { body() }
    }

    /// What went wrong with apps' processes since the last call (a process that could not start, one that said
    /// it is another app), in words for the user.
    package func takeProblems() -> [String] {
        dispatchPrecondition(condition: .onQueue(queue))
        defer { problems = [] }
        return problems
    }

    /// Records a line of a played scenario.
    package func label(_ line: Int, _ text: String) {
        recordEvent(.action(line: line, text: text))
    }

    func recordEvent(_ event: TraceRecord.Event) {
        record(TraceRecord(time: traceTime, event: event))
    }

    /// Now, in the trace's time: since the start, at the system clock's speed.
    private var traceTime: Duration { (ContinuousClock.now - startTime) * options.timeScale }

    /// An app's budget stopped: forgotten, and told.
    private func forgetBudget(of app: AppID) {
        budgetDeadlines[app] = nil
        backgroundTime(app, nil, traceTime)
    }

    // MARK: Carrying out the core's actions

    func carryOut(_ actions: [Action]) {
        tellProtectedData()
        // Apps whose process could not be started: what the list says of them after that never happens.
        var unstarted: [AppID] = []
        for action in actions {
            if !unstarted.isEmpty, let app = Self.app(of: action), unstarted.contains(app) { continue }
            switch action {
            case .transition(let app, let from, let to, let reason):
                recordEvent(.transition(app, from: from, to: to, reason: reason))
                if from == .notRunning, !launch(app) {
                    unstarted.append(app)
                    continue
                }
                transition(app, from: from, to: to, reason: reason)
            case .callback(let app, let callback, let detail):
                call(callback, scene: nil, detail: detail, of: app, record: .callback(app, callback, detail))
            case .sceneCallback(let app, let scene, let callback, let detail):
                call(
                    callback, scene: scene, detail: detail, of: app,
                    record: .sceneCallback(app, scene, callback, detail))
            case .notification(let app, let notification):
                send(
                    .post(notification: notification, scene: nil), to: app, record: .notification(app, notification))
            case .sceneNotification(let app, let scene, let notification):
                send(
                    .post(notification: notification, scene: scene), to: app,
                    record: .sceneNotification(app, scene, notification))
            case .sceneTransition(let app, let scene, let from, let to):
                recordEvent(.sceneTransition(app, scene, from: from, to: to))
            case .note(let app, let text):
                recordEvent(.note(app, text))
            case .runExpirationHandlers(let app, let tasks):
                send(.expire(tasks: tasks), to: app)
            case .scheduledTask(let app, let identifier, let step):
                if case .completed = step {
                    recordEvent(.scheduledTask(app, identifier: identifier, step))
                } else {
                    send(
                        .scheduledTask(identifier: identifier, step: step), to: app,
                        record: .scheduledTask(app, identifier: identifier, step))
                }
            case .storeRestorationArchive(let app):
                send(.storeArchive, to: app)
            case .deleteRestorationArchive(let app):
                send(.deleteArchive, to: app)
            case .scheduleTimer(let timer, let delay):
                schedule(timer, after: delay)
            case .cancelTimer(let timer):
                timers.removeValue(forKey: timer.id)?.cancel()
                if let app = timer.app, budgetDeadlines[app]?.timer == timer.id {
                    forgetBudget(of: app)
                    send(.budget(seconds: nil), to: app)
                }
            }
        }
        // A process that cannot start is a crash at once: the core ends the app, and nothing waits for a watchdog.
        for app in unstarted { carryOut((try? phone.perform(.processEnded(app))) ?? []) }
        if !idleWaiters.isEmpty, !phone.isBusy {
            let waiters = idleWaiters
            idleWaiters = []
            for waiter in waiters { waiter() }
        }
    }

    /// Tells every process what data protection lets it read, when that changed: before the batch's callbacks, so
    /// that `applicationProtectedDataDidBecomeAvailable:` finds the keychain open.
    private func tellProtectedData() {
        let state = phone.protectedDataState
        guard state != toldProtectedData else { return }
        toldProtectedData = state
        for app in processes.keys.sorted() { send(.protectedData(state), to: app) }
    }

    /// The app an action is about, if it is about one.
    private static func app(of action: Action) -> AppID? {
        switch action {
        case .transition(let app, _, _, _), .callback(let app, _, _), .notification(let app, _),
            .sceneTransition(let app, _, _, _), .sceneCallback(let app, _, _, _), .sceneNotification(let app, _, _),
            .runExpirationHandlers(let app, _), .storeRestorationArchive(let app), .deleteRestorationArchive(let app),
            .scheduledTask(let app, _, _):
            app
        case .note(let app, _): app
        case .scheduleTimer(let timer, _): timer.app
        case .cancelTimer: nil
        }
    }

    private func transition(_ app: AppID, from: AppState, to: AppState, reason: TransitionReason?) {
        guard let process = processes[app] else { return }
        if from == .suspended { thaw(process) }
        switch to {
        case .notRunning:
            end(process)
        case .suspended:
            send(.state(to), to: app)
            process.setOOMScore(for: to)
            requestFreeze(process)
        default:
            send(.state(to), to: app)
            process.setOOMScore(for: to)
        }
    }

    /// Starts the app's process; its launch callbacks wait in its outbox until it connects. False when it cannot
    /// be started: the trace, the log and ``takeProblems()`` say why.
    private func launch(_ app: AppID) -> Bool {
        if let killed = processes[app], killed.isBeingKilled {
            // Killed a moment ago and not collected yet (the reaper looks every 20 ms): a launch at once — a tap
            // right after memory pressure ended the app — must start a new process, not talk to the dead one.
            waitpid(killed.pid, nil, 0)
            forget(killed)
        }
        guard processes[app] == nil, let declared = device.apps.first(where: { $0.id == app }) else { return true }
        let output = options.outputFolder.map { "\($0)/\(app.rawValue).log" }
        let socket = appSocketPath
        let spawned = spawner.run {
            ManagedProcess.spawn(
                app: app, executable: declared.executable, arguments: declared.arguments, socket: socket, output: output
            )
        }
        switch spawned {
        case .success(let process):
            freezer.adopt(process.pid, app: app.rawValue)
            processes[app] = process
            logger.info("\(app): started, pid \(process.pid)")
            // Its first message, before its launch methods: a launch while locked finds the keychain locked.
            send(.protectedData(phone.protectedDataState), to: app)
            return true
        case .failure(let error):
            report(app, "the process could not be started: \(error)")
            return false
        }
    }

    private func end(_ process: ManagedProcess) {
        process.isBeingKilled = true
        if process.isFrozen { freezer.thaw(process.pid, app: process.app.rawValue) }
        freezer.kill(process.pid, app: process.app.rawValue)
        Glibc.kill(-process.pid, SIGKILL)
        process.channel?.close()
        process.readSource?.cancel()
    }

    /// Freezes the app once it has read everything sent to it (a barrier message and its answer).
    private func requestFreeze(_ process: ManagedProcess) {
        nextCall += 1
        process.freezeBarrier = nextCall
        if process.channel == nil {
            // Not connected yet: nothing can be in flight; freeze now.
            freezeNow(process)
        } else {
            send(.barrier(nextCall), to: process.app)
        }
    }

    func freezeNow(_ process: ManagedProcess) {
        process.freezeBarrier = nil
        guard phone.state(of: process.app) == .suspended, !process.isFrozen else { return }
        if freezer.freeze(process.pid, app: process.app.rawValue) {
            process.isFrozen = true
            recordEvent(.note(process.app, "process \(process.pid) frozen (\(freezer.name))"))
        } else {
            logger.warning("\(process.app): the process did not freeze in time")
        }
    }

    private func thaw(_ process: ManagedProcess) {
        process.freezeBarrier = nil
        guard process.isFrozen else { return }
        freezer.thaw(process.pid, app: process.app.rawValue)
        process.isFrozen = false
        recordEvent(.note(process.app, "process \(process.pid) thawed"))
    }

    private func call(
        _ callback: Callback, scene: SceneID?, detail: CallbackDetail?, of app: AppID, record: TraceRecord.Event
    ) {
        nextCall += 1
        processes[app]?.pendingCall = nextCall
        send(.call(id: nextCall, callback: callback, scene: scene, detail: detail), to: app, record: record)
    }

    /// Sends a message to the app, or keeps it for when the app connects. `record`, the trace's record of it, is
    /// written as the app is told: a message kept for a process that never connects is never recorded.
    func send(_ message: ToApp, to app: AppID, record: TraceRecord.Event? = nil) {
        guard let process = processes[app], !process.isBeingKilled else {
            if let record { recordEvent(record) }
            return
        }
        guard let channel = process.channel else {
            process.outbox.append((message, record))
            return
        }
        if let record { recordEvent(record) }
        do {
            try channel.send(message)
        } catch {
            logger.warning("\(app): \(error)")
        }
    }

    private func schedule(_ timer: SystemTimer, after systemDelay: Duration) {
        let delay = systemDelay * (1 / options.timeScale)
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + .nanoseconds(Int(min(delay, .seconds(1 << 30)).inSeconds * 1e9)))
        source.setEventHandler { [weak self] in
            guard let self else { return }
            self.timers[timer.id] = nil
            if let app = timer.app, self.budgetDeadlines[app]?.timer == timer.id { self.forgetBudget(of: app) }
            if timer.purpose == .watchdog, let app = timer.app, let subject = timer.subject {
                self.logger.error(
                    "\(app): watchdog (0x8badf00d): \(subject) did not finish within \(systemDelay.secondsText) s; the app is killed"
                )
            }
            self.carryOut(self.phone.timerFired(timer))
        }
        timers[timer.id] = source
        if timer.purpose == .budgetExhausted, let app = timer.app {
            budgetDeadlines[app] = (timer.id, .now + delay)
            let now = traceTime
            backgroundTime(app, now + systemDelay, now)
            send(.budget(seconds: delay.inSeconds), to: app)
        }
        source.resume()
    }

    // MARK: Processes that end on their own

    /// Collects ended processes; one the supervisor did not end crashed, and the core hears of it.
    private func reap() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            guard pid > 0 else { return }
            guard let process = processes.values.first(where: { $0.pid == pid }) else { continue }
            forget(process)
            if !process.isBeingKilled {
                let how =
                    (status & 0x7f) == 0
                    ? "exited with status \((status >> 8) & 0xff)" : "died of signal \(status & 0x7f)"
                logger.warning("\(process.app): the process \(how)")
                recordEvent(.note(process.app, "the process \(how)"))
                try? perform(.processEnded(process.app))
            }
        }
    }

    /// Lets go of a process that has ended and been collected: its connection and its cgroup leaf.
    private func forget(_ process: ManagedProcess) {
        if processes[process.app] === process { processes[process.app] = nil }
        process.readSource?.cancel()
        process.channel?.close()
        freezer.release(app: process.app.rawValue)
    }

    // MARK: Memory

    /// Reads each app's memory (its cgroup's, or its resident set): its footprint for the core's memory policy.
    private func measureMemory() {
        for process in processes.values where !process.isBeingKilled {
            if let megabytes = freezer.footprint(process.pid, app: process.app.rawValue) {
                phone.setFootprint(of: process.app, megabytes: megabytes)
            }
        }
    }

    /// The kernel reports memory pressure: the §8 policy ends one app (warnings first).
    private func pressureTriggered() {
        recordEvent(.note(nil, "memory pressure reported by the kernel (PSI)"))
        try? perform(.memoryPressure(count: 1))
    }
}
