import Dispatch
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an app in a real process on Linux, with its lifecycle coming from the terminal session.
///
/// | signal | in the foreground | in the background (a task holds it) | suspended (the process is stopped) |
/// | --- | --- | --- | --- |
/// | `SIGTSTP` (Ctrl-Z) | `applicationWillResignActive:`, `applicationDidEnterBackground:`; then the process stops once no background task holds it | nothing | nothing |
/// | `SIGCONT` (`fg`) | nothing | `applicationWillEnterForeground:`, `applicationDidBecomeActive:` | the same (after `bg`, the process stops again: a suspended app runs no code) |
/// | `SIGINT` (Ctrl-C) | as a swipe in the switcher: `applicationWillResignActive:`, `applicationDidEnterBackground:`, `applicationWillTerminate:` | `applicationWillTerminate:` | the process ends at once, without a word |
/// | `SIGTERM` | as when the system terminates the app: the same callbacks; its restoration archive is kept | `applicationWillTerminate:` | the process ends at once, without a word |
/// | `SIGUSR1` | `applicationDidReceiveMemoryWarning:` | `applicationDidReceiveMemoryWarning:` | nothing (a suspended app gets no warning) |
/// | `SIGUSR2` | the system runs the app's pending task requests (BGTaskScheduler, as Xcode's `_simulateLaunchForTaskWithIdentifier:`): each launch handler | the same | the same, once the process is continued: resumed silently for each, before the continue's return to the foreground |
///
/// Signals are read in the order they arrive, each once the main thread is free, and the process stops only when
/// none is left to read (``SignalQueue``): a signal that reaches a stopped process waits until it is continued,
/// and is then handled before the continue that follows it, which is never lost.
///
/// The watchdog is real: a callback that overruns its limit (5 s for `applicationDidEnterBackground:` and
/// `applicationWillTerminate:`, 20 s for the launch, 30 s for a completion handler) ends the process with a
/// diagnostic naming the callback and the limit, and the exit status ``ExitStatus/watchdog``. It runs on a
/// queue of its own, so it fires while the main thread is stuck in the callback.
///
/// The rules are the core's: this host only turns signals into ``UserAction``s and carries out the core's
/// ``Action``s with real timers, real files and the real process.
@MainActor
public final class TerminalHost {
    /// The exit statuses of the process.
    public enum ExitStatus {
        /// The app ended normally (`applicationWillTerminate:` returned).
        public static let terminated: Int32 = 0
        /// The watchdog killed the app: a callback overran its limit (iOS's 0x8badf00d).
        public static let watchdog: Int32 = 85
        /// The app held a background task past its background time.
        public static let budget: Int32 = 86
    }

    /// The app's `Application`; set once the host exists, since the host is the application's.
    public private(set) var application: Application!
    private var phone: Phone
    private let app: AppID
    private let archive: RestorationArchive
    /// The trace, when tracing: the same aligned format as `lifecycle run`, on standard error.
    private var trace: TextTraceWriter<StandardErrorStream>?
    private let start = ContinuousClock.now
    private var timers: [UInt64: any DispatchSourceTimer] = [:]
    /// The signals the process takes, once ``run()`` has started.
    private var signals: SignalQueue?
    private var budgetDeadline: (timer: UInt64, due: ContinuousClock.Instant)?
    private var launchOptions: LaunchOptions?
    private let watchdogQueue = DispatchQueue(label: "lifecycle.watchdog")
    private let showsKeys: Bool

    /// The keys and signals the host understands, in one line: printed at start in a terminal, and fit for a
    /// command's `--help`.
    nonisolated public static let keys =
        "Ctrl-Z: press Home (the app is suspended) · fg: tap its icon · Ctrl-C: swipe it away · "
        + "kill -TERM: the system terminates it · kill -USR1: memory warning · kill -USR2: run its scheduled tasks"

