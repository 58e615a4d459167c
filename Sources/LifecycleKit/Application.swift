import Foundation
import LifecycleCore
import Synchronization

/// The app as its code sees it, with UIKit's Swift names (`UIApplication`).
///
/// A host creates one per app, calls its delegate through ``deliver(_:detail:)`` when the core says so, and
/// posts the UIKit notifications through ``post(_:)`` right after each delegate method, with the application
/// as object — on `NotificationCenter.default` and on ``lifecycleEvents``.
@MainActor
public final class Application {
    /// The app's state as UIKit reports it (`UIApplication.State`): a suspended app runs no code to ask.
    public enum State: Int, Sendable, Hashable {
        case active, inactive, background
    }

    /// The app's identifier (`Bundle.main.bundleIdentifier`).
    public let bundleIdentifier: AppID
    /// The app's delegate. The application keeps it alive, as `UIApplicationMain` keeps the app delegate.
    public var delegate: (any ApplicationDelegate)?
    /// When set, each new process of the app gets a fresh delegate from it, as each launch on iOS makes one: what
    /// the app's objects held in memory is gone after the system purges it, as on a phone.
    public var makeDelegate: (@MainActor () -> any ApplicationDelegate)?
    /// Where the UIKit notifications are posted; `NotificationCenter.default` unless the host chose another.
    public var notificationCenter: NotificationCenter { centers.center }
    /// The center, made when first asked for (a simulated device's): posts go to it only once it exists.
    let centers: LazyNotificationCenter
    /// The center the code of the app's current process observes as `NotificationCenter.default`, once it has asked
    /// for it (LifecycleUIKit makes it): every UIKit notification of the app is posted there too. Several apps and
    /// their processes share a test process, and each process's code observes a center of its own; a new process
    /// starts without one, as the observers of the last one are gone with it.
    package var processNotificationCenter: NotificationCenter?
    /// The delegate class a framework over UIKit chose for each scene session, by its identifier (SwiftUI's, for the
    /// scene delegate the app's configuration names): kept across the app's processes, as its sessions are.
    package var sessionDelegateClasses: [String: AnyClass] = [:]
    /// Whether the delegate method running now is called beside another that reads its items
    /// (``readingItemsElsewhere(_:)``).
    private var itemsReadElsewhere = false
    /// The object that stands for this application in code written with other names (LifecycleUIKit's
    /// `UIApplication`), made once for the application's life and kept by it (it refers back unowned): the two live
    /// and die together.
    package var counterpart: AnyObject?
    /// The work the app's code put on the main queue in this turn, in order (docs/lifecycle.md §19), when the host
    /// runs it (``ApplicationHost/simulatesProcesses``).
    var mainQueueWork: [@MainActor () -> Void] = []
    /// The Swift tasks the app's current process started, under a host that simulates processes, once its code has
    /// started one: a new process starts with none, as those of the last one are gone with it (docs/lifecycle.md §19).
    package private(set) var startedTasks: AppTasks?
    /// The ledger of the current process's tasks, made when its code first starts one.
    package var tasks: AppTasks {
        if let startedTasks { return startedTasks }
        let made = AppTasks(
            defaults: defaults, container: container, phoneDate: host.phoneDate,
            backgroundTransfers: { [weak self] in self?.backgroundTransfers },
            // An application that is gone answers nothing, as the ended host does.
            send: { [weak self] request, answered in self?.send(request, answered: answered) ?? true },
            networkIsReachable: { [weak self] in self?.host.isNetworkReachable ?? true },
            runOnMainQueue: { [weak self] work in
                self?.enqueueMainQueueWork(work)
                self?.runMainQueueWork()
            },
            scheduleWake: { [weak self] delay, wake in self?.run(after: delay, wake) })
        startedTasks = made
        return made
    }

