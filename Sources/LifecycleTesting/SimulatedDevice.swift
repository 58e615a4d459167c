import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleScenario
import LifecycleSimulator
import LifecycleTrace

/// A simulated phone running real app delegates, in virtual time: for tests on Linux that run in milliseconds.
///
/// The apps given delegates run their code — their launch methods' answers, the background tasks they
/// begin and end, the completion handlers they call — while the rules stay the core's. Callbacks take the
/// virtual time the apps' configurations declare (`AppBehavior.durations`), so a test can also check what
/// the watchdog does to a slow callback.
///
/// ```swift
/// let device = try SimulatedDevice(apps: [AppConfiguration(id: "uploader")], delegates: ["uploader": UploaderDelegate()])
/// try device.perform(.tap("uploader"))
/// try device.perform(.home)
/// device.wait(.seconds(200))
/// #expect(device.state(of: "uploader") == .suspended)
/// ```
@MainActor
public final class SimulatedDevice {
    /// The simulator, whose trace keeps everything that happened.
    public let simulator: Simulator<CollectingTraceSink>
    /// The servers the apps' code reaches over the device's network (`URLSession`), on the phone's clock.
    public let network: SimulatedNetwork
    /// ``currentDate`` for the apps' code on any thread: `Date()` there (docs/lifecycle.md §19).
    public nonisolated let phoneDate: (@Sendable () -> Date)?
    /// How many of the apps' exchanges over the network have ended: ``waitAndSettle(_:)`` stops the clock at each.
    private var exchangesEnded = 0
    /// The apps whose code called the system while they were suspended, in order (once per call): work they
    /// scheduled that a phone would have run only at their next resume.
    public private(set) var workRanWhileSuspended: [AppID] = []
    /// Each of ``workRanWhileSuspended``'s calls with the trace's note about it.
    private(set) var suspendedWorkNotes: [(app: AppID, note: String)] = []
    /// The applications of the apps that run delegates.
    public private(set) var applications: [AppID: Application] = [:]
    /// The apps' restoration archives: in memory, or files in ``archiveDirectory`` when it is set.
    public var restorationArchives: [AppID: [String: Data]] {
        Dictionary(
            uniqueKeysWithValues: applications.keys.compactMap { app in restorationArchive(of: app).map { (app, $0) } })
    }
    /// Where the archives are files, if anywhere (the apps' support directory).
    public let archiveDirectory: URL?
    private var archivesInMemory: [AppID: [String: Data]] = [:]
    /// The phone's date when the device started: its clock (``currentDate``) runs from there in virtual time.
    public let startDate: Date
    /// How long ``settle()`` waits at most, in real time, for work of the apps' tasks that runs off the main actor and
    /// does not end.
    public var tasksTimeLimit: Duration = .seconds(10)
    /// The center, made when a test or an app's code first asks for it; no post is made before.
    let notificationCenters: LazyNotificationCenter
    private let code = HostedCode()
    /// The reader of the lines a test performs (``perform(_:)-(String)``), which knows the device's apps.
    private var lineParser: ScenarioParser
    private var performedLines = 0