    /// - Parameters:
    ///   - info: the app's `Info.plist`.
    ///   - supportDirectory: where the restoration archive lives (the app's support directory).
    ///   - behavior: whether the app implements state restoration (``AppBehavior/restoresState``).
    ///   - tracing: whether to print every state change, callback and notification to standard error.
    ///   - showsKeys: whether to print ``keys`` to standard error at start; by default, when standard input is
    ///     a terminal (someone is there to press them).
    ///   - sceneDelegateClass: for a scene-based app (`info.usesScenes`; iOS 13 profiles and later), the class of
    ///     its scene delegate, as the Info.plist's scene manifest names it on iOS.
    public init(
        info: InfoPlist, delegate: any ApplicationDelegate, sceneDelegateClass: (any WindowSceneDelegate.Type)? = nil,
        profile: Profile = .defaultProfile, supportDirectory: URL, behavior: AppBehavior = AppBehavior(),
        tracing: Bool = false, showsKeys: Bool? = nil
    ) {
        app = info.bundleIdentifier
        self.showsKeys = showsKeys ?? (isatty(STDIN_FILENO) != 0)
        phone = Phone(profile: profile, apps: [info.configuration(behavior: behavior, runsHostedCode: true)])
        archive = RestorationArchive(directory: supportDirectory, app: info.bundleIdentifier)
        trace =
            tracing
            ? TextTraceWriter(
                output: StandardErrorStream(), apps: [info.bundleIdentifier], colours: isatty(STDERR_FILENO) != 0)
            : nil
        application = Application(bundleIdentifier: info.bundleIdentifier, delegate: delegate, host: self)
        application.sceneDelegateClass = sceneDelegateClass
        // The keychain outlives the process, in the app's support directory (docs/lifecycle.md §21).
        application.keychain.keep(in: supportDirectory)
    }

    /// The app's support directory, where its restoration archive lives: the user's Application Support folder
    /// (`~/.local/share` on Linux), then the app's bundle identifier.
    nonisolated public static func supportDirectory(of info: InfoPlist) -> URL {
        FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
            .appendingPathComponent(info.bundleIdentifier.rawValue)
    }

    /// Launches the app and serves its lifecycle until the process ends. Call it from the main thread.
    public func run() -> Never {
        signals = SignalQueue([SIGTSTP, SIGCONT, SIGINT, SIGTERM, SIGUSR1, SIGUSR2]) { [weak self] in
            self?.readSignals()
        }
        if showsKeys { FileHandle.standardError.write(Data("\(app): \(Self.keys)\n".utf8)) }
        handle(perform(.tap(app)))
        dispatchMain()
    }

    /// Handles every signal that waits, in order, and only then stops or ends the process as the app's state
    /// requires: a continue that waits behind another signal is never lost to a stop.
    private func readSignals() {
        handleWaitingSignals()
        settle()
    }

    /// Handles the signals that wait to be read, in the order they came.
    private func handleWaitingSignals() {
        while let signal = SignalQueue.next() { received(signal) }
    }

    private func received(_ signalNumber: Int32) {
        let actions: [Action]
        switch signalNumber {
        case SIGTSTP: actions = perform(.home)
        case SIGCONT:
            if isInTerminalForeground {
                actions = perform(.tap(app))
            } else if phone.state(of: app) == .suspended {
                // `bg`: a suspended app runs no code, so the process stops again until it is brought forward.
                actions = [
                    .note(app, "continued in the background (bg): a suspended app runs no code; fg brings it back")
                ]
            } else {
                actions = []
            }
        case SIGINT:
            // One batch: the process must not stop between opening the switcher and the swipe.
            actions = perform(.openSwitcher, .swipe(app))
        case SIGTERM: actions = perform(.terminate(app))
        case SIGUSR1: actions = perform(.memoryWarning)
        case SIGUSR2: actions = runPendingTaskRequests()
        default: actions = []
        }
        carryOut(actions)
        // The signals behind this one are for a process that no longer exists: a continue must not launch it anew.
        if phone.state(of: app) == .notRunning { exit(exitStatus) }
    }

    /// The system runs every request the app has pending, in the order submitted; one that may not run yet (its
    /// earliest date, the charger) is noted with why.
    private func runPendingTaskRequests() -> [Action] {
        let pending = phone.pendingRequests(of: app)
        guard !pending.isEmpty else { return [.note(app, "SIGUSR2: no task request is pending")] }
        var batch: [Action] = []
        for request in pending {
            do throws(ImpossibleAction) {
                batch += try phone.perform(.runTaskRequest(app, identifier: request.identifier))
            } catch {
                batch.append(.note(app, "\(request.identifier) not run: \(error.reason)"))
            }
        }
        return batch
    }

    /// Whether the process may take the screen: it has no terminal, or it is the terminal's foreground job
    /// (`fg`, not `bg`).
    private var isInTerminalForeground: Bool {
        isatty(STDIN_FILENO) == 0 || tcgetpgrp(STDIN_FILENO) == getpgrp()
    }

