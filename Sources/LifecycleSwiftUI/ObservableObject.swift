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

/// Announces that an object is about to change (Combine's `ObservableObjectPublisher`): `send()`.
///
/// `@unchecked Sendable`: its only mutable state, the subscribers, is read and written under `lock`.
public final class ObservableObjectPublisher: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: @Sendable () -> Void] = [:]
    private var nextToken = 0

    public init() {}

    /// Tells every subscriber.
    public func send() {
        let current = lock.withLock { Array(subscribers.values) }
        for subscriber in current { subscriber() }
    }

    /// Calls `action` at each `send()` until the returned subscription is let go.
    func subscribe(_ action: @escaping @Sendable () -> Void) -> Subscription {
        let token = lock.withLock {
            nextToken += 1
            subscribers[nextToken] = action
            return nextToken
        }
        return Subscription { [weak self] in self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: token) } }
    }

    /// A subscription, ended when it is let go.
    final class Subscription: @unchecked Sendable {
        private let cancel: @Sendable () -> Void
        init(cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }
        deinit { cancel() }
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

/// A property of an `ObservableObject` that announces its changes (Combine's `@Published`).
@propertyWrapper
public struct Published<Value> {
    private var value: Value

    public init(wrappedValue: Value) { value = wrappedValue }
    public init(initialValue: Value) { value = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    public static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            object.objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}

/// An `ObservableObject` a view makes once and keeps while it is in the tree (SwiftUI's `@StateObject`).
@MainActor @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType
    private let box = ObjectBox<ObjectType>()

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }

    public var wrappedValue: ObjectType {
        if let object = box.object { return object }
        let made = make()
        box.object = made
        return made
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension StateObject: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        let object = graph.storage(at: key) { ObjectBox(make()) }.object!
        box.object = object
        graph.observe(object, at: key)
    }
}

/// An `ObservableObject` given to a view (SwiftUI's `@ObservedObject`): the view is evaluated again when it changes.
@MainActor @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Bindings to the object's properties: `$model.title`.
    @MainActor @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<
            Subject
        > {
            let object = self.object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

extension ObservedObject: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        graph.observe(wrappedValue, at: key)
    }
}

/// An object kept by a view, or waiting to be made.
@MainActor
final class ObjectBox<ObjectType: AnyObject> {
    var object: ObjectType?
    init(_ object: ObjectType? = nil) { self.object = object }
}

extension ViewGraph {
    /// Evaluates the tree again whenever `object` announces a change, for as long as the view at `key` is there.
    func observe(_ object: some ObservableObject, at key: String) {
        let subscription = storage(at: key + "#observing") { ObservedSubscription(object: object, graph: self) }
        if subscription.object !== object {
            replaceStorage(at: key + "#observing", with: ObservedSubscription(object: object, graph: self))
        }
    }
}

/// The link between an observed object and the graph that follows it.
@MainActor
final class ObservedSubscription {
    weak var object: AnyObject?
    private var subscription: ObservableObjectPublisher.Subscription?

    init(object: some ObservableObject, graph: ViewGraph) {
        self.object = object
        subscription = object.objectWillChange.subscribe { [weak graph] in
            SwiftUIRuntime.onMain { graph?.invalidate() }
        }
    }
}