    /// An app the device's profile cannot run: it declares something a later iOS introduced, such as scenes
    /// (iOS 13), as an app cannot be installed below its deployment target.
    public struct UnsupportedApp: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameters:
    ///   - profile: the iOS version the device runs (``Profile/defaultProfile``, iOS 12, unless told): a
    ///     scene-based app needs `.ios13` or later.
    ///   - apps: the apps on the phone; those named in `delegates` run their delegate's code.
    ///   - delegates: the delegates, by app; each application keeps its delegate alive.
    ///   - sceneDelegateClasses: for scene-based apps, the class of scene delegate made for each scene (what
    ///     the Info.plist's scene manifest names on iOS), unless the app delegate's configuration names another.
    ///   - startDate: the phone's date at the start (the real one unless told), from which its clock runs in
    ///     virtual time (``currentDate``, what the apps' ``Application/currentDate`` gives).
    /// - Throws: ``UnsupportedApp`` when an app declares what the profile does not have (scenes, multiple windows
    ///   or BGTaskScheduler's tasks before iOS 13, a background mode before its version), rather than run it
    ///   without: a scene-based app on iOS 12 would never have a scene.
    public init(
        profile: Profile = .defaultProfile, device: DeviceKind = .iphone,
        deviceMemory: Int = Phone.defaultDeviceMemory, apps: [AppConfiguration],
        delegates: [AppID: any ApplicationDelegate], sceneDelegateClasses: [AppID: any WindowSceneDelegate.Type] = [:],
        notificationCenter: DeviceNotificationCenter? = nil, archiveDirectory: URL? = nil,
        startDate: Date = Date()
    ) throws(UnsupportedApp) {
        for app in apps {
            if let (reason, version) = app.reasonItCannotRun(on: profile) {
                throw UnsupportedApp(
                    description: "\(reason): make the device with profile: .ios\(version) (or later)")
            }
        }
        self.archiveDirectory = archiveDirectory
        self.startDate = startDate
        lineParser = ScenarioParser(file: "device", profile: profile, apps: apps)
        lineParser.keepsComments = false
        let configurations = apps.map { app in
            var app = app
            app.runsHostedCode = delegates[app.id] != nil
            return app
        }
        notificationCenters = LazyNotificationCenter(notificationCenter, making: Self.makeNotificationCenter)
        self.simulator = Simulator(
            phone: Phone(profile: profile, device: device, deviceMemory: deviceMemory, apps: configurations),
            sink: CollectingTraceSink())
        network = SimulatedNetwork(simulator: simulator)
        let clock = simulator.clock
        phoneDate = { startDate.addingTimeInterval(clock.now.inSeconds) }
        for (app, delegate) in delegates {
            applications[app] = Application(
                bundleIdentifier: app, delegate: delegate, host: self, notificationCenters: notificationCenters)
            applications[app]?.sceneDelegateClass = sceneDelegateClasses[app]
        }
        code.device = self
        simulator.hostedCode = code
        // From the first device on, so that the work a task sends to Swift's pool in a step is counted by the
        // settle after it.
        AppTasks.countPoolJobs()
        AppTasks.readDatesOnThePhonesClock()
        AppTasks.runTimersOnThePhonesClock()
    }

    /// A device for a scenario's declarations (profile, device, memory, apps), with delegates for some of its apps.
    /// A device whose apps get a fresh delegate for each process, from `delegateFactories`: what their objects
    /// held in memory is lost when the system purges them, as on a phone.
    public convenience init(
        scenario: Scenario, delegateFactories: [AppID: @MainActor () -> any ApplicationDelegate],
        sceneDelegateClasses: [AppID: any WindowSceneDelegate.Type] = [:], defaultProfile: Profile = .defaultProfile,
        startDate: Date = Date()
    ) throws(UnsupportedApp) {
        try self.init(
            profile: scenario.profile ?? defaultProfile, device: scenario.device, deviceMemory: scenario.deviceMemory,
            apps: scenario.apps, delegates: delegateFactories.mapValues { $0() },
            sceneDelegateClasses: sceneDelegateClasses, startDate: startDate)
        for (app, make) in delegateFactories { applications[app]?.makeDelegate = make }
    }

    public convenience init(
        scenario: Scenario, delegates: [AppID: any ApplicationDelegate],
        sceneDelegateClasses: [AppID: any WindowSceneDelegate.Type] = [:], defaultProfile: Profile = .defaultProfile
    ) throws(UnsupportedApp) {
        try self.init(
            profile: scenario.profile ?? defaultProfile, device: scenario.device, deviceMemory: scenario.deviceMemory,
            apps: scenario.apps,
            delegates: delegates, sceneDelegateClasses: sceneDelegateClasses)
    }

