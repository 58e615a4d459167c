import Foundation

/// The subscribers of a subject, and its end once it has one.
///
/// `@unchecked Sendable`: its state is read and written under `lock`; the subscribers' closures are called outside
/// it, on the thread that sends, as Combine calls them.
final class SubscriberList<Output, Failure: Error>: @unchecked Sendable {
    private typealias Entry = (
        completion: (Subscribers.Completion<Failure>) -> Void, value: (Output) -> Void
    )

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]
    private var order: [Int] = []
    private var nextToken = 0
    private var ended: Subscribers.Completion<Failure>?

    var end: Subscribers.Completion<Failure>? { lock.withLock { ended } }

    func add(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let token: Int? = lock.withLock {
            guard ended == nil else { return nil }
            nextToken += 1
            entries[nextToken] = (receiveCompletion, receiveValue)
            order.append(nextToken)
            return nextToken
        }
        guard let token else {
            if let end { receiveCompletion(end) }
            return AnyCancellable {}
        }
        return AnyCancellable { [weak self] in self?.remove(token) }
    }

    func send(_ value: Output) {
        let current = lock.withLock { order.compactMap { entries[$0]?.value } }
        for receive in current { receive(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let current: [Entry] = lock.withLock {
            guard ended == nil else { return [] }
            ended = completion
            defer {
                entries = [:]
                order = []
            }
            return order.compactMap { entries[$0] }
        }
        for entry in current { entry.completion(completion) }
    }

    private func remove(_ token: Int) {
        lock.withLock {
            entries.removeValue(forKey: token)
            order.removeAll { $0 == token }
        }
    }
}
