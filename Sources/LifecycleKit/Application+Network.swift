import LifecycleCore

extension Application {
    /// Sends a request of the app's code (LifecycleUIKit's `URLSession`) over its host's network (docs/lifecycle.md
    /// §19): `answered` runs as the app's code, and its main queue's work after it, when the exchange ends, and says
    /// whether the code still waited for it. Returns `false` when the host has no network of its own (a real
    /// process's code reaches the real one).
    package func send(_ request: NetworkRequest, answered: @escaping @MainActor (NetworkOutcome) -> Bool) -> Bool {
        host.send(request, from: bundleIdentifier) { [self] outcome in
            defer { runMainQueueWork() }
            return runningCode { answered(outcome) }
        }
    }
}