    /// Performs a user action and lets virtual time run through the work it causes.
    public func perform(_ action: UserAction) throws(ImpossibleAction) {
        try simulator.perform(action)
    }

    /// Lets virtual time pass, in one go: what the apps' Swift tasks do when they wake from `Task.sleep` meanwhile
    /// waits for the test's next `await` (``waitAndSettle(_:)`` gives it its time).
    public func wait(_ duration: Duration) {
        simulator.advance(by: duration)
    }

    /// Lets virtual time pass as a phone's does for the apps' Swift tasks: each time one wakes from `Task.sleep`, the
    /// clock stops while the tasks run as far as they can (``settle()``), so that what a task does after its sleep —
    /// saving, ending a background task — happens when it wakes, before the time goes on (docs/lifecycle.md §19).
    /// The explorer waits so.
    ///
    /// ```swift
    /// try device.perform("home")     // the upload's task sleeps 2 s, holding a background task
    /// await device.settle()
    /// await device.waitAndSettle(.seconds(5))
    /// #expect(device.state(of: "notes") == .suspended)  // since 2 s, when the task ended it
    /// ```
    public func waitAndSettle(_ duration: Duration) async {
        // What the tasks have to do now (an answer that came at once, offline) happens before the time goes on.
        if hasTasksAwake { await settle() }
        await waitAndSettleSettled(duration)
    }

    /// ``waitAndSettle(_:)`` once the apps' tasks have done what they could: the explorer settles after every step.
    func waitAndSettleSettled(_ duration: Duration) async {
        let end = simulator.instant(after: duration)
        var sleepsEnded = AppTasks.sleepsEndedCount
        var exchangesEnded = self.exchangesEnded
        while simulator.advance(
            to: end,
            pausingWhen: { AppTasks.sleepsEndedCount != sleepsEnded || self.exchangesEnded != exchangesEnded })
        {
            sleepsEnded = AppTasks.sleepsEndedCount
            exchangesEnded = self.exchangesEnded
            if hasTasksAwake { await settle() }
        }
        if hasTasksAwake { await settle() }
    }

    /// Performs one line of the scenario language (docs/scenario-language.md), as a scenario file's line runs:
    /// `try device.perform("memory-pressure")`, `try device.perform("bgtask-launch news com.news.refresh")`,
    /// `wait 30s`, `expect notes suspended`, even `app weather` to add an app. Tests and scenarios speak one
    /// language, and the lines a test performs are numbered from 1, as a file's are, in its errors.
    ///
    /// - Throws: ``ScenarioError`` located at its line and column (`device:2:5: error: …`, its
    ///   ``ScenarioError/diagnostic`` showing the line), for a mistake in the line, an action impossible in the
    ///   phone's situation, or an `expect` that does not hold.
    public func perform(_ line: String) throws(ScenarioError) {
        performedLines += 1
        let number = performedLines
        var error: ScenarioError
        do throws(ScenarioError) {
            switch try lineParser.read(line[...], number: number) {
            case .app(let app)?:
                simulator.declare(app)
                return
            case .step(let step)?:
                let scenario = Scenario(file: lineParser.file, profile: simulator.phone.profile)
                guard let failure = try ScenarioRunner.run(step, of: scenario, on: simulator) else { return }
                error = ScenarioError(
                    file: failure.file, line: failure.line, column: failure.column,
                    message: "expected \(failure.subject) to be \(failure.expected), but it is \(failure.actual)")
            case nil:
                return
            }
        } catch let caught {
            error = caught
        }
        error.sourceLine = line
        throw error
    }

    /// Runs a scenario's actions on this device; returns the `expect` lines that failed.
    @discardableResult
    public func run(_ scenario: Scenario) throws(ScenarioError) -> [ScenarioRunner.ExpectationFailure] {
        try ScenarioRunner.run(scenario, on: simulator)
    }

    /// Everything that happened so far. Printed, each record is a line of a `jsonl` trace; ``printedTrace(_:)``
    /// gives the whole of it as `lifecycle run` prints it.
    public var trace: [TraceRecord] { simulator.sink.records }