    /// What runs the application: its simulated device, or the host of its process. Once a simulated device is let
    /// go, the code of its apps' tasks that still runs (work it awaited coming back after the test ended) reaches an
    /// ``EndedHost``, which does nothing, rather than the device that is gone.
    package var host: any ApplicationHost { liveHost ?? EndedHost.shared }
    private weak var liveHost: (any ApplicationHost)?
    private var expirationHandlers: [BackgroundTaskIdentifier: @MainActor () -> Void] = [:]
    private let events = Broadcast<UIKitNotification>()

    // Scenes (docs/lifecycle.md §13).
    /// The class of the scene delegate made for each new scene, unless the session's configuration names
    /// another: what UIKit reads from the Info.plist's scene manifest. The host sets it.
    public var sceneDelegateClass: (any WindowSceneDelegate.Type)?
    /// The app's scene sessions, by persistent identifier: they outlive scenes and processes.
    var sessionsByID: [String: SceneSession] = [:]
    /// The configuration the app delegate chose for each role, the first time it was asked: iOS remembers it and
    /// gives it to later sessions of the role without asking again (docs/lifecycle.md §13).
    var rememberedConfigurations: [SceneConfiguration.Role: SceneConfiguration] = [:]
    /// The connected scenes, by their session's identifier.
    var scenesByID: [String: Scene] = [:]
    let appPhases = Broadcast<ScenePhase>()
    var lastAppPhase = ScenePhase.background

    // Scheduled tasks (docs/lifecycle.md §17).
    /// The app's `BGTaskScheduler`.
    public private(set) lazy var taskScheduler = BGTaskScheduler(application: self)
    /// The app's `UNUserNotificationCenter` (docs/lifecycle.md §18): ``UNUserNotificationCenter/current()`` in its
    /// code.
    public private(set) lazy var userNotificationCenter = UNUserNotificationCenter(application: self)
    /// The app's keychain (docs/lifecycle.md §21): its items outlive the app's processes, as long as the
    /// application.
    public private(set) lazy var keychain = Keychain(application: self)
    /// The app's defaults under a host that simulates its processes (LifecycleUIKit's `UserDefaults.standard`):
    /// they outlive the app's processes, as long as the application.
    package let defaults = AppDefaults()
    /// The transfers of the app's background URL sessions, kept across its processes as the system keeps them: made
    /// when first asked for.
    package var backgroundTransfers: BackgroundTransfers {
        if let backgroundTransfersIfMade { return backgroundTransfersIfMade }
        let made = BackgroundTransfers(application: self)
        backgroundTransfersIfMade = made
        return made
    }
    package private(set) var backgroundTransfersIfMade: BackgroundTransfers?
    /// `UIDevice.current.identifierForVendor`: one per app on its device, kept across its processes.
    package let vendorIdentifier = UUID()
    /// The app's directories under a host that simulates its processes (`FileManager`'s search paths in its code),
    /// made when first asked for and removed with the application.
    package private(set) lazy var container = AppContainer(bundleIdentifier: bundleIdentifier.rawValue)
    /// What stands for the pasteboard in the app's code (LifecycleUIKit's `UIPasteboard.general`), kept for the
    /// application's life, so that a new device starts with an empty one.
    package var pasteboard: AnyObject?
    /// The ledgers of the launch items handed to connecting scenes, and the items delivered to a delegate method
    /// the app does not implement, since ``takeLaunchItemsNotRead()`` last took them (docs/lifecycle.md §19).
    var launchItemLedgers: [LaunchItemLedger] = []
    var launchItemsDropped: [String] = []
    /// The items this process's launch options carried and no delivery has met yet (see ``launchItemDropped(_:)``).
    private var launchOptionItems: Set<String> = []
    /// Whether `application(_:didFinishLaunchingWithOptions:)` has returned in this process: launch handlers are
    /// registered before.
    var hasFinishedLaunching = false
    /// The application whose code its host runs now, in a turn (docs/lifecycle.md §19): a delegate's method, an
    /// observer, a handler, its main queue's work. `nil` between turns: in a test's own code, or in a Swift task that
    /// resumed after waiting (which ``current`` still knows by ``startedBy``).
    public internal(set) static var running: Application? {
        didSet { someCodeRuns.store(running != nil, ordering: .relaxed) }
    }
    /// Whether ``running`` is set, for a thread that asks without the main actor: the reader of the date, which
    /// asks on every read of the real-time clock, and needs the main actor only when some app's code runs.
    private nonisolated static let someCodeRuns = Atomic<Bool>(false)
    /// Whether some app's code runs its turn on the main queue now (``running`` is set), asked from any thread. (The
    /// app's Swift tasks know theirs by `AppTasks.current`.)
    package nonisolated static var isRunningSomeTurn: Bool { someCodeRuns.load(ordering: .relaxed) }

