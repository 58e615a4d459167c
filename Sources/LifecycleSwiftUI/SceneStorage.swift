import Foundation

/// A value `@SceneStorage` and `@AppStorage` can keep: a property-list value, as SwiftUI's overloads accept.
public protocol _StorableValue {}

extension Bool: _StorableValue {}
extension Int: _StorableValue {}
extension Double: _StorableValue {}
extension String: _StorableValue {}
extension URL: _StorableValue {}
extension Data: _StorableValue {}

/// How a stored value is written and read back: itself, or its raw value.
struct StoredValueCoding<Value> {
    let encode: (Value) -> Any?
    let decode: (Any) -> Value?

    static func plain<Plain: _StorableValue>(_ type: Plain.Type) -> StoredValueCoding<Plain> {
        StoredValueCoding<Plain>(encode: { $0 }, decode: { $0 as? Plain })
    }

    static func optional<Wrapped: _StorableValue>(_ type: Wrapped.Type) -> StoredValueCoding<Wrapped?> {
        StoredValueCoding<Wrapped?>(encode: { $0 }, decode: { $0 as? Wrapped })
    }

    static func raw<Raw: RawRepresentable>(_ type: Raw.Type) -> StoredValueCoding<Raw> {
        StoredValueCoding<Raw>(encode: { $0.rawValue }, decode: { ($0 as? Raw.RawValue).flatMap(Raw.init(rawValue:)) })
    }
}

/// A value kept per scene session (SwiftUI's `@SceneStorage`): saved when the scene goes to the background, given
/// back when the system makes the scene again after a purge, gone when the user closes the scene (a swipe in the
/// switcher, closing the window).
@MainActor @propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    private let stored: StoredProperty<Value>

    public init(wrappedValue: Value, _ key: String) where Value: _StorableValue {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .plain(Value.self))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init<Wrapped: _StorableValue>(_ key: String) where Value == Wrapped? {
        stored = StoredProperty(key: key, initial: nil, coding: .optional(Wrapped.self))
    }

    public var wrappedValue: Value {
        get { stored.value(in: stored.box.store) }
        nonmutating set { stored.set(newValue, in: stored.box.store) }
    }

    public var projectedValue: Binding<Value> { stored.binding(in: { stored.box.store }) }
}

extension SceneStorage: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        stored.box.store = SceneStore(graph: graph)
    }
}

/// A value kept per app, across its processes (SwiftUI's `@AppStorage`, over the app's defaults).
@MainActor @propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let stored: StoredProperty<Value>
    /// The defaults named by `store:`; `nil` for the app's `UserDefaults.standard`.
    private let defaults: LifecycleUIKit.UserDefaults?

    public init(wrappedValue: Value, _ key: String, store: LifecycleUIKit.UserDefaults? = nil)
    where Value: _StorableValue {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .plain(Value.self))
        defaults = store
    }

    public init(wrappedValue: Value, _ key: String, store: LifecycleUIKit.UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .raw(Value.self))
        defaults = store
    }

    public init(wrappedValue: Value, _ key: String, store: LifecycleUIKit.UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        stored = StoredProperty(key: key, initial: wrappedValue, coding: .raw(Value.self))
        defaults = store
    }

    public init<Wrapped: _StorableValue>(_ key: String, store: LifecycleUIKit.UserDefaults? = nil)
    where Value == Wrapped? {
        stored = StoredProperty(key: key, initial: nil, coding: .optional(Wrapped.self))
        defaults = store
    }

    /// The app's store: the one installed, or, outside a view's evaluation (in the `App`, in a model), the store of
    /// the app whose code runs.
    private var store: (any KeyValueStore)? {
        stored.box.store ?? SwiftUIRuntime.current?.appStorage(in: defaults)
    }

    public var wrappedValue: Value {
        get { stored.value(in: store) }
        nonmutating set { stored.set(newValue, in: store) }
    }

    public var projectedValue: Binding<Value> { stored.binding(in: { store }) }
}

extension AppStorage: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        stored.box.store = graph.runtime.appStorage(in: defaults)
    }
}

/// What `@SceneStorage` and `@AppStorage` share: a value kept under a key in a store, its first value until written.
@MainActor
struct StoredProperty<Value> {
    let key: String
    let initial: Value
    let coding: StoredValueCoding<Value>
    /// The store the evaluation installed.
    let box = StoreBox()

    func value(in store: (any KeyValueStore)?) -> Value {
        store?.value(for: key).flatMap(coding.decode) ?? initial
    }

    func set(_ value: Value, in store: (any KeyValueStore)?) {
        store?.set(coding.encode(value), for: key)
    }

    func binding(in store: @escaping @MainActor () -> (any KeyValueStore)?) -> Binding<Value> {
        Binding(get: { value(in: store()) }, set: { set($0, in: store()) })
    }
}

/// Where a stored property reads and writes.
@MainActor
protocol KeyValueStore: AnyObject {
    func value(for key: String) -> Any?
    func set(_ value: Any?, for key: String)
}

/// The store a property was installed with.
@MainActor
final class StoreBox {
    var store: (any KeyValueStore)?
}

/// A scene's `@SceneStorage` values, in its graph.
@MainActor
final class SceneStore: KeyValueStore {
    private weak var graph: ViewGraph?

    init(graph: ViewGraph) { self.graph = graph }

    func value(for key: String) -> Any? { graph?.sceneStorage[key] }

    func set(_ value: Any?, for key: String) {
        guard let graph else { return }
        graph.sceneStorage[key] = value
        graph.sceneStorageSet.insert(key)
        graph.invalidate()
    }
}

/// The defaults `@AppStorage` reads and writes: the app's `UserDefaults.standard`, or the defaults it names, which
/// under a simulated device outlive the app's processes (as an app's defaults outlive them on a phone); every view
/// that reads them is evaluated again when they change, whoever writes.
@MainActor
final class DefaultsStore: KeyValueStore {
    let defaults: LifecycleUIKit.UserDefaults
    private weak var runtime: SwiftUIRuntime?

    init(defaults: LifecycleUIKit.UserDefaults, runtime: SwiftUIRuntime) {
        self.defaults = defaults
        self.runtime = runtime
        defaults.kept?.observe(by: self) { [weak runtime] in
            SwiftUIRuntime.onMain { runtime?.invalidateAll() }
        }
    }

    func value(for key: String) -> Any? { defaults.object(forKey: key) }

    func set(_ value: Any?, for key: String) {
        if let value { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
        runtime?.invalidateAll()
    }
}
