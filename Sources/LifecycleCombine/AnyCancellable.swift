import Foundation

/// Something that can be cancelled (Combine's `Cancellable`).
public protocol Cancellable {
    /// Stops what it does; a second call does nothing.
    func cancel()
}

/// A subscription, cancelled when it is let go (Combine's `AnyCancellable`): an app keeps it in a property, or in a
/// set with ``store(in:)-swift.method``, for as long as it wants the values.
///
/// `@unchecked Sendable`: its one state, the cancelling closure, is taken out under `lock`, so it runs once whichever
/// thread cancels or lets it go.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var cancelling: (() -> Void)?

    /// A subscription that `cancel` ends.
    public init(_ cancel: @escaping () -> Void) { cancelling = cancel }

    /// A subscription that ends `cancellable`.
    public convenience init<C: Cancellable>(_ cancellable: C) { self.init(cancellable.cancel) }

    deinit { cancel() }

    public func cancel() {
        let cancelling = lock.withLock {
            defer { self.cancelling = nil }
            return self.cancelling
        }
        cancelling?()
    }

    /// Keeps the subscription in `set` (most often a `Set<AnyCancellable>` property), until the set lets it go.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps the subscription in `collection`, until the collection lets it go.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
