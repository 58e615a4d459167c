import Foundation
import LifecycleCore

/// A request to run a scheduled task (`BGTaskRequest`, docs/lifecycle.md §17): submit one of its subclasses
/// with ``BGTaskScheduler/submit(_:)``.
@MainActor
public class BGTaskRequest {
    /// The identifier of the task, one of the app's `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The earliest the system may run the task; `nil` for no delay. Read against the phone's clock when the
    /// request is submitted: make it from ``Application/currentDate`` for a test that runs the same every time.
    public var earliestBeginDate: Date?

    init(identifier: String) {
        self.identifier = identifier
    }

    /// The kind of task the request's class runs.
    var kind: ScheduledTaskKind { .appRefresh }

    /// The request as the core takes it: the earliest date as a delay from `now`, the phone's date, to the
    /// nearest millisecond.
    func coreRequest(now: Date) -> TaskRequest {
        TaskRequest(
            identifier: identifier, kind: kind,
            earliestBegin: earliestBeginDate.map {
                .milliseconds(Int64((max(0, $0.timeIntervalSince(now)) * 1000).rounded()))
            })
    }
}

/// `BGAppRefreshTaskRequest`: a short refresh, run as a ``BGAppRefreshTask``.
public final class BGAppRefreshTaskRequest: BGTaskRequest {
    public override init(identifier: String) { super.init(identifier: identifier) }
}

/// `BGProcessingTaskRequest`: minutes of maintenance work, run as a ``BGProcessingTask``.
public final class BGProcessingTaskRequest: BGTaskRequest {
    /// Run the task only while the device is on its charger.
    public var requiresExternalPower = false
    /// Run the task only with a network connection (the model has no network: always met).
    public var requiresNetworkConnectivity = false

    public override init(identifier: String) { super.init(identifier: identifier) }

    override var kind: ScheduledTaskKind { .processing }

    override func coreRequest(now: Date) -> TaskRequest {
        var request = super.coreRequest(now: now)
        request.requiresExternalPower = requiresExternalPower
        request.requiresNetworkConnectivity = requiresNetworkConnectivity
        return request
    }
}

/// `BGContinuedProcessingTaskRequest` (iOS 26): work the user started, which starts at once, in the foreground,
/// and continues in the background with its progress shown by the system.
public final class BGContinuedProcessingTaskRequest: BGTaskRequest {
    /// The title and subtitle the system's progress UI shows.
    public var title: String
    public var subtitle: String

    public init(identifier: String, title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
        super.init(identifier: identifier)
    }

    override var kind: ScheduledTaskKind { .continuedProcessing }
}
