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
    private let key: String
    private let initial: Value
    private let coding: StoredValueCoding<Value>
    private let box = StoreBox()

    init(key: String, initial: Value, coding: StoredValueCoding<Value>) {
        self.key = key
        self.initial = initial
        self.coding = coding
    }

    public init(wrappedValue: Value, _ key: String) where Value: _StorableValue {
        self.init(key: key, initial: wrappedValue, coding: .plain(Value.self))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init<Wrapped: _StorableValue>(_ key: String) where Value == Wrapped? {
        self.init(key: key, initial: nil, coding: .optional(Wrapped.self))
    }

    public var wrappedValue: Value {
        get { box.store?.value(for: key).flatMap(coding.decode) ?? initial }
        nonmutating set { box.store?.set(coding.encode(newValue), for: key) }
    }

    public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }
}

extension SceneStorage: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.store = SceneStore(graph: graph)
    }
}

/// A value kept per app, across its processes (SwiftUI's `@AppStorage`, over the app's defaults).
@MainActor @propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let key: String
    private let initial: Value
    private let coding: StoredValueCoding<Value>
    private let box = StoreBox()

    init(key: String, initial: Value, coding: StoredValueCoding<Value>) {
        self.key = key
        self.initial = initial
        self.coding = coding
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: _StorableValue {
        self.init(key: key, initial: wrappedValue, coding: .plain(Value.self))
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, initial: wrappedValue, coding: .raw(Value.self))
    }

    public init<Wrapped: _StorableValue>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped? {
        self.init(key: key, initial: nil, coding: .optional(Wrapped.self))
    }

    private var store: (any KeyValueStore)? { box.store ?? SwiftUIRuntime.current?.appStorage }

    public var wrappedValue: Value {
        get { store?.value(for: key).flatMap(coding.decode) ?? initial }
        nonmutating set { store?.set(coding.encode(newValue), for: key) }
    }

    public var projectedValue: Binding<Value> {
        let storage = self
        return Binding(get: { storage.wrappedValue }, set: { storage.wrappedValue = $0 })
    }
}

extension AppStorage: GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.store = graph.runtime.appStorage
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

/// An app's `@AppStorage` values: one store per app, which outlives its processes in a simulated device (as an app's
/// defaults outlive them on a phone); every view that reads it is evaluated again when it changes.
@MainActor
public final class AppStorageStore: KeyValueStore {
    private var values: [String: Any] = [:]
    weak var runtime: SwiftUIRuntime?

    public init() {}

    func value(for key: String) -> Any? { values[key] }

    func set(_ value: Any?, for key: String) {
        values[key] = value
        runtime?.invalidateAll()
    }
}