    /// The trace so far as `lifecycle run` prints it — text for people (the default), or `.jsonl` — for a test to
    /// show what happened when it fails: `#expect(delegate.uploaded, "\(device.printedTrace())")`.
    public func printedTrace(_ format: TraceFormat = .text) -> String {
        trace.printed(as: format, apps: simulator.phone.appIDs)
    }

    /// Virtual time since the start.
    public var now: Duration { simulator.now }
}

extension SimulatedDevice: ApplicationHost {
    /// An app's state in the core.
    public func state(of app: AppID) -> AppState { simulator.phone.state(of: app) ?? .notRunning }

    /// How many of the app's notifications wait in Notification Center for the user (docs/lifecycle.md §18).
    public func waitingNotificationCount(of app: AppID) -> Int { simulator.phone.waitingNotificationCount(of: app) }

    public func backgroundTimeRemaining(of app: AppID) -> Duration? {
        simulator.backgroundTimeRemaining(of: app)
    }

    public func beginBackgroundTask(in app: AppID, name: String?) -> BackgroundTaskIdentifier {
        noteSystemCall("beginBackgroundTask", from: app)
        return simulator.beginBackgroundTask(in: app, name: name)
    }

    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier, in app: AppID) {
        noteSystemCall("endBackgroundTask", from: app)
        simulator.endBackgroundTask(identifier, in: app)
    }

    /// The app crashed: the trace says why, and the core ends it (`crash`) once the code that crashed has returned.
    public func crash(_ app: AppID, reason: String) {
        simulator.record(.note(app, "crash: \(reason)"))
        simulator.after(.zero) { [simulator] in _ = try? simulator.perform(.processEnded(app)) }
    }

    public func note(_ text: String, in app: AppID) {
        simulator.record(.note(app, text))
    }

    public func permittedTasks(of app: AppID) -> [PermittedTask] {
        simulator.phone.configuration(of: app)?.permittedTasks ?? []
    }

    public func submitTaskRequest(_ request: TaskRequest, in app: AppID) -> TaskRequestError? {
        noteSystemCall("BGTaskScheduler.submit", from: app)
        return simulator.submitTaskRequest(request, in: app)
    }

    public func completeScheduledTask(_ identifier: String, success: Bool, in app: AppID) {
        noteSystemCall("setTaskCompleted", from: app)
        simulator.completeScheduledTask(identifier, success: success, in: app)
    }

    public func cancelTaskRequests(_ identifier: String?, in app: AppID) {
        simulator.cancelTaskRequests(identifier, in: app)
    }

    public func pendingTaskRequests(of app: AppID) -> [TaskRequest] {
        simulator.phone.pendingRequests(of: app)
    }

    public func completionHandlerCalled(for callback: Callback, in app: AppID) {
        noteSystemCall("the completion handler of \(callback.selector)", from: app)
        simulator.completionHandlerCalled(for: callback, in: app)
    }

    public func setNotificationDelegate(in app: AppID) {
        simulator.setNotificationDelegate(in: app)
    }

    public func addNotificationRequest(_ identifier: String, after delay: Duration?, repeats: Bool, in app: AppID) {
        simulator.addNotificationRequest(identifier, after: delay, repeats: repeats, in: app)
    }

    public func removePendingNotificationRequests(_ identifiers: [String]?, in app: AppID) {
        simulator.removePendingNotificationRequests(identifiers, in: app)
    }

    public func notificationSettings(of app: AppID) -> (authorized: Bool, pending: [String]) {
        (simulator.phone.notificationsAreAuthorized(for: app), simulator.phone.pendingNotificationRequests(of: app))
    }

    public func restorationArchive(of app: AppID) -> [String: Data]? {
        guard let archiveDirectory else { return archivesInMemory[app] }
        return try? RestorationArchive(directory: archiveDirectory, app: app).read()
    }

    func storeRestorationArchive(of app: AppID) {
        guard let values = applications[app]?.restorationCoder.values else { return }
        if let archiveDirectory {
            do {
                try RestorationArchive(directory: archiveDirectory, app: app).write(values)
            } catch {
                simulator.record(.note(app, "the restoration archive could not be written: \(error)"))
            }
        } else {
            archivesInMemory[app] = values
        }
    }

    func deleteRestorationArchive(of app: AppID) {
        if let archiveDirectory {
            do {
                try RestorationArchive(directory: archiveDirectory, app: app).delete()
            } catch {
                simulator.record(.note(app, "the restoration archive could not be deleted: \(error)"))
            }
        } else {
            archivesInMemory[app] = nil
        }
    }

    public func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        simulator.after(delay) { MainActor.assumeIsolated { work() } }
    }

    /// Work an app's code scheduled: it never runs once the process that scheduled it has ended, and work that
    /// comes due while the process is suspended waits until it runs again (docs/lifecycle.md §19).
    public func run(after delay: Duration, for app: AppID, _ work: @escaping @MainActor () -> Void) {
        let process = code.processes[app, default: 0]
        simulator.after(delay) { [self] in
            MainActor.assumeIsolated {
                guard code.processes[app, default: 0] == process, state(of: app) != .notRunning else { return }
                if state(of: app) == .suspended, let application = applications[app] {
                    application.enqueueMainQueueWork(work)
                } else {
                    work()
                }
            }
        }
    }

    /// Sends a request of an app's code over the device's ``network``: the exchange ends when the server's answer
    /// comes, on the phone's clock, unless the app's process is suspended meanwhile — a suspended process's sockets
    /// are reclaimed, and the request fails with `.networkConnectionLost` when the app runs again — or the network
    /// goes off meanwhile, which fails it so when its answer was due, or the process ends, which ends the request with
    /// it (docs/lifecycle.md §19).
    public func send(
        _ request: NetworkRequest, from app: AppID, answered: @escaping @MainActor (NetworkOutcome) -> Bool
    ) -> Bool {
        let (outcome, latency) = network.exchange(for: request)
        let suspensions = simulator.phone.suspensionCount(of: app)
        let outages = simulator.phone.networkOutageCount
        run(after: latency, for: app) { [self] in
            let cut =
                simulator.phone.suspensionCount(of: app) != suspensions
                ? "while \(app) was suspended"
                : simulator.phone.networkOutageCount != outages ? "when the network went off" : nil
            if let cut {
                simulator.record(
                    .note(
                        app,
                        "\(request.method) \(request.url.absoluteString): the connection was lost \(cut) "
                            + "(URLError.networkConnectionLost)"))
                _ = answered(.failure(.networkConnectionLost))
                exchangesEnded += 1
                return
            }
            if answered(outcome), case .reply = outcome { network.replied(to: request) }
            // What the app's code does with the answer off the main queue (a completion handler) happens now.
            exchangesEnded += 1
        }
        return true
    }

    /// Starts a transfer of one of an app's background URL sessions: the system carries it on, on the phone's clock,
    /// whatever becomes of the app's process, and waits for the network while it is off, unless the user swipes the
    /// app away, which cancels it. When it ends, a running app hears of it at once; a suspended app is woken, and one
    /// not running launched, in the background, for `application(_:handleEventsForBackgroundURLSession:
    /// completionHandler:)` — unless the user swiped it away (docs/lifecycle.md §19).
    public func transfer(
        _ request: NetworkRequest, inBackgroundSession identifier: String, from app: AppID,
        finished: @escaping @MainActor (NetworkOutcome) -> Void
    ) -> Bool {
        // The system waits as long as a transfer takes: the request's timeout is the app's own waiting.
        let (outcome, latency) = network.exchange(for: request, inBackgroundSession: true)
        let swipes = simulator.phone.forceQuitCount(of: app)
        let transfer = "background session \(identifier): \(request.method) \(request.url.absoluteString)"
        let isCancelled: @MainActor () -> Bool = { [simulator] in simulator.phone.forceQuitCount(of: app) != swipes }
        whenTheNetworkIsOn(after: latency, orWhen: isCancelled, noting: "\(transfer) waits for the network", in: app) {
            [self] in
            let cancelled = isCancelled()
            simulator.record(
                .note(
                    app,
                    cancelled
                        ? "\(transfer) cancelled: the user swiped \(app) away" : "\(transfer) finished (\(outcome))"))
            if !cancelled, case .reply = outcome { network.replied(to: request) }
            finished(cancelled ? .failure(.cancelled) : outcome)
            exchangesEnded += 1
            guard !cancelled, !simulator.phone.wasForceQuit(app), let transfers = applications[app]?.backgroundTransfers
            else { return }
            switch state(of: app) {
            case .suspended, .notRunning:
                guard transfers.eventsAreDue(for: identifier) else { return }
                do {
                    try perform(.backgroundEvent(.download, app))
                } catch {
                    transfers.eventsAreNotDue(for: identifier)
                }
            case .active, .inactive, .background: break
            }
        }
        return true
    }

    /// Runs `work` after `delay`, or, if the network is off then, once it is back or `givingUp` holds: the system looks
    /// again every 10 s, as it resumes a background session's transfer when the network returns. The trace notes the
    /// wait once.
    private func whenTheNetworkIsOn(
        after delay: Duration, orWhen givingUp: @escaping @MainActor () -> Bool, noting note: String?, in app: AppID,
        _ work: @escaping @MainActor () -> Void
    ) {
        run(after: delay) { [self] in
            guard simulator.phone.isNetworkReachable || givingUp() else {
                if let note { simulator.record(.note(app, note)) }
                whenTheNetworkIsOn(after: .seconds(10), orWhen: givingUp, noting: nil, in: app, work)
                return
            }
            work()
        }
    }

    /// Whether the phone reaches the network now (`network off` is airplane mode).
    public var isNetworkReachable: Bool { network.isReachable }

    /// Whether an app on the phone declares the URL's scheme (`url-schemes=`): `UIApplication.canOpenURL(_:)`.
    public func canOpen(_ url: String) -> Bool { appHandling(url) != nil }

    /// The app that declares the URL's scheme, if one does.
    private func appHandling(_ url: String) -> AppID? {
        let scheme = url.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        return simulator.phone.appIDs.first {
            simulator.phone.configuration(of: $0)?.urlSchemes.contains(scheme) == true
        }
    }

    /// Opens a URL in the app that declares its scheme (`url-schemes=`), as another app or a link opens it
    /// (`open-url`), once the calling code returns; `false` when no app handles it or the phone cannot open it now.
    public func open(_ url: String, from app: AppID, completion: @escaping @MainActor (Bool) -> Void) {
        guard let target = appHandling(url) else {
            completion(false)
            return
        }
        run(after: .zero) { [self] in
            do throws(ImpossibleAction) {
                try perform(.openURL(target, url: url))
                completion(true)
            } catch {
                completion(false)
            }
        }
    }

    public func notificationPayload(named name: String, of app: AppID) -> String? {
        simulator.phone.configuration(of: app)?.notificationPayloads.first { $0.name == name }?.json
    }

    /// The device simulates the apps' processes: it runs each one's main queue in virtual time, at the end of each
    /// turn of its code, and each process observes a `NotificationCenter.default` of its own.
    public var simulatesProcesses: Bool { true }

    /// The app's code calls the system: while its process is suspended, that is code a phone would not have run
    /// then (work it scheduled came due), and its call would come only at the next resume — after a task's time
    /// ran out, a handler's watchdog fired — or never, if the system purged the app first. The trace says so, and
    /// ``workRanWhileSuspended`` keeps the app.
    private func noteSystemCall(_ what: String, from app: AppID) {
        guard state(of: app) == .suspended else { return }
        let note =
            "\(what) called while \(app) is suspended: work its code scheduled came due then; on iOS it runs only at "
            + "the next resume, and never if the app is purged first"
        workRanWhileSuspended.append(app)
        suspendedWorkNotes.append((app, note))
        simulator.record(.note(app, note))
    }

    /// The phone's date: ``startDate`` plus the virtual time since the device started.
    public var currentDate: Date { startDate.addingTimeInterval(now.inSeconds) }
    public var deviceKind: DeviceKind { simulator.phone.device }
    public var iosVersion: Int { simulator.phone.profile.version }
    public func backgroundAppRefreshIsOn(for app: AppID) -> Bool { simulator.phone.backgroundAppRefreshIsOn(for: app) }

    /// The window with the user's focus on the device's screen: the last tapped into (`focus SCENE`), else the last
    /// to come beside others, else the front app's front window (docs/lifecycle.md §16).
    public var keyWindow: SceneID? { simulator.phone.keyWindow }

    public func supportsMultipleScenes(_ app: AppID) -> Bool { simulator.phone.supportsMultipleScenes(app) }

    /// The simulated phone's: locked or not, and unlocked since its last restart or not.
    public var protectedDataState: ProtectedDataState { simulator.phone.protectedDataState }

    public func request(
        _ request: SceneSessionRequest, from app: AppID, refused: @escaping @MainActor (String) -> Void
    ) {
        run(after: .zero) { [self] in
            do throws(ImpossibleAction) {
                try perform(try simulator.phone.userAction(for: request, from: app))
            } catch {
                refused(error.reason)
            }
        }
    }
}

