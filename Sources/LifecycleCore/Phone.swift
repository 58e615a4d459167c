/// The system side of the lifecycle: a phone with several apps on it, as a pure state machine.
///
/// `Phone` holds the policy of docs/lifecycle.md: one foreground app, the app switcher and the overlays, the lock,
/// background budgets and their expiration, the watchdog, exits-on-suspend, background modes and events,
/// launch options and their gating, queued notifications, state preservation and restoration, and memory.
/// It takes an event — a ``UserAction`` or a fired ``SystemTimer`` — and returns what must happen as
/// ``Action`` values, in order; a host that handles many events has them appended to an ``ActionList`` of plain
/// values instead (``perform(_:into:)``), from which the ``Action`` arrays are made. It does no I/O and has no
/// clock: timers are actions for its host to carry out, so the same rules drive a simulator with a virtual clock
/// and a host of real processes.
///
/// Each app has a run loop: the callbacks and state changes the system sends it are steps done in order,
/// and a callback that takes time (``AppBehavior/durations``) holds the rest back until its
/// ``SystemTimer/Purpose/callbackReturns`` timer fires, as a busy main thread would.
///
/// ```swift
/// var phone = Phone(apps: [AppConfiguration(id: "notes")])
/// let actions = try phone.perform(.tap("notes"))   // launch: transition, callbacks, notifications
/// ```
public struct Phone: Sendable {
    /// What covers the screen besides apps.
    public enum Overlay: String, Sendable, Hashable {
        case switcher = "the app switcher"
        case notificationCenter = "Notification Center"
        case controlCenter = "Control Center"
        case alert = "an alert"
        case ringingCall = "a ringing call"
        case callInProgress = "a call in progress"
    }

    /// The default memory of the device, in megabytes.
    public static let defaultDeviceMemory = 2048

    public let profile: Profile
    /// An iPhone or an iPad: its windowing (docs/lifecycle.md §16).
    public let device: DeviceKind
    /// The device's memory for apps, in megabytes.
    public let deviceMemory: Int
    /// What covers the screen, if anything.
    public internal(set) var overlay: Overlay?
    public internal(set) var isLocked = false
    /// Whether the device is on its charger: a processing request that requires external power runs only then.
    public internal(set) var isCharging = false
    /// Whether the device reaches the network (`network off` is airplane mode): a processing request that requires
    /// network connectivity runs only then, and a host's simulated requests fail without it.
    public internal(set) var isNetworkReachable = true
    /// How many times the network has gone off: a request a host sent before the count changed was cut.
    public internal(set) var networkOutageCount = 0

    var apps: AppRecords
    private(set) var indexByID: AppDirectory
    /// The app in the foreground (inactive or active), kept up to date by ``apply(_:_:to:)``; on an iPad with
    /// several apps on screen, the first of them (the left one).
    var foreground: Int?
    /// The other apps with a window on screen beside ``foreground`` on an iPad, in the screen's order: the tiled
    /// one, the stage's, then the one in Slide Over (docs/lifecycle.md §16). Empty on an iPhone and whenever one
    /// app is in front; an app is put here as its window comes on screen, before it reaches the foreground.
    var alongside: [Int] = []
    /// What the screen shared by several apps remembers: the apps beside the first under a lock or a call, the
    /// window hidden from Slide Over, minimized windows, the window in focus.
    var sharedScreen = SharedScreen()
    /// Apps whose process executes code (inactive, active, background), by index.
    var executing = AppIndexSet()
    var suspendedByLastUse = LeastRecentlyUsedQueue()
    var suspendedCount = 0
    /// Apps whose process the system prewarmed, by index: memory pressure removes them first.
    var prewarmed = AppIndexSet()
    var usedMemory = 0
    var useCounter: UInt64 = 0
    /// An app asked to come to the foreground while another is still leaving it (inside a slow
    /// `applicationWillResignActive:`): it comes once the screen is free, launched or resumed as its state
    /// is then.
    var appAwaitingScreen: ForegroundRequest?
    /// The app that was in the foreground when the device locked, to come back on unlock.
    var appUnderLock: Int?
    /// The app that was in the foreground when the call came, to come back when it ends.
    var appUnderCall: Int?
    /// The app an external display is connected to, while one is (docs/lifecycle.md §16).
    var externalDisplayApp: Int?
    var significantTimeChanges: UInt64 = 0
    var protectedDataAvailable = true
    /// Whether the user has unlocked the phone since it last restarted (docs/lifecycle.md §21).
    var unlockedSinceRestart = true
    var protectedDataTimer: PlainTimer?
    var nextTimerID: UInt64 = 0
    /// The app whose background budget started in the event under way and whose timers are not set yet
    /// (``startBudget(for:)``); `nil` between events.
    var pendingBudgetApp: Int?
    var nextBackgroundTaskID: UInt64 = 0
    var busyApps = 0
    /// Where what the phone emits goes: the caller's list, swapped in for the length of a call
    /// (``emitting(into:_:)``); empty between calls.
    var output = ActionList()

