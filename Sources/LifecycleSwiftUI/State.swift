import Foundation

/// A property a view's evaluation fills in before it reads the view's body (SwiftUI's `DynamicProperty`). A struct of
/// the app's own that holds `@State`, `@Environment` and the like is one too, and its properties are filled in alike.
public protocol DynamicProperty {
    /// Called before the body is read; nothing to do by default.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// State a view owns (SwiftUI's `@State`): kept by the view's place in its scene's tree for as long as the view is
/// there, and lost with the process — a purge loses it, where `@SceneStorage` would give it back.
@MainActor @propertyWrapper
public struct State<Value>: DynamicProperty {
    let box: StateBox<Value>

    public init(wrappedValue value: Value) { box = StateBox(value) }
    public init(initialValue value: Value) { box = StateBox(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

// In an extension of its own, as SwiftUI declares it: inside the type, its `where` would make `@State var count: Int`
// without a first value (set in the view's `init` with `_count = State(initialValue:)`) fail to build.
extension State where Value: ExpressibleByNilLiteral {
    public init() { box = StateBox(nil) }
}

extension State: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        let initial = box.initial
        box.storage = graph.storage(at: key) {
            StateStorage(initial, graph: graph, view: ViewGraph.viewPath(ofStorageKey: key))
        }
    }
}

/// What a `@State` holds: its first value until the evaluation links it to the view's storage.
///
/// A write before that is lost, as SwiftUI loses it ("Accessing State's value outside of being installed on a
/// View"): `count = saved` in a view's `init` leaves the first value, where `_count = State(initialValue: saved)`
/// sets it (docs/lifecycle.md §22).
@MainActor
final class StateBox<Value> {
    let initial: Value
    var storage: StateStorage<Value>?

    init(_ initial: Value) { self.initial = initial }

    var value: Value {
        get { storage?.value ?? initial }
        set { storage?.set(newValue) }
    }
}

/// A view's `@State`, kept in its scene's graph.
@MainActor
final class StateStorage<Value>: WrittenState {
    private(set) var value: Value
    private(set) var isWritten = false
    weak var graph: ViewGraph?
    /// The path of the view that owns it: the one whose body runs again when it changes.
    let view: String

    init(_ value: Value, graph: ViewGraph, view: String) {
        self.value = value
        self.graph = graph
        self.view = view
    }

    func set(_ newValue: Value) {
        value = newValue
        isWritten = true
        graph?.invalidate(view: view)
    }

    var writtenValue: String? { isWritten ? String(describing: value) : nil }
}

/// A way to read and write a value kept elsewhere (SwiftUI's `Binding`): `$draft` gives a `TextField` the view's
/// `@State`.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        read = get
        write = set
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { newValue in
                var value = self.wrappedValue
                value[keyPath: keyPath] = newValue
                self.wrappedValue = value
            })
    }
}

extension Binding: DynamicProperty {}

/// Bindings to an `@Observable` object's properties (SwiftUI's `@Bindable`): `$model.title`.
@MainActor @propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject>: DynamicProperty {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public var projectedValue: Bindable<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}