/// Hands the simulator's calls for hosted apps to their applications.
///
/// The simulator is not isolated, so this is not either; a `SimulatedDevice` is used on the main actor only,
/// where the simulator then runs, which `MainActor.assumeIsolated` checks on every call.
@MainActor
private final class HostedCode: HostedAppCode {
    weak var device: SimulatedDevice?
    /// The launch options of each app's current launch, for `UIApplicationDidFinishLaunchingNotification`.
    private var launchOptions: [AppID: LaunchOptions] = [:]
    /// How many processes each app has started: work a process scheduled runs only while it is the app's.
    var processes: [AppID: Int] = [:]

    nonisolated func run(_ callback: Callback, scene: SceneID?, detail: CallbackDetail?, of app: AppID) -> Bool? {
        MainActor.assumeIsolated {
            if callback == .willFinishLaunching {
                processes[app, default: 0] += 1
                launchOptions[app] = if case .launchOptions(let options) = detail { options } else { nil }
            }
            return device?.applications[app]?.deliver(callback, scene: scene, detail: detail)
        }
    }

    nonisolated func runScheduledTask(_ step: ScheduledTaskStep, identifier: String, of app: AppID) {
        MainActor.assumeIsolated { device?.applications[app]?.runScheduledTask(step, identifier: identifier) }
    }

    nonisolated func runExpirationHandlers(of tasks: [BackgroundTaskIdentifier], in app: AppID)
        -> [BackgroundTaskIdentifier]
    {
        MainActor.assumeIsolated { device?.applications[app]?.runExpirationHandlers(of: tasks) ?? [] }
    }

    nonisolated func endTurn(of app: AppID) {
        MainActor.assumeIsolated { device?.applications[app]?.runMainQueueWork() }
    }

    nonisolated func storeRestorationArchive(of app: AppID) {
        MainActor.assumeIsolated { device?.storeRestorationArchive(of: app) }
    }

    nonisolated func deleteRestorationArchive(of app: AppID) {
        MainActor.assumeIsolated { device?.deleteRestorationArchive(of: app) }
    }

    nonisolated func post(_ notification: UIKitNotification, scene: SceneID?, of app: AppID) {
        MainActor.assumeIsolated {
            device?.applications[app]?.post(notification, scene: scene, launchOptions: launchOptions[app])
        }
    }
}
