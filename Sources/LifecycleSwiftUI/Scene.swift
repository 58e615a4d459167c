import Foundation

/// A part of an app's user interface with a lifecycle the system manages (SwiftUI's `Scene`): the app's body is made
/// of them, and each `WindowGroup` gives the scenes the system connects.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

extension Scene where Body == Never {
    /// A scene the evaluation takes apart itself has no body.
    public var body: Never { fatalError("\(Self.self) has no body") }
}

/// A scene the evaluation takes apart itself: it has no body.
@MainActor
protocol PrimitiveScene {
    func evaluate(in pass: EvaluationPass, at path: ViewPath)
}

/// Builds the scenes of an app's body (SwiftUI's `SceneBuilder`).
@MainActor @resultBuilder
public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene<
        (repeat each Content)
    > {
        var children: [any Scene] = []
        for child in repeat each content { children.append(child) }
        return TupleScene(children: children)
    }
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
}

/// Several scenes of an app's body.
public struct TupleScene<T>: Scene, PrimitiveScene {
    public typealias Body = Never
    let children: [any Scene]

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        for (index, child) in children.enumerated() { pass.evaluate(child, at: path.child(String(index))) }
    }
}

/// The scene of a window's views (SwiftUI's `WindowGroup`): each scene the system connects for the app shows a new
/// copy of its content, with state of its own. On an iPhone there is one; on an iPad, one per window.
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    public typealias Body = Never
    let id: String?
    /// The type of the value each window presents (`WindowGroup(for:)`), if the group presents one.
    let valueType: Any.Type?
    let content: @MainActor (PresentedValue) -> Content

    public init(@ViewBuilder content: @escaping () -> Content) {
        id = nil
        valueType = nil
        self.content = { _ in content() }
    }

    public init(id: String, @ViewBuilder content: @escaping () -> Content) {
        self.id = id
        valueType = nil
        self.content = { _ in content() }
    }

    public init(_ title: String, id: String? = nil, @ViewBuilder content: @escaping () -> Content) {
        self.id = id
        valueType = nil
        self.content = { _ in content() }
    }

    /// A group whose windows each present a value, given by `openWindow(value:)`: a window opened without one gets
    /// `nil`. The value is kept with the window's session, as `@SceneStorage` is, so a purge gives it back.
    public init<D: Codable & Hashable>(for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> Content) {
        self.init(id: nil, for: type, content: content)
    }

    public init<D: Codable & Hashable>(
        id: String, for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> Content
    ) {
        self.init(id: Optional(id), for: type, content: content)
    }

    private init<D: Codable & Hashable>(id: String?, for type: D.Type, content: @escaping (Binding<D?>) -> Content) {
        self.id = id
        valueType = D.self
        self.content = { presented in content(presented.binding(D.self)) }
    }

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        let content = self.content
        pass.add(
            WindowGroupDescription(
                id: id, valueType: valueType, path: path.child(id ?? "WindowGroup"), content: { content($0) }))
    }
}

/// The value a window of a `WindowGroup(for:)` presents, encoded, with the scene that keeps it.
@MainActor
final class PresentedValue {
    var data: Data?
    /// Called when the window's views change the value, so that they are evaluated again.
    var changed: () -> Void = {}

    init(data: Data? = nil) { self.data = data }

    func binding<D: Codable>(_ type: D.Type) -> Binding<D?> {
        Binding(
            get: { [self] in data.flatMap { try? JSONDecoder().decode(D.self, from: $0) } },
            set: { [self] value in
                data = value.flatMap { try? JSONEncoder().encode($0) }
                changed()
            })
    }
}

/// A scene with a modifier: what it attaches, then the scene it modifies.
struct ModifiedScene<Content: Scene>: Scene, PrimitiveScene {
    typealias Body = Never
    let content: Content
    let kind: String
    let hook: Hook?

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        if let hook { pass.attach(hook, at: path, kind: kind) }
        pass.evaluate(content, at: path.child(">"))
    }
}