    /// How many applications this process has made, and the one when it has made one: a process's app.
    private static var madeCount = 0
    private static weak var onlyApplication: Application?

    /// The application whose code is running now — its delegate's method, a handler, work it scheduled — or else
    /// the process's only application (code run by `DispatchQueue` is its); `nil` outside any app's code in a
    /// process of several (a test's): what `UIApplication.shared` and `BGTaskScheduler.shared` stand for.
    public static var current: Application? {
        running ?? startedBy ?? (madeCount == 1 ? onlyApplication : nil)
    }

    /// The application whose code started the Swift task that runs now (`Task { }` in a callback): a task inherits
    /// it, as a task started by an app's code on a phone is that app's process's (docs/lifecycle.md §19).
    @TaskLocal static var startedBy: Application?

    /// The application whose code runs now, in a turn or in a task it started, under a host that simulates its
    /// processes: its Swift tasks are counted, for the host to wait for them between steps (docs/lifecycle.md §19).
    /// `nil` in a test's own code and in a real process.
    package static var simulatedCodeRunning: Application? {
        (running ?? startedBy).flatMap { $0.host.simulatesProcesses ? $0 : nil }
    }

    public convenience init(
        bundleIdentifier: AppID, delegate: (any ApplicationDelegate)?, host: any ApplicationHost,
        notificationCenter: NotificationCenter = .default
    ) {
        self.init(
            bundleIdentifier: bundleIdentifier, delegate: delegate, host: host,
            notificationCenters: LazyNotificationCenter(notificationCenter))
    }

    /// An application whose notification center is made when someone first asks for it (the host's or the app's
    /// code): until then its posts are skipped, as nobody can hear them.
    package init(
        bundleIdentifier: AppID, delegate: (any ApplicationDelegate)?, host: any ApplicationHost,
        notificationCenters: LazyNotificationCenter
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.delegate = delegate
        self.liveHost = host
        self.centers = notificationCenters
        Self.madeCount += 1
        Self.onlyApplication = Self.madeCount == 1 ? self : nil
    }

    /// `UIApplication.applicationState`.
    public var applicationState: State {
        switch host.state(of: bundleIdentifier) {
        case .active: .active
        case .inactive: .inactive
        case .background, .suspended, .notRunning: .background
        }
    }

    /// `UIApplication.isProtectedDataAvailable`: whether the keychain's `WhenUnlocked` items (and a phone's
    /// protected files) can be read now (docs/lifecycle.md §21).
    public var isProtectedDataAvailable: Bool { host.protectedDataState.isAvailable }

    /// `UIApplication.supportsMultipleScenes`: whether the app shows several windows (an iPad, and an app whose
    /// scene manifest says so).
    public var supportsMultipleScenes: Bool { host.supportsMultipleScenes(bundleIdentifier) }

    /// `UIApplication.backgroundTimeRemaining`: seconds of background time left; very large (`DBL_MAX`) while
    /// no budget runs, as in the foreground.
    public var backgroundTimeRemaining: TimeInterval {
        host.backgroundTimeRemaining(of: bundleIdentifier).map { $0.inSeconds } ?? .greatestFiniteMagnitude
    }