    /// Performs user actions one after another on the phone; what the core says must happen, in order.
    private func perform(_ actions: UserAction...) -> [Action] {
        var batch: [Action] = []
        for action in actions {
            do {
                batch += try phone.perform(action)
            } catch {
                batch.append(.note(app, "\(action) ignored: \(error.reason)"))
            }
        }
        return batch
    }

    /// Carries out a batch of the core's actions, then stops or ends the process if the app is suspended or gone.
    private func handle(_ actions: [Action]) {
        carryOut(actions)
        settle()
    }

    /// Ends the process if the app is gone; stops it while the app is suspended. A signal that waits is read
    /// first (its handler will call ``readSignals()``); once the process is continued, the signals that came
    /// meanwhile — the continue among them — are handled, and it stops again if the app is still suspended.
    private func settle() {
        while true {
            switch phone.state(of: app) {
            case .notRunning:
                exit(exitStatus)
            case .suspended:
                guard let signals, !SignalQueue.hasWaiting else { return }
                record(.note(app, "process stopped (suspended); fg continues it"))
                guard signals.stopUnlessSignalled() else { return }
                handleWaitingSignals()
            default:
                return
            }
        }
    }

    /// Carries out what app code's call into the system gave; the process stops or ends once that code has
    /// returned to the run loop, not inside it (iOS suspends an app between events too).
    private func carryOutFromAppCode(_ actions: [Action]) {
        carryOut(actions)
        DispatchQueue.main.async { MainActor.assumeIsolated { self.settle() } }
    }

    private var exitStatus: Int32 = ExitStatus.terminated

    /// The app's callback returned: its notifications are posted, and its turn ends with them (the main queue is the
    /// process's own, in real time; docs/lifecycle.md §19).
    private func returned(_ answer: Bool?) {
        carryOut(phone.callbackReturned(from: app, answer: answer))
        application.runMainQueueWork()
        carryOut(phone.turnEnded(of: app))
    }

    private func carryOut(_ actions: [Action]) {
        for action in actions {
            switch action {
            case .transition(_, let from, let to, let reason):
                record(.transition(app, from: from, to: to, reason: reason))
                if to == .notRunning, reason == .budget {
                    exitStatus = ExitStatus.budget
                    FileHandle.standardError.write(
                        Data("\(app): killed: a background task was not ended within the background time\n".utf8))
                }
            case .callback(_, let callback, let detail):
                record(.callback(app, callback, detail))
                if callback == .willFinishLaunching {
                    launchOptions = if case .launchOptions(let options) = detail { options } else { nil }
                }
                let answer = application.deliver(callback, scene: nil, detail: detail)
                returned(answer)
            case .notification(_, let notification):
                record(.notification(app, notification))
                application.post(notification, launchOptions: launchOptions)
            case .sceneTransition(_, let scene, let from, let to):
                record(.sceneTransition(app, scene, from: from, to: to))
            case .sceneCallback(_, let scene, let callback, let detail):
                record(.sceneCallback(app, scene, callback, detail))
                let answer = application.deliver(callback, scene: scene, detail: detail)
                returned(answer)
            case .sceneNotification(_, let scene, let notification):
                record(.sceneNotification(app, scene, notification))
                application.post(notification, scene: scene)
            case .note(_, let text):
                record(.note(app, text))
            case .runExpirationHandlers(_, let tasks):
                let handled = application.runExpirationHandlers(of: tasks)
                carryOut(phone.expirationHandlersReturned(of: handled, in: app))
                application.runMainQueueWork()
            case .scheduledTask(_, let identifier, let step):
                record(.scheduledTask(app, identifier: identifier, step))
                application.runScheduledTask(step, identifier: identifier)
            case .storeRestorationArchive:
                do { try archive.write(application.restorationCoder.values) } catch { report(error) }
            case .deleteRestorationArchive:
                do { try archive.delete() } catch { report(error) }
            case .scheduleTimer(let timer, let delay):
                schedule(timer, after: delay)
            case .cancelTimer(let timer):
                timers.removeValue(forKey: timer.id)?.cancel()
                if budgetDeadline?.timer == timer.id { budgetDeadline = nil }
            }
        }
    }

    private func record(_ event: TraceRecord.Event) {
        trace?.write(TraceRecord(time: ContinuousClock.now - start, event: event))
    }

    private func report(_ error: any Error) {
        FileHandle.standardError.write(Data("\(app): restoration archive: \(error)\n".utf8))
    }

