import Foundation

/// Who hears of a value as it changes — a scene's phase, the app's notifications: change callbacks, and
/// `AsyncStream`s for `for await` loops.
@MainActor
final class Broadcast<Value: Sendable> {
    private var actions: [@MainActor (Value) -> Void] = []
    private var continuations: [UUID: AsyncStream<Value>.Continuation] = [:]

    func onChange(_ action: @escaping @MainActor (Value) -> Void) {
        actions.append(action)
    }

    /// A new stream of the values sent from now on; it stops being fed when its reader goes.
    var values: AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
        let key = UUID()
        continuations[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[key] = nil }
        }
        return stream
    }

    func send(_ value: Value) {
        for action in actions { action(value) }
        for continuation in continuations.values { continuation.yield(value) }
    }
}
