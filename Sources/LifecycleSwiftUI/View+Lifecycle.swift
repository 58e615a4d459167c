import Foundation

/// A view with a lifecycle modifier: what the modifier attaches, then the view it modifies.
struct HookedView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let kind: String
    let hook: Hook

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.attach(hook, at: path, kind: kind)
        pass.evaluate(content, at: path.child(">"))
    }
}

/// A view whose content sees a changed environment.
struct EnvironmentView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let change: (inout EnvironmentValues) -> Void

    func evaluate(in pass: EvaluationPass, at path: ViewPath) {
        pass.with(change) { pass.evaluate(content, at: path.child(">")) }
    }
}

extension View {
    private func hooked(_ kind: String, _ hook: Hook) -> some View { HookedView(content: self, kind: kind, hook: hook) }

    /// Runs `action` when the view appears in its scene's tree: when the scene connects, or when a change of state
    /// puts the view there.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        hooked("appear", .appear(action ?? {}))
    }

    /// Runs `action` when the view leaves its scene's tree, or the scene disconnects.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        hooked("disappear", .disappear(action ?? {}))
    }

    /// Starts `action` as a Swift task when the view appears, and cancels it when the view disappears.
    public func task(
        priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> some View {
        hooked("task", .task(id: nil, priority: priority, action: action))
    }

    /// Starts `action` when the view appears and again, cancelling the last one, whenever `id` changes.
    public func task<T: Equatable & Hashable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> some View {
        hooked("task", .task(id: AnyHashable(value), priority: priority, action: action))
    }

    /// Runs `action` with the old and the new value after `value` changes (iOS 17's form), and with the value at
    /// once when the view appears if `initial`. A value that changes and changes back within one turn of the main
    /// queue is not seen to change.
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        hooked("change", Self.change(of: value, initial: initial) { action($0, $1) })
    }

    /// Runs `action` after `value` changes (iOS 17's form without parameters).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View
    {
        hooked("change", Self.change(of: value, initial: initial) { _, _ in action() })
    }

    /// Runs `action` with the new value after `value` changes (iOS 14's form, deprecated in 17).
    @_disfavoredOverload
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        hooked("change", Self.change(of: value, initial: false) { _, new in action(new) })
    }

    static func change<V: Equatable>(of value: V, initial: Bool, action: @escaping (V, V) -> Void) -> Hook {
        .change(
            value: value, isEqual: { ($0 as? V) == value }, initial: initial,
            action: { old, new in action(old as! V, new as! V) })
    }

    /// Runs `action` with each value `publisher` sends while the view is in its scene's tree: the view subscribes
    /// when it appears and cancels when it goes, and each evaluation gives the subscription its newest `action`.
    /// Each scene's copy of the view subscribes: on an iPad with two windows, an app's notification reaches both.
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never {
        hooked(
            "receive",
            .receive(
                subscribe: { receive in publisher.sink { receive($0) } },
                action: { action($0 as! P.Output) }))
    }

    /// Receives the URLs the system opens in the view's scene: a link that launched the app (once the scene's views
    /// exist) and later ones. Every `onOpenURL` of the scene's views gets each URL; a URL no view receives is lost.
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
        hooked("openURL", .openURL(action))
    }

    /// Receives the user activities of type `activityType` that the system continues in the view's scene.
    public func onContinueUserActivity(_ activityType: String, perform action: @escaping (NSUserActivity) -> Void)
        -> some View
    {
        hooked("continueUserActivity", .continueUserActivity(type: activityType, action))
    }

    /// Advertises an activity while `isActive` (Handoff, Spotlight): nothing the lifecycle sees.
    public func userActivity(
        _ activityType: String, isActive: Bool = true, _ update: @escaping (NSUserActivity) -> Void
    ) -> some View { self }

    /// Which URLs the view's scene, while open, prefers and accepts: SwiftUI sets them as the scene's activation
    /// conditions, and on an iPad a URL goes to the first window whose scene prefers it, else the first that accepts
    /// it, else a new window (docs/lifecycle.md §16, §22). A string matches a URL that contains it, letter case
    /// aside; `*` matches every URL. With several of these in a scene's views, the scene takes what any of them does;
    /// a scene whose views have none accepts no URL.
    public func handlesExternalEvents(preferring: Set<String>, allowing: Set<String>) -> some View {
        hooked("externalEvents", .externalEvents(preferring: preferring, allowing: allowing))
    }

    /// Gives the view and what it contains an environment value of their own.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        EnvironmentView(content: self) { $0[keyPath: keyPath] = value }
    }

    /// Puts an `@Observable` object in the environment, for `@Environment(Type.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        EnvironmentView(content: self) { $0.objects[ObjectIdentifier(T.self)] = object }
    }

    /// Puts an `ObservableObject` in the environment, for `@EnvironmentObject`.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        EnvironmentView(content: self) { $0.objects[ObjectIdentifier(T.self)] = object }
    }
}