    // MARK: Background tasks

    /// `beginBackgroundTask(withName:expirationHandler:)`: asks for background time until
    /// ``endBackgroundTask(_:)``. The handler runs on the main actor when 5 s remain; a task still not ended
    /// when the time is up gets the app killed. Returns ``BackgroundTaskIdentifier/invalid`` when the app
    /// cannot begin a task.
    @discardableResult
    public func beginBackgroundTask(
        withName name: String? = nil, expirationHandler handler: (@MainActor () -> Void)? = nil
    ) -> BackgroundTaskIdentifier {
        let identifier = host.beginBackgroundTask(in: bundleIdentifier, name: name)
        if identifier != .invalid, let handler { expirationHandlers[identifier] = handler }
        return identifier
    }

    /// `beginBackgroundTask(expirationHandler:)`.
    @discardableResult
    public func beginBackgroundTask(expirationHandler handler: (@MainActor () -> Void)?) -> BackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// `endBackgroundTask(_:)`. Ending an invalid or already ended task does nothing (the trace says so).
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {
        expirationHandlers[identifier] = nil
        host.endBackgroundTask(identifier, in: bundleIdentifier)
    }

    /// The phone's date: real in a process, virtual under the simulator (the device's start date plus the virtual
    /// time since).
    ///
    /// Use it where an iOS app would use `Date()` for a date it gives the system, such as
    /// ``BGTaskRequest/earliestBeginDate``: `application.currentDate.addingTimeInterval(15 * 60)` reads as
    /// fifteen minutes on every run of a test, where `Date(timeIntervalSinceNow:)` follows the real clock.
    public var currentDate: Date { host.currentDate }

