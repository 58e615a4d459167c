import LifecycleCore

/// A scheduled task the system runs (`BGTask`, docs/lifecycle.md §17): the launch handler registered for its
/// identifier is given it, and the app must call ``setTaskCompleted(success:)`` when its work is done, and from
/// its ``expirationHandler`` when the system ends it early. A task not completed by its end gets the app killed.
@MainActor
public class BGTask {
    public let identifier: String
    /// Called when the task's time is over (or, for a continued-processing task, when the user cancels it); the
    /// app must then complete the task.
    public var expirationHandler: (@MainActor () -> Void)?

    unowned let application: Application
    private var isCompleted = false

    required init(identifier: String, application: Application) {
        self.identifier = identifier
        self.application = application
    }

    /// `setTaskCompleted(success:)`: the task ends; the app is suspended if nothing else holds it. A second call
    /// does nothing.
    public func setTaskCompleted(success: Bool) {
        guard !isCompleted else { return }
        isCompleted = true
        application.taskCompleted(self, success: success)
    }
}

/// `BGAppRefreshTask`: about 30 s to refresh the app's content.
public final class BGAppRefreshTask: BGTask {}

/// `BGProcessingTask`: minutes of maintenance work.
public final class BGProcessingTask: BGTask {}

/// `BGContinuedProcessingTask` (iOS 26): the user's work, continued in the background while the app reports
/// progress.
public final class BGContinuedProcessingTask: BGTask {}

extension ScheduledTaskKind {
    /// The class of the task the Kit gives a launch handler.
    var taskClass: BGTask.Type {
        switch self {
        case .appRefresh: BGAppRefreshTask.self
        case .processing: BGProcessingTask.self
        case .continuedProcessing: BGContinuedProcessingTask.self
        }
    }
}
