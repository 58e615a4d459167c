import Foundation

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
    /// Evaluates the view whose property is at `key` again whenever `object` announces a change, for as long as the
    /// view is there.
    func observe(_ object: some ObservableObject, at key: String) {
        let view = Self.viewPath(ofStorageKey: key)
        let subscription = storage(at: key + "#observing") {
            ObservedSubscription(object: object, graph: self, view: view)
        }
        if subscription.object !== object {
            replaceStorage(
                at: key + "#observing", with: ObservedSubscription(object: object, graph: self, view: view))
        }
    }
}

/// The link between an observed object and the view that follows it.
@MainActor
final class ObservedSubscription {
    weak var object: AnyObject?
    private var subscription: AnyCancellable?

    init(object: some ObservableObject, graph: ViewGraph, view: String) {
        self.object = object
        subscription = object.objectWillChange.sink { [weak graph] in
            SwiftUIRuntime.onMain { graph?.invalidate(view: view) }
        }
    }
}
