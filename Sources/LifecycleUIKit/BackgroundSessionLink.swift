import LifecycleKit

/// A background session's way to the system that carries its transfers (docs/lifecycle.md §19): the application
/// whose code made it, under a host that simulates its processes.
final class BackgroundSessionLink: Sendable {
    let identifier: String
    @MainActor private weak var application: Application?

    @MainActor init(identifier: String, application: Application) {
        self.identifier = identifier
        self.application = application
    }

    /// Starts a transfer, which the system carries on; `false` when the host has no network of its own. An
    /// application that is gone (its device let go) starts nothing, and its transfer never ends.
    @MainActor func start(_ request: NetworkRequest, task: Int) -> Bool {
        application?.backgroundTransfers.start(request, task: task, in: identifier) ?? true
    }

    /// Hears of the session's transfers that have finished, now and later in the process.
    @MainActor func listen(_ listener: @escaping BackgroundTransfers.Listener) {
        application?.backgroundTransfers.listen(to: identifier, listener)
    }
}