/// A scene with `handlesExternalEvents(matching:)`: the groups it contains open a new window for the URLs that
/// match. It keeps their place in the tree, so adding the modifier keeps their state.
struct ExternalEventsScene<Content: Scene>: Scene, PrimitiveScene {
    typealias Body = Never
    let content: Content
    let conditions: Set<String>

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        let start = pass.windowGroups.count
        pass.evaluate(content, at: path)
        pass.setExternalEvents(conditions, ofGroupsFrom: start)
    }
}

/// A background task SwiftUI runs for the app (`.backgroundTask(.appRefresh("id"))`).
public struct BackgroundTask<Request, Response>: Sendable {
    let identifier: String?
    let kind: Kind

    enum Kind: Sendable { case appRefresh, urlSession }
}

extension BackgroundTask where Request == Void, Response == Void {
    /// The `BGAppRefreshTask` with this identifier: the app submits its request with `BGTaskScheduler`, and SwiftUI
    /// registers the launch handler.
    public static func appRefresh(_ identifier: String) -> BackgroundTask<Void, Void> {
        BackgroundTask(identifier: identifier, kind: .appRefresh)
    }

    /// The events of the background URL session with this identifier.
    public static func urlSession(_ identifier: String) -> BackgroundTask<Void, Void> {
        BackgroundTask(identifier: identifier, kind: .urlSession)
    }
}

extension BackgroundTask where Request == String, Response == Void {
    /// The events of any background URL session, given its identifier.
    public static var urlSession: BackgroundTask<String, Void> { BackgroundTask(identifier: nil, kind: .urlSession) }
}

extension Scene {
    private func modified(_ kind: String, _ hook: Hook?) -> some Scene {
        ModifiedScene(content: self, kind: kind, hook: hook)
    }

    /// Runs `action` after `value` changes, as the view modifier does; in the app's body, `scenePhase` is the phases
    /// of all the app's scenes together.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some Scene {
        modified("change", EmptyView.change(of: value, initial: initial) { action($0, $1) })
    }

    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some Scene
    {
        modified("change", EmptyView.change(of: value, initial: initial) { _, _ in action() })
    }

    @_disfavoredOverload
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some Scene {
        modified("change", EmptyView.change(of: value, initial: false) { _, new in action(new) })
    }

    /// Runs `action` for each run of the background task: the task completes when `action` returns, and on
    /// expiration its Swift task is cancelled (docs/lifecycle.md §22). For `.urlSession`, `action` runs when the system
    /// launches or wakes the app for its background URL session's events, and SwiftUI calls the completion handler of
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` when it returns.
    public func backgroundTask<Request, Response: Sendable>(
        _ task: BackgroundTask<Request, Response>, action: @escaping @MainActor @Sendable (Request) async -> Response
    ) -> some Scene {
        let hook: Hook?
        switch task.kind {
        case .appRefresh:
            hook = task.identifier.map { identifier in
                .backgroundTask(identifier: identifier) { _ = await action(() as! Request) }
            }
        case .urlSession:
            // `.urlSession("id")`'s request is `Void`, `.urlSession`'s the session's identifier.
            hook = .urlSessionTask(identifier: task.identifier) { identifier in
                let request: Any = Request.self == String.self ? identifier : ()
                _ = await action(request as! Request)
            }
        }
        return modified("backgroundTask", hook)
    }

    /// The URLs for which SwiftUI opens a new window of this group: when a URL opens the app and no open window's
    /// scene takes it, the new window shows the first group whose strings match it, else the first group without
    /// this modifier (docs/lifecycle.md §22). A string matches a URL that contains it, letter case aside; `*` matches
    /// every URL.
    public func handlesExternalEvents(matching conditions: Set<String>) -> some Scene {
        ExternalEventsScene(content: self, conditions: conditions)
    }

    /// A window's size: nothing the lifecycle sees.
    public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene { self }
}