    /// Creates a phone with the given apps, none of them running.
    ///
    /// Memory sizes are kept within 0…``AppConfiguration/maximumMemory``.
    ///
    /// - Precondition: app identifiers are unique.
    public init(
        profile: Profile = .defaultProfile, device: DeviceKind = .iphone, deviceMemory: Int = Phone.defaultDeviceMemory,
        apps: [AppConfiguration]
    ) {
        self.profile = profile
        self.device = device
        self.deviceMemory = Self.withinMemoryRange(deviceMemory)
        // One copy of each configuration, moved into its record (`map` with a copy in its closure made three).
        var records: [AppRecord] = []
        records.reserveCapacity(apps.count)
        var directory = AppDirectory(capacity: apps.count)
        for var configuration in apps {
            let isNew = directory.append(configuration.id)
            precondition(isNew, "app \(configuration.id) is declared twice")
            configuration.memory = Self.withinMemoryRange(configuration.memory)
            records.append(AppRecord(configuration: configuration, profile: profile))
        }
        self.apps = AppRecords(records)
        self.indexByID = directory
    }

    /// Adds an app, not running, after those the phone has: for scenarios that declare an app after their
    /// first action.
    ///
    /// - Precondition: no app of the phone has the same identifier.
    public mutating func declare(_ configuration: AppConfiguration) {
        let isNew = indexByID.append(configuration.id)
        precondition(isNew, "app \(configuration.id) is declared twice")
        var configuration = configuration
        configuration.memory = Self.withinMemoryRange(configuration.memory)
        apps.makeUnique()
        apps.append(AppRecord(configuration: configuration, profile: profile))
    }

    private static func withinMemoryRange(_ megabytes: Int) -> Int {
        min(max(megabytes, 0), AppConfiguration.maximumMemory)
    }

    // MARK: Queries

    /// The identifiers of the apps, in the order they were given.
    public var appIDs: [AppID] { apps.map(\.id) }

    /// An app's state, or `nil` for an unknown app.
    public func state(of app: AppID) -> AppState? {
        indexByID[app].map { apps[$0].state }
    }

    /// An app's configuration, or `nil` for an unknown app.
    public func configuration(of app: AppID) -> AppConfiguration? {
        indexByID[app].map { apps[$0].configuration }
    }

    /// The app in the foreground (inactive or active), if any: on an iPad with several apps on screen, the first.
    public var foregroundApp: AppID? { foreground.map { apps[$0].id } }

    /// The apps with a window on screen, in the screen's order: left to right, then Slide Over. One app at most on
    /// an iPhone (docs/lifecycle.md §16).
    public var appsOnScreen: [AppID] { screenOrder.map { apps[$0].id } }

    /// Whether the Home screen shows: no app in the foreground, nothing open, the device unlocked.
    /// What data protection lets apps read now (docs/lifecycle.md §21).
    public var protectedDataState: ProtectedDataState {
        if protectedDataAvailable { return .available }
        return unlockedSinceRestart ? .locked : .beforeFirstUnlock
    }

    public var isHomeScreenShowing: Bool { foreground == nil && overlay == nil && !isLocked }

    /// Whether some app is inside a callback that has not returned yet.
    public var isBusy: Bool { busyApps > 0 }

    /// Whether an app has a stored restoration archive.
    public func hasRestorationArchive(_ app: AppID) -> Bool {
        indexByID[app].map { apps[$0].hasRestorationArchive } ?? false
    }

    /// Memory in use by apps in memory, in megabytes.
    public var memoryInUse: Int { usedMemory }

    // MARK: Output

    /// Runs `body` with `list` as the phone's output: what it emits is appended to `list`.
    mutating func emitting<Result, Failure: Error>(
        into list: inout ActionList, _ body: (inout Phone) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        apps.makeUnique()
        swap(&output, &list)
        defer { swap(&output, &list) }
        output.makeUnique()
        let result = try body(&self)
        if pendingBudgetApp != nil { setPendingBudget() }
        return result
    }

    /// What `body`, one of the phone's `into:` methods, appends, as ``Action`` values: how the phone's
    /// convenience methods return arrays. The list lent to `body` is the phone's own, so that its storage serves
    /// every call.
    mutating func resolving<Result, Failure: Error>(
        _ body: (inout Phone, inout ActionList) throws(Failure) -> Result
    ) throws(Failure) -> (result: Result, actions: [Action]) {
        var list = ActionList()
        swap(&list, &output)
        defer {
            list.removeAll()
            swap(&list, &output)
        }
        let result = try body(&self, &list)
        return (result, actions(in: list))
    }

    @inline(__always)
    mutating func emit(_ action: PlainAction) {
        output.append(action)
    }

    mutating func note(_ index: Int?, _ text: String) {
        emit(.note(app: index, output.keep(text)))
    }

    mutating func schedule(
        _ purpose: SystemTimer.Purpose, for index: Int?, after delay: Duration, subject: SystemTimer.Subject? = nil
    ) -> PlainTimer {
        if pendingBudgetApp != nil { setPendingBudget() }
        nextTimerID += 1
        let timer = PlainTimer(id: nextTimerID, purpose: purpose, app: index, subject: subject)
        emit(.scheduleTimer(timer, after: delay))
        return timer
    }

    mutating func cancel(_ timer: PlainTimer?) {
        if let timer { emit(.cancelTimer(timer)) }
    }

    /// Cancels a timer an app's record keeps, as the host knows it: with the app, and what a watchdog guards.
    mutating func cancel(_ handle: TimerHandle?, of index: Int, subject: SystemTimer.Subject? = nil) {
        guard let handle else { return }
        emit(.cancelTimer(PlainTimer(id: handle.id, purpose: handle.purpose, app: index, subject: subject)))
    }
}
