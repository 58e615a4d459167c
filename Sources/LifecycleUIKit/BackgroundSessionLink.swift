import LifecycleKit

/// A background session's way to the system that carries its transfers (docs/lifecycle.md §19): the transfers of the
/// app whose code made it, under a host that simulates its processes.
final class BackgroundSessionLink: Sendable {
    let identifier: String
    private let transfers: BackgroundTransfers

    init(identifier: String, transfers: BackgroundTransfers) {
        self.identifier = identifier
        self.transfers = transfers
    }

    /// Starts a transfer, which the system carries on; `false` when the host has no network of its own.
    @MainActor func start(_ request: NetworkRequest, task: Int) -> Bool {
        transfers.start(request, task: task, in: identifier)
    }

    /// Hears of the session's transfers that have finished, now and later in the process.
    @MainActor func listen(_ listener: @escaping BackgroundTransfers.Listener) {
        transfers.listen(to: identifier, listener)
    }
}