    /// Runs `work` on the main actor after `delay`, in the host's time: virtual under the simulator.
    ///
    /// LifecycleUIKit's `DispatchQueue.main.asyncAfter` comes here: code written as for iOS needs nothing else.
    public func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        host.run(after: delay, for: bundleIdentifier) { [self] in
            runningCode(work)
            runMainQueueWork()
        }
    }

    /// Runs `body` as this app's code: ``BGTaskScheduler/shared`` (and `UIApplication.shared`) are this app's
    /// inside it, as they are in its delegate's methods and in work it scheduled.
    ///
    /// A test's own body is no app's code: under a `SimulatedDevice` of several apps, or beside other tests, it
    /// calls what an app's code would call through this —
    /// `try device.applications["news"]?.runAsItsCode { try BGTaskScheduler.shared.submit(request) }`.
    public func runAsItsCode<Result>(_ body: () throws -> Result) rethrows -> Result {
        let previous = Self.running
        Self.running = self
        defer {
            Self.running = previous
            if previous == nil { runMainQueueWork() }
        }
        return try body()
    }

    /// Runs the app's code as the code running now, for ``BGTaskScheduler/shared``. The work it puts on the main
    /// queue waits for the host's end of the turn (``runMainQueueWork()``).
    func runningCode<Result>(_ code: () -> Result) -> Result {
        let previous = Self.running
        Self.running = self
        defer { Self.running = previous }
        return Self.$startedBy.withValue(self, operation: code)
    }

    // MARK: Quick actions

    /// The quick actions the app's code set for its icon (`UIApplication.shortcutItems`): they outlive its
    /// processes, as the Home screen keeps them. The phone offers the types the app declares (`shortcut-items=`).
    public var shortcutItems: [ShortcutItem]?

    /// The quick action of a type as the app's code gets it: the one it set, with its title and `userInfo`, or one of
    /// that type alone (a static one of its Info.plist).
    public func shortcutItem(ofType type: String) -> ShortcutItem {
        shortcutItems?.first { $0.type == type } ?? ShortcutItem(type: type)
    }

    // MARK: Launch items

    /// The URLs, activities and quick actions the system handed the app's code that it has not read: those in a
    /// connecting scene's options it never looked at, and those delivered to a scene delegate method it does not
    /// implement. Each is taken once.
    public func takeLaunchItemsNotRead() -> [String] {
        // Asked after every step of an exploration, nearly always of nothing.
        if launchItemLedgers.isEmpty, launchItemsDropped.isEmpty { return [] }
        let notRead = launchItemLedgers.flatMap { $0.notRead.sorted() } + launchItemsDropped
        launchItemLedgers = []
        launchItemsDropped = []
        return notRead
    }

    /// The app's delegate does not implement the method that would have handed it this item: a URL (`url`), an
    /// activity (`activity`) or a quick action (`shortcut`).
    ///
    /// The item that launched the process was in its launch options too, where `didFinishLaunchingWithOptions` may
    /// have read it: the first delivery of that item in a process is not counted as dropped.
    public static func launchItemDropped(_ item: String) {
        guard let application = current, !application.itemsReadElsewhere else { return }
        if application.launchOptionItems.remove(item) != nil { return }
        application.launchItemsDropped.append(item)
    }

    /// Runs `body`, a delegate's method called beside another that reads the items it is handed (SwiftUI's scene
    /// delegate, which gives them to the views, calls the one the app's configuration names): that one not
    /// implementing the method drops nothing.
    package func readingItemsElsewhere(_ body: () -> Void) {
        let outer = itemsReadElsewhere
        itemsReadElsewhere = true
        defer { itemsReadElsewhere = outer }
        body()
    }

    /// Says on standard error that `call` was made outside any app's code, in a process of several apps (a test's
    /// own code), what it does then (`does nothing`, `returns errSecMissingEntitlement`), and the way out.
    package nonisolated static func tellUsedOutsideAnyApp(_ call: String, _ consequence: String) {
        FileHandle.standardError.write(
            Data(
                ("\(call) is used outside any app's code, in a process of several apps: it \(consequence); run the "
                    + "code as an app's with application.runAsItsCode { … }\n").utf8))
    }

    // MARK: Events for async code

    /// The UIKit notifications of this app, as they are posted, for `for await` loops.
    public var lifecycleEvents: AsyncStream<UIKitNotification> { events.values }

    // MARK: For hosts

    /// Calls the delegate method of a core callback, with its arguments; returns what a `BOOL`-returning
    /// method returned.
    ///
    /// The main queue's work waits until the notifications that follow have been posted: the host runs it then, with
    /// ``runMainQueueWork()``. Work left from before (a block that came due while the process was suspended) runs
    /// first, as the process runs again.
    public func deliver(_ callback: Callback, scene: SceneID? = nil, detail: CallbackDetail?) -> Bool? {
        if callback == .willFinishLaunching {
            // A new process: what the last one had queued is gone with it.
            mainQueueWork = []
            if host.simulatesProcesses {
                processNotificationCenter = nil
                startedTasks = nil
                defaults.processStarted()
            }
        } else {
            runMainQueueWork()
        }
        return runningCode {
            defer { if callback == .didFinishLaunching { hasFinishedLaunching = true } }
            if let scene { return deliverScene(callback, scene: scene, detail: detail) }
            return deliverApplication(callback, detail: detail)
        }
    }

    private func deliverApplication(_ callback: Callback, detail: CallbackDetail?) -> Bool? {
        if callback == .willFinishLaunching { processDidStart() }
        guard let delegate else { return nil }
        let options: LaunchOptions? =
            if case .launchOptions(let options) = detail { options } else { nil }
        let argument: String =
            if case .argument(let argument) = detail { argument } else { "" }
        let completion = completionHandler(for: callback)
        switch callback {
        case .willFinishLaunching: return delegate.application(self, willFinishLaunchingWithOptions: options)
        case .didFinishLaunching:
            launchOptionItems = []
            if options?.url != nil { launchOptionItems.insert("url") }
            if options?.userActivityType != nil { launchOptionItems.insert("activity") }
            if options?.shortcutItem != nil { launchOptionItems.insert("shortcut") }
            return delegate.application(self, didFinishLaunchingWithOptions: options)
        case .didBecomeActive: delegate.applicationDidBecomeActive(self)
        case .willResignActive: delegate.applicationWillResignActive(self)
        case .didEnterBackground: delegate.applicationDidEnterBackground(self)
        case .willEnterForeground: delegate.applicationWillEnterForeground(self)
        case .willTerminate: delegate.applicationWillTerminate(self)
        case .didReceiveMemoryWarning: delegate.applicationDidReceiveMemoryWarning(self)
        case .significantTimeChange: delegate.applicationSignificantTimeChange(self)
        case .protectedDataWillBecomeUnavailable: delegate.applicationProtectedDataWillBecomeUnavailable(self)
        case .protectedDataDidBecomeAvailable: delegate.applicationProtectedDataDidBecomeAvailable(self)
        case .openURL:
            let url = URL(string: argument) ?? URL(fileURLWithPath: argument)
            return delegate.application(self, open: url, options: OpenURLOptions())
        case .performActionForShortcutItem:
            let ignoreResult: (Bool) -> Void = { _ in }
            delegate.application(
                self, performActionFor: shortcutItem(ofType: argument), completionHandler: ignoreResult)
        case .willContinueUserActivity:
            return delegate.application(self, willContinueUserActivityWithType: argument)
        case .continueUserActivity:
            let activity = UserActivity(argument: argument)
            let restore: ([any UserActivityRestoring]?) -> Void = { objects in
                for object in objects ?? [] { object.restoreUserActivityState(activity) }
            }
            return delegate.application(self, continue: activity, restorationHandler: restore)
        case .didReceiveRemoteNotification:
            let handler: (BackgroundFetchResult) -> Void = { _ in completion() }
            let userInfo = notificationItem(argument).userInfo
            delegate.application(self, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: handler)
        case .performFetch:
            let handler: (BackgroundFetchResult) -> Void = { _ in completion() }
            delegate.application(self, performFetchWithCompletionHandler: handler)
        case .handleEventsForBackgroundURLSession:
            let handler: () -> Void = { completion() }
            let identifier = backgroundTransfers.handOverEvents()
            delegate.application(self, handleEventsForBackgroundURLSession: identifier, completionHandler: handler)
        case .handleWatchKitExtensionRequest:
            let reply: ([AnyHashable: Any]?) -> Void = { _ in completion() }
            delegate.application(self, handleWatchKitExtensionRequest: nil, reply: reply)
        case .shouldSaveApplicationState, .willEncodeRestorableState, .shouldRestoreApplicationState,
            .didDecodeRestorableState:
            return deliverRestoration(callback, to: delegate)
        case .configurationForConnecting:
            // The session's id, then its role when it is not a window's (`notes#2 UIWindowSceneSessionRole…`).
            let words = argument.split(separator: " ")
            let role = words.dropFirst().first.flatMap { SceneConfiguration.Role(rawValue: String($0)) }
            configureSession(
                SceneID(rawValue: String(words.first ?? "")), role: role ?? .windowApplication, with: delegate)
        case .didDiscardSceneSessions:
            discardSessions(argument.split(separator: " ").map { SceneID(rawValue: String($0)) }, telling: delegate)
        case .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground, .sceneOpenURLContexts, .sceneWillContinueUserActivity,
            .sceneContinueUserActivity, .windowScenePerformActionForShortcutItem, .stateRestorationActivityForScene:
            // A scene-delegate method always comes with its scene (deliver(_:scene:detail:)).
            break
        case .notificationWillPresent, .notificationDidReceive:
            deliverNotification(callback, argument, completion)
        }
        return nil
    }

    /// Calls the notification delegate's method (docs/lifecycle.md §18): `argument` names the notification to
    /// present, or is the response's action identifier.
    private func deliverNotification(
        _ callback: Callback, _ argument: String, _ completion: @escaping @MainActor @Sendable () -> Void
    ) {
        let center = userNotificationCenter
        guard let delegate = center.delegate else { return }
        let (about, userInfo) = notificationItem(argument)
        if callback == .notificationWillPresent {
            let presented = notification(named: about, userInfo: userInfo)
            delegate.userNotificationCenter(center, willPresent: presented) { _ in completion() }
        } else {
            let response = notificationResponse(actionIdentifier: about, userInfo: userInfo)
            delegate.userNotificationCenter(center, didReceive: response) { completion() }
        }
    }

    /// A notification as the delegate sees it, delivered now; its request's identifier is the name the trace gives.
    private func notification(named name: String, userInfo: [AnyHashable: Any]) -> UNNotification {
        UNNotification(
            date: host.currentDate,
            request: UNNotificationRequest(
                identifier: name, content: UNNotificationContent(userInfo: userInfo), trigger: nil))
    }

    /// The response of the user's action with this identifier to a notification delivered now.
    func notificationResponse(actionIdentifier: String, userInfo: [AnyHashable: Any] = [:]) -> UNNotificationResponse {
        UNNotificationResponse(
            notification: notification(named: "notification", userInfo: userInfo), actionIdentifier: actionIdentifier)
    }

    /// What a callback's argument about a notification says (docs/lifecycle.md §19): what it is about (the
    /// notification's name, an action's identifier), and the `userInfo` of the payload it names — its JSON as
    /// Foundation reads it, or empty when it names none.
    func notificationItem(_ argument: String) -> (about: String, userInfo: [AnyHashable: Any]) {
        let (about, name) = NotificationPayload.split(argument: argument)
        return (about, userInfo(ofPayload: name))
    }

    /// The `userInfo` of one of the app's declared payloads (docs/lifecycle.md §19): its JSON as Foundation reads
    /// it, or empty for no payload, or one the host does not know.
    public func userInfo(ofPayload name: String?) -> [AnyHashable: Any] {
        guard let name, let json = host.notificationPayload(named: name, of: bundleIdentifier),
            let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)),
            let dictionary = object as? [String: Any]
        else { return [:] }
        return dictionary
    }

    /// The restoration coder of the current save or restore; the archive itself is the host's to keep.
    public var restorationCoder = RestorationCoder()

    private func deliverRestoration(_ callback: Callback, to delegate: any ApplicationDelegate) -> Bool? {
        switch callback {
        case .shouldSaveApplicationState:
            restorationCoder = RestorationCoder()
            return delegate.application(self, shouldSaveApplicationState: restorationCoder)
        case .willEncodeRestorableState:
            delegate.application(self, willEncodeRestorableStateWith: restorationCoder)
        case .shouldRestoreApplicationState:
            restorationCoder = RestorationCoder(values: host.restorationArchive(of: bundleIdentifier) ?? [:])
            return delegate.application(self, shouldRestoreApplicationState: restorationCoder)
        case .didDecodeRestorableState:
            delegate.application(self, didDecodeRestorableStateWith: restorationCoder)
        default:
            break
        }
        return nil
    }

    /// A completion handler that tells the host the app called it. Completion handlers are main-actor
    /// functions: app code on another thread calls them with `Task { @MainActor in … }`.
    private func completionHandler(for callback: Callback) -> @MainActor @Sendable () -> Void {
        let app = bundleIdentifier
        let host = self.host
        return { host.completionHandlerCalled(for: callback, in: app) }
    }

    /// Runs the expiration handlers of these tasks (a task without one is left as it is); returns the tasks that had
    /// one. The host tells the core which of them are still open once the handlers have returned
    /// (`Phone.expirationHandlersReturned`), then runs the main queue's work (``runMainQueueWork()``): a task ended
    /// from there was not ended by its handler.
    @discardableResult
    public func runExpirationHandlers(of tasks: [BackgroundTaskIdentifier]) -> [BackgroundTaskIdentifier] {
        runningCode {
            tasks.filter { task in
                guard let handler = expirationHandlers[task] else { return false }
                handler()
                return true
            }
        }
    }

    /// Runs what the system does with a scheduled task (docs/lifecycle.md §17): calls the launch handler
    /// registered for it with a new task, or the task's expiration handler.
    public func runScheduledTask(_ step: ScheduledTaskStep, identifier: String) {
        runningCode {
            switch step {
            case .launchHandler(let kind): taskScheduler.launch(identifier, kind: kind)
            case .expirationHandler: taskScheduler.expire(identifier)
            case .completed: taskScheduler.runningTasks[identifier] = nil
            }
        }
        runMainQueueWork()
    }

    /// The app's code did what crashes an iOS app: the host ends it.
    package func crash(_ reason: String) {
        host.crash(bundleIdentifier, reason: reason)
    }

    /// A task's code called `setTaskCompleted(success:)`.
    func taskCompleted(_ task: BGTask, success: Bool) {
        if taskScheduler.runningTasks[task.identifier] === task { taskScheduler.runningTasks[task.identifier] = nil }
        host.completeScheduledTask(task.identifier, success: success, in: bundleIdentifier)
    }

    /// Posts a UIKit notification, with the application as object (and the launch options as `userInfo` for
    /// `UIApplicationDidFinishLaunchingNotification`), and yields it to ``lifecycleEvents``.
    ///
    /// A `UIScene` notification (`scene` set) is posted with the scene as object.
    ///
    /// The observers are the app's code: they run as it (``UIApplication.shared`` is this app inside them), and what
    /// they put on the main queue waits with the callback's work for the end of the turn.
    public func post(_ notification: UIKitNotification, scene: SceneID? = nil, launchOptions: LaunchOptions? = nil) {
        if let scene {
            postScene(notification, scene: scene)
        } else {
            postToObservers(Self.name(of: notification), object: notificationObject) {
                notification == .didFinishLaunching ? launchOptions.map { [Application.launchOptionsKey: $0] } : nil
            }
        }
        events.send(notification)
    }

    /// Posts, as the app's code, to the host's center (a real process's Foundation `NotificationCenter.default`, or a
    /// simulated device's) and to the center the process's code observes as `NotificationCenter.default` through
    /// LifecycleUIKit: an observer is on one of them, and hears it once. With no center made, nobody can hear it, and
    /// nothing is made for it (the explorer posts thousands of notifications nobody hears).
    func postToObservers(
        _ name: Notification.Name, object: @autoclosure () -> Any?,
        userInfo: () -> [AnyHashable: Any]? = { nil }
    ) {
        let host = centers.ifObservable
        let process = processNotificationCenter.flatMap { $0 === host ? nil : $0 }
        guard host != nil || process != nil else { return }
        let object = object()
        let userInfo = userInfo()
        let post = {
            self.runningCode {
                host?.post(name: name, object: object, userInfo: userInfo)
                process?.post(name: name, object: object, userInfo: userInfo)
            }
        }
        if self.host.simulatesProcesses { PostWatchdog.shared.watch(posting: name, post) } else { post() }
    }

    /// What a `UIApplication` notification's `object` is: the application the app's code knows — its
    /// `UIApplication` when its delegate is written with UIKit's names, else this application.
    var notificationObject: AnyObject {
        (delegate as? any NotificationObjects)?.object(standingFor: self) ?? self
    }

    /// The `userInfo` key under which `UIApplicationDidFinishLaunchingNotification` carries the launch options.
    public nonisolated static let launchOptionsKey = "launchOptions"
}
