import LifecycleKit

/// A background session's way to the system that carries its transfers (docs/lifecycle.md §19): the transfers of the
/// app whose code made it, under a host that simulates its processes.
final class BackgroundSessionLink: Sendable {
    let identifier: String
    /// The app's transfers, found on the main actor: `nil` once the application is gone (its device let go).
    private let transfers: @MainActor @Sendable () -> BackgroundTransfers?

    init(identifier: String, transfers: @escaping @MainActor @Sendable () -> BackgroundTransfers?) {
        self.identifier = identifier
        self.transfers = transfers
    }

    /// Starts a transfer, which the system carries on; `false` when the host has no network of its own. An
    /// application that is gone starts nothing, and its transfer never ends.
    @MainActor func start(_ request: NetworkRequest, task: Int) -> Bool {
        transfers()?.start(request, task: task, in: identifier) ?? true
    }

    /// Hears of the session's transfers that have finished, now and later in the process.
    @MainActor func listen(_ listener: @escaping BackgroundTransfers.Listener) {
        transfers()?.listen(to: identifier, listener)
    }
}