    private func schedule(_ timer: SystemTimer, after delay: Duration) {
        if timer.purpose == .watchdog {
            timers[timer.id] = Self.armWatchdog(
                on: watchdogQueue, subject: timer.subject?.description ?? "a callback", limit: delay)
            return
        }
        if timer.purpose == .budgetExhausted { budgetDeadline = (timer.id, .now + delay) }
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: delay.dispatchDeadline)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.timers[timer.id] = nil
                if self.budgetDeadline?.timer == timer.id { self.budgetDeadline = nil }
                self.handle(self.phone.timerFired(timer))
            }
        }
        timers[timer.id] = source
        source.resume()
    }
}

extension TerminalHost {
    /// A timer on its own queue that ends the process: it must fire while the main thread is stuck in the
    /// callback it guards, so nothing in it touches the main actor.
    nonisolated private static func armWatchdog(
        on queue: DispatchQueue, subject: String, limit: Duration
    ) -> any DispatchSourceTimer {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: limit.dispatchDeadline)
        source.setEventHandler {
            let message =
                "watchdog (0x8badf00d): \(subject) did not finish within \(limit.secondsText) s; the app is killed\n"
            FileHandle.standardError.write(Data(message.utf8))
            _exit(ExitStatus.watchdog)
        }
        source.resume()
        return source
    }
}

extension TerminalHost: ApplicationHost {
    public func state(of app: AppID) -> AppState { phone.state(of: app) ?? .notRunning }

    public func backgroundTimeRemaining(of app: AppID) -> Duration? {
        budgetDeadline.map { $0.due - .now }
    }

    public func beginBackgroundTask(in app: AppID, name: String?) -> BackgroundTaskIdentifier {
        let (identifier, actions) = phone.beginBackgroundTask(in: app, name: name)
        carryOut(actions)
        return identifier
    }

    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) {
        carryOutFromAppCode(phone.endBackgroundTask(identifier, in: app))
    }

    public func setNotificationDelegate(in app: AppID) {
        carryOutFromAppCode(phone.setNotificationDelegate(in: app))
    }

    public func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID) {
        carryOutFromAppCode(phone.addNotificationRequest(identifier, after: delay, repeats: repeats, in: app))
    }

    public func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) {
        carryOutFromAppCode(phone.removePendingNotificationRequests(identifiers, in: app))
    }

    public func notificationSettings(of app: AppID) -> (authorized: Bool, pending: [String]) {
        (phone.notificationsAreAuthorized(for: app), phone.pendingNotificationRequests(of: app))
    }

    public func completionHandlerCalled(for callback: Callback, in app: AppID) {
        carryOutFromAppCode(phone.completionHandlerCalled(for: callback, in: app))
    }

    /// The app's process crashes, as on iOS: the reason goes to standard error.
    public func crash(_ app: AppID, reason: String) {
        fatalError("\(app): \(reason)")
    }

    public func note(_ text: String, in app: AppID) {
        record(.note(app, text))
    }

    public func permittedTasks(of app: AppID) -> [PermittedTask] {
        phone.configuration(of: app)?.permittedTasks ?? []
    }

    public func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError? {
        let (error, actions) = phone.submitTaskRequest(request, in: app)
        carryOutFromAppCode(actions)
        return error
    }

    public func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) {
        carryOutFromAppCode(phone.completeScheduledTask(identifier, success: success, in: app))
    }

    public func cancelTaskRequests(_ identifier: String?, in app: AppID) {
        carryOutFromAppCode(phone.cancelTaskRequests(identifier, in: app))
    }

    public func pendingTaskRequests(of app: AppID) -> [TaskRequest] {
        phone.pendingRequests(of: app)
    }

    public func restorationArchive(of app: AppID) -> [String: Data]? {
        do {
            return try archive.read()
        } catch {
            report(error)
            return nil
        }
    }

    public func supportsMultipleScenes(_ app: AppID) -> Bool { phone.supportsMultipleScenes(app) }

    public func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        DispatchQueue.runOnMain(after: delay, work)
    }

    public func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void
    ) {
        DispatchQueue.runOnMain(after: .zero) { [self] in
            do throws(ImpossibleAction) {
                handle(try phone.perform(try phone.userAction(for: request, from: app)))
            } catch {
                record(.note(app, "\(request) refused: \(error.reason)"))
                refused(error.reason)
            }
        }
    }
}

/// Standard error, unbuffered, as a text stream for the trace.
struct StandardErrorStream: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }
}
