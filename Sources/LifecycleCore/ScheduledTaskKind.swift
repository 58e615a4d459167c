/// The kind of a task an app schedules with the BackgroundTasks framework (docs/lifecycle.md §17), as its
/// identifier is permitted in `BGTaskSchedulerPermittedIdentifiers`.
public enum ScheduledTaskKind: String, CaseIterable, Sendable, Hashable, Codable, BitwiseCopyable {
    /// `BGAppRefreshTask`: a short refresh, about 30 s; needs the `fetch` background mode.
    case appRefresh = "refresh"
    /// `BGProcessingTask`: minutes of maintenance work; needs the `processing` background mode.
    case processing
    /// `BGContinuedProcessingTask` (iOS 26): work the user started in the foreground, shown in system UI while it
    /// continues in the background.
    case continuedProcessing = "continued"

    /// The class of the task the launch handler is given, as apps and logs name it.
    public var className: String {
        switch self {
        case .appRefresh: "BGAppRefreshTask"
        case .processing: "BGProcessingTask"
        case .continuedProcessing: "BGContinuedProcessingTask"
        }
    }

    /// The background mode the app must declare for a task of this kind, if one.
    public var requiredMode: BackgroundMode? {
        switch self {
        case .appRefresh: .fetch
        case .processing: .processing
        case .continuedProcessing: nil
        }
    }

    /// The iOS version that introduced the kind.
    public var introducedIn: Int { self == .continuedProcessing ? 26 : 13 }

    /// How long a task of this kind may run before the system ends it (docs/lifecycle.md §17): 30 s for a refresh,
    /// 10 minutes for processing (a decision); `nil` for continued processing, which runs while it reports progress.
    public var timeLimit: Duration? {
        switch self {
        case .appRefresh: .seconds(30)
        case .processing: .seconds(600)
        case .continuedProcessing: nil
        }
    }

    /// How many requests of this kind an app may have pending at once: 1 refresh, 10 processing (and one
    /// continued-processing task per identifier, which never waits).
    public var pendingLimit: Int {
        switch self {
        case .appRefresh: 1
        case .processing: 10
        case .continuedProcessing: 1
        }
    }
}

/// An identifier an app may schedule tasks with (`BGTaskSchedulerPermittedIdentifiers`), with its kind.
public struct PermittedTask: Sendable, Hashable {
    public var identifier: String
    /// The kind of task the identifier is for, as a scenario declares it; `nil` when the app's Info.plist does not
    /// say (a real one never does): the class of each request submitted then decides.
    public var kind: ScheduledTaskKind?

    public init(identifier: String, kind: ScheduledTaskKind?) {
        self.identifier = identifier
        self.kind = kind
    }
}

/// A request an app's code submits to `BGTaskScheduler` (docs/lifecycle.md §17).
public struct TaskRequest: Sendable, Hashable, Codable {
    /// The identifier the request runs the launch handler of.
    public var identifier: String
    /// The kind of task, as the request's class says (`BGAppRefreshTaskRequest`…); `nil` for the kind the app
    /// declares for the identifier.
    public var kind: ScheduledTaskKind?
    /// `earliestBeginDate`, as a delay from the submission; `nil` for none.
    public var earliestBegin: Duration?
    /// `requiresExternalPower` (a processing request's).
    public var requiresExternalPower: Bool
    /// `requiresNetworkConnectivity` (a processing request's): it runs only while the network is on.
    public var requiresNetworkConnectivity: Bool

    public init(
        identifier: String, kind: ScheduledTaskKind? = nil, earliestBegin: Duration? = nil,
        requiresExternalPower: Bool = false, requiresNetworkConnectivity: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBegin = earliestBegin
        self.requiresExternalPower = requiresExternalPower
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
    }
}

/// Why `BGTaskScheduler.submit(_:)` refused a request: `BGTaskScheduler.Error.Code`.
public enum TaskRequestError: String, Error, CaseIterable, Sendable, Hashable, Codable {
    /// The identifier is not permitted, or the background mode its kind needs is not declared.
    case notPermitted
    /// The app has as many requests of the kind pending as it may.
    case tooManyPendingTaskRequests
    /// Background App Refresh is off for the app (or a continued-processing request is submitted from the
    /// background).
    case unavailable
}

/// A step of a scheduled task the trace shows as a record of its own (docs/lifecycle.md §17).
public enum ScheduledTaskStep: Sendable, Hashable, Codable, BitwiseCopyable {
    /// The system calls the launch handler registered for the identifier, with the task.
    case launchHandler(ScheduledTaskKind)
    /// The system calls the task's `expirationHandler`: its time is over.
    case expirationHandler
    /// The app calls `setTaskCompleted(success:)`.
    case completed(success: Bool)

    /// How the trace writes the step before the identifier.
    public var name: String {
        switch self {
        case .launchHandler: "launchHandler"
        case .expirationHandler: "expirationHandler"
        case .completed(let success): "setTaskCompleted(success: \(success))"
        }
    }
}
