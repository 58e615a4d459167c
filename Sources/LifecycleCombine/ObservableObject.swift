import Foundation

/// An object whose changes views follow (Combine's `ObservableObject`, which SwiftUI's `@StateObject`,
/// `@ObservedObject` and `@EnvironmentObject` hold): its `@Published` properties announce each change.
public protocol ObservableObject: AnyObject {
    /// What announces that the object is about to change.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher.of(self) }
}

/// Announces that an object is about to change (Combine's `ObservableObjectPublisher`): `send()`, and a publisher of
/// those announcements (`model.objectWillChange.sink { … }`).
///
/// `@unchecked Sendable`: its only state, the subscribers, is a subject's list, read and written under its lock.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let subscribers = SubscriberList<Void, Never>()

    public init() {}

    /// Tells every subscriber.
    public func send() { subscribers.send(()) }

    public func attach(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribers.add(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// The publisher of an object that declares none, made the first time it is asked for and kept while the
    /// object lives.
    static func of(_ object: AnyObject) -> ObservableObjectPublisher {
        publishers.withLock { table in
            let key = ObjectIdentifier(object)
            if let found = table[key], found.object === object { return found.publisher }
            // Objects gone are let go only here, when a publisher is made: `send()` looks its publisher up often.
            table = table.filter { $0.value.object != nil }
            let made = ObservableObjectPublisher()
            table[key] = WeakPublisher(object: object, publisher: made)
            return made
        }
    }

    private struct WeakPublisher {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }

    private static let publishers = LockedTable<[ObjectIdentifier: WeakPublisher]>([:])
}

/// A value behind a lock.
///
/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the lock.
final class LockedTable<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
