import Foundation
import LifecycleCore

/// A scene's phase (SwiftUI's `ScenePhase`): `active`, `inactive` or `background`.
public typealias ScenePhase = LifecycleCore.ScenePhase

/// A key of a value the environment carries (SwiftUI's `EnvironmentKey`).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// What the environment carries down the tree (SwiftUI's `EnvironmentValues`): the scene's phase, the actions that
/// open URLs and windows, and the app's own keys.
@MainActor
public struct EnvironmentValues {
    /// The phase of the scene of the view that reads it; in the app's body, the phases of all its scenes together
    /// (`active` if one is, else `inactive` if one is in the foreground, else `background`).
    public var scenePhase: ScenePhase = .background
    public var openURL = OpenURLAction { _ in }
    public var openWindow = OpenWindowAction { _ in }
    public var dismissWindow = DismissWindowAction { _ in }
    /// Dismisses the presentation the view is in (`@Environment(\.dismiss)`): nothing is drawn here, so it does
    /// nothing.
    public var dismiss = DismissAction()
    /// Light, as a phone's default.
    public var colorScheme = ColorScheme.light
    /// An iPhone's size classes in portrait: compact wide, regular high.
    public var horizontalSizeClass: UserInterfaceSizeClass? = .compact
    public var verticalSizeClass: UserInterfaceSizeClass? = .regular
    /// A list's edit mode, when a view above gave one.
    public var editMode: Binding<EditMode>?
    public var locale = Locale.current
    public var calendar = Calendar.current
    public var timeZone = TimeZone.current
    private var values: [ObjectIdentifier: Any] = [:]
    var objects: [ObjectIdentifier: AnyObject] = [:]

    public init() {}

    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Opens a URL (`@Environment(\.openURL)`): as `UIApplication.shared.open(_:)`.
public struct OpenURLAction {
    let handler: @MainActor (URL) -> Void

    init(handler: @escaping @MainActor (URL) -> Void) { self.handler = handler }

    @MainActor public func callAsFunction(_ url: URL) { handler(url) }
}

/// Opens a window of a `WindowGroup` by its `id`, or one presenting a value by the value's type
/// (`@Environment(\.openWindow)`), on an iPad.
public struct OpenWindowAction {
    let handler: @MainActor (WindowRequest) -> Void

    init(handler: @escaping @MainActor (WindowRequest) -> Void) { self.handler = handler }

    @MainActor public func callAsFunction(id: String) { handler(WindowRequest(id: id)) }

    /// A window of the `WindowGroup(for:)` of the value's type, presenting it.
    @MainActor public func callAsFunction<D: Codable & Hashable>(value: D) {
        handler(WindowRequest(valueType: D.self, value: try? JSONEncoder().encode(value)))
    }

    @MainActor public func callAsFunction<D: Codable & Hashable>(id: String, value: D) {
        handler(WindowRequest(id: id, valueType: D.self, value: try? JSONEncoder().encode(value)))
    }
}

/// What `openWindow` asked for: a group by its id or by the type of the value its windows present, and the value.
struct WindowRequest {
    var id: String?
    var valueType: Any.Type?
    var value: Data?
}

/// Dismisses the presentation of the view that calls it (`@Environment(\.dismiss)`), ignored.
public struct DismissAction: Sendable {
    @MainActor public func callAsFunction() {}
}

/// Whether a list is being edited.
public enum EditMode: Sendable, Hashable {
    case inactive, transient, active
    public var isEditing: Bool { self != .inactive }
}

/// Closes the window of the view that calls it, or the windows of a group (`@Environment(\.dismissWindow)`).
public struct DismissWindowAction {
    let handler: @MainActor (String?) -> Void

    init(handler: @escaping @MainActor (String?) -> Void) { self.handler = handler }

    @MainActor public func callAsFunction() { handler(nil) }
    @MainActor public func callAsFunction(id: String) { handler(id) }
}

/// A value of the environment (SwiftUI's `@Environment`): `@Environment(\.scenePhase) private var scenePhase`, or
/// an `@Observable` object a view above put there with `.environment(_:)`.
@MainActor @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let read: @MainActor (EnvironmentValues) -> Value
    private let box = EnvironmentBox()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { $0[keyPath: keyPath] } }

    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { values in
            guard let object = values.objects[ObjectIdentifier(objectType)] as? Value else {
                fatalError(
                    "No Observable object of type \(objectType) found: a view above must give it with "
                        + ".environment(_:)")
            }
            return object
        }
    }

    public var wrappedValue: Value { read(box.values ?? EnvironmentValues()) }
}

extension Environment: GraphProperty, EnvironmentReading {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) { box.values = environment }
}

/// The environment a property was installed with.
@MainActor
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// An `ObservableObject` a view above gave with `.environmentObject(_:)` (SwiftUI's `@EnvironmentObject`).
@MainActor @propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    private let box = EnvironmentBox()

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = box.values?.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType else {
            fatalError(
                "No ObservableObject of type \(ObjectType.self) found: a view above must give it with "
                    + ".environmentObject(_:)")
        }
        return object
    }

    /// Bindings to the object's properties: `$model.path`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

extension EnvironmentObject: GraphProperty, EnvironmentReading {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues) {
        box.values = environment
        if let object = environment.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType {
            graph.observe(object, at: key)
        }
    }
}
