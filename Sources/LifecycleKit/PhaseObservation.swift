import Foundation
import LifecycleCore

/// Who hears of a `ScenePhase` as it changes: change callbacks, and `AsyncStream`s for `for await` loops.
@MainActor
final class PhaseObservation {
    private var actions: [@MainActor (ScenePhase) -> Void] = []
    private var continuations: [UUID: AsyncStream<ScenePhase>.Continuation] = [:]

    func onChange(_ action: @escaping @MainActor (ScenePhase) -> Void) {
        actions.append(action)
    }

    var changes: AsyncStream<ScenePhase> {
        let (stream, continuation) = AsyncStream.makeStream(of: ScenePhase.self)
        let key = UUID()
        continuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    func report(_ phase: ScenePhase) {
        for action in actions { action(phase) }
        for continuation in continuations.values { continuation.yield(phase) }
    }
}
