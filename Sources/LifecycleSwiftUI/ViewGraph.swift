import Foundation
import LifecycleUIKit

/// Where a view sits in its scene's tree: its identity from one evaluation to the next (SwiftUI's structural
/// identity). State is kept by it, and a view whose path is gone has disappeared.
struct ViewPath: Hashable, Sendable {
    let text: String

    static let root = ViewPath(text: "")

    func child(_ component: String) -> ViewPath { ViewPath(text: text + "/" + component) }
}

/// What a modifier attaches to its place in the tree, found anew by each evaluation.
@MainActor
enum Hook {
    case appear(() -> Void)
    case disappear(() -> Void)
    case task(id: AnyHashable?, priority: TaskPriority, action: @MainActor @Sendable () async -> Void)
    /// `onChange(of:)`: the value read by this evaluation, how to compare it with the last one, and the action.
    case change(value: Any, isEqual: (Any) -> Bool, initial: Bool, action: (Any, Any) -> Void)
    case openURL((URL) -> Void)
    case continueUserActivity(type: String, (NSUserActivity) -> Void)
    /// `.backgroundTask(.appRefresh(id))` on a scene of the app's body.
    case backgroundTask(identifier: String, action: @MainActor @Sendable () async -> Void)
    /// `.backgroundTask(.urlSession(id))` (or `.urlSession`, any session: `identifier` `nil`) on a scene of the app's
    /// body: the action gets the session's identifier.
    case urlSessionTask(identifier: String?, action: @MainActor @Sendable (String) async -> Void)
    /// `handlesExternalEvents(preferring:allowing:)` on a view: what its scene takes while open.
    case externalEvents(preferring: Set<String>, allowing: Set<String>)
    /// `onReceive(_:perform:)`: how to subscribe to the publisher, and what to run with each value.
    case receive(subscribe: (@escaping (Any) -> Void) -> AnyCancellable, action: (Any) -> Void)
}

/// What an `onReceive` runs with each value: the action of the view's newest evaluation.
@MainActor
final class ReceiveAction {
    var action: (Any) -> Void
    init(_ action: @escaping (Any) -> Void) { self.action = action }
}

/// One evaluation of a tree of views (or of the app's scenes): the bodies it evaluated and the hooks it found, in
/// the tree's order.
@MainActor
final class EvaluationPass {
    let graph: ViewGraph
    var environment: EnvironmentValues
    /// The paths of the views whose bodies were evaluated: their state stays, any other's is let go.
    private(set) var visited: Set<String> = []
    private(set) var hooks: [(key: String, hook: Hook)] = []

    /// Whether the view being evaluated was just made by its parent's body: a body that ran in this pass, or the
    /// tree's root when everything runs again. A view not made anew is the one its parent made last time.
    private var madeAnew: Bool

    /// The views whose state changed since the last evaluation: their bodies run again.
    private let changedViews: Set<String>

    init(
        graph: ViewGraph, environment: EnvironmentValues, everythingChanged: Bool = true, changedViews: Set<String> = []
    ) {
        self.graph = graph
        self.environment = environment
        madeAnew = everythingChanged
        self.changedViews = changedViews
    }

    func evaluate(_ view: any View, at path: ViewPath) { evaluateView(view, at: path) }

    /// Evaluates a view as SwiftUI does: its body runs when its parent made it anew, when it is new, or when state it
    /// reads changed; otherwise its last body stands, with the view its parent made last time (its stored properties
    /// — a `Timer.publish` in a `let` — are those of that view), and only its own views are looked at.
    private func evaluateView<V: View>(_ view: V, at path: ViewPath) {
        if let primitive = view as? any PrimitiveView {
            primitive.evaluate(in: self, at: path)
            return
        }
        guard V.Body.self != Never.self else { return }
        let node = path.child(String(describing: V.self))
        visited.insert(node.text)
        let parentMadeIt = madeAnew
        defer { madeAnew = parentMadeIt }
        let kept = graph.keptView(at: node.text)
        let current = parentMadeIt ? view : (kept?.view as? V ?? view)
        if !parentMadeIt, let body = kept?.body as? V.Body, !changedViews.contains(node.text) {
            madeAnew = false
            evaluateView(body, at: node)
            return
        }
        graph.install(propertiesOf: current, at: node.text, environment: environment)
        let body = current.body
        graph.keep(current, body: body, at: node.text)
        madeAnew = true
        evaluateView(body, at: node)
    }

    func evaluate(_ scene: any Scene, at path: ViewPath) { evaluateScene(scene, at: path) }

    private func evaluateScene<S: Scene>(_ scene: S, at path: ViewPath) {
        if let primitive = scene as? any PrimitiveScene {
            primitive.evaluate(in: self, at: path)
            return
        }
        guard S.Body.self != Never.self else { return }
        let node = path.child(String(describing: S.self))
        visited.insert(node.text)
        graph.install(propertiesOf: scene, at: node.text, environment: environment)
        evaluateScene(scene.body, at: node)
    }

    /// Keeps the state of the value at `path` (the app's, whose body is not a view's).
    func markVisited(_ path: String) { visited.insert(path) }

    /// Records what a modifier attaches at `path`.
    func attach(_ hook: Hook, at path: ViewPath, kind: String) {
        hooks.append((path.text + "@" + kind, hook))
    }

    /// Evaluates `content` with the environment `change` makes, for it and what it contains only.
    func with(_ change: (inout EnvironmentValues) -> Void, _ content: () -> Void) {
        let saved = environment
        change(&environment)
        content()
        environment = saved
    }

    // The app's scenes, found by evaluating the app's body.
    private(set) var windowGroups: [WindowGroupDescription] = []

    func add(_ group: WindowGroupDescription) { windowGroups.append(group) }

    /// Gives the groups added from `start` on the URLs for which SwiftUI opens a new window of them, unless a
    /// modifier nearer the group said already.
    func setExternalEvents(_ conditions: Set<String>, ofGroupsFrom start: Int) {
        for position in start..<windowGroups.count where windowGroups[position].externalEvents == nil {
            windowGroups[position].externalEvents = conditions
        }
    }
}

/// A `WindowGroup` of the app's body: what each of its scenes shows.
@MainActor
struct WindowGroupDescription {
    let id: String?
    /// The type of the value its windows present (`WindowGroup(for:)`), if any.
    let valueType: Any.Type?
    let path: ViewPath
    let content: @MainActor (PresentedValue) -> any View
    /// The URLs for which SwiftUI opens a new window of the group (`handlesExternalEvents(matching:)`), if the
    /// group says.
    var externalEvents: Set<String>? = nil
}

/// The state and the hooks of one tree: a scene's views, or the app and its scenes' declarations.
///
/// It keeps what SwiftUI keeps between evaluations — each view's `@State` by the view's path, the last value each
/// `onChange(of:)` saw, the tasks its views started — and tells what changed after each evaluation: the views that
/// appeared and disappeared, the values that changed, the tasks to start and cancel.
@MainActor
final class ViewGraph {
    /// What runs every graph of the process.
    unowned let runtime: SwiftUIRuntime
    /// The scene whose views this is; `nil` for the app's graph.
    weak var scene: UIScene?
    /// The scene's `@SceneStorage` values by key, given back after a purge.
    var sceneStorage: [String: Any] = [:]
    /// Whether a `@SceneStorage` value was written or restored since the scene connected, by key.
    var sceneStorageSet: Set<String> = []
    /// Storage of the views' dynamic properties (`@State`, `@StateObject`), by the view's path and the property's
    /// name.
    private var storages: [String: AnyObject] = [:]
    private var hooks: [String: Hook] = [:]
    private var hookOrder: [String] = []
    private var lastValues: [String: Any] = [:]
    private var tasks: [String: (id: AnyHashable?, task: Task<Void, Never>)] = [:]
    /// Each view the last evaluations looked at, as its parent made it, and what its body gave, by the view's path.
    private var keptViews: [String: (view: Any, body: Any)] = [:]
    /// The views whose body must run again, because state they read changed.
    private var changedViews: Set<String> = []
    /// Whether every view's body must run again: a change the graph cannot tie to the views that read it (an
    /// `@Observable` object's, `@AppStorage`'s, `@SceneStorage`'s), or the first evaluation.
    private var everythingChanged = true
    /// The views that read the environment (`@Environment`, `@EnvironmentObject`): their bodies run again when the
    /// scene's phase changes.
    private var environmentReaders: Set<String> = []
    /// The subscriptions of the views' `onReceive`s, by the hook's key.
    private var subscriptions: [String: (subscription: AnyCancellable, action: ReceiveAction)] = [:]
    /// Whether state the views read changed since they were last evaluated.
    private(set) var needsUpdate = true
    /// Whether state one of the graph's views owns or observes changed since the last evaluation (not the environment,
    /// nor a change every graph hears of): for the app's graph, what its scenes' views may read through the bindings
    /// and objects its body gives them.
    private(set) var stateChanged = false
    /// Whether the tree has been evaluated once: its handlers exist.
    private(set) var hasEvaluated = false

    init(runtime: SwiftUIRuntime, scene: UIScene?) {
        self.runtime = runtime
        self.scene = scene
    }

    /// Marks the tree for evaluation, every view's body included, at the end of the app's current turn of its main
    /// queue.
    func invalidate() {
        everythingChanged = true
        needsUpdate = true
        runtime.scheduleUpdate()
    }

    /// Marks the view at `path` for evaluation: state it owns or observes changed.
    func invalidate(view path: String) {
        changedViews.insert(path)
        stateChanged = true
        needsUpdate = true
        runtime.scheduleUpdate()
    }

    /// Marks the views that read the environment for evaluation: the scene's phase changed.
    func invalidateEnvironment() {
        changedViews.formUnion(environmentReaders)
        needsUpdate = true
        runtime.scheduleUpdate()
    }

    /// The view last evaluated at `path`, and its body.
    func keptView(at path: String) -> (view: Any, body: Any)? { keptViews[path] }

    /// Keeps the view evaluated at `path` and its body, for the evaluations that do not run it again.
    func keep(_ view: Any, body: Any, at path: String) { keptViews[path] = (view, body) }

    /// Evaluates the tree until what its actions change is seen: each round evaluates the bodies, then runs the
    /// actions of what changed (views gone, views new, values changed, tasks) in that order. Returns the last
    /// evaluation (not kept: a pass holds its graph).
    @discardableResult
    func update(evaluating evaluate: (EvaluationPass) -> Void, environment: EnvironmentValues) -> EvaluationPass {
        var pass = EvaluationPass(graph: self, environment: environment)
        for _ in 0..<Self.roundsBeforeGivingUp {
            needsUpdate = false
            pass = EvaluationPass(
                graph: self, environment: environment, everythingChanged: everythingChanged,
                changedViews: changedViews)
            everythingChanged = false
            stateChanged = false
            changedViews = []
            withObservationTracking {
                evaluate(pass)
            } onChange: { [weak self] in
                guard let self else { return }
                SwiftUIRuntime.onMain { self.invalidate() }
            }
            let actions = commit(pass)
            hasEvaluated = true
            for action in actions { action() }
            if !needsUpdate { return pass }
        }
        runtime.report(
            "the views' state kept changing through \(Self.roundsBeforeGivingUp) evaluations in a row: an onChange "
                + "or onAppear action writes what makes it run again")
        return pass
    }

    /// SwiftUI's "tried to update multiple times per frame", as a limit.
    static let roundsBeforeGivingUp = 20

    /// Takes the tree away: its views disappear and their tasks are cancelled (the scene disconnected).
    func tearDown() -> [() -> Void] {
        commit(EvaluationPass(graph: self, environment: EnvironmentValues()))
    }

    /// Compares `pass` with the last evaluation and returns the actions that follow, in order.
    private func commit(_ pass: EvaluationPass) -> [() -> Void] {
        var disappearing: [() -> Void] = []
        var appearing: [() -> Void] = []
        var changing: [() -> Void] = []
        var starting: [() -> Void] = []
        var newHooks: [String: Hook] = [:]
        for (key, hook) in pass.hooks { newHooks[key] = hook }
        for key in hookOrder where newHooks[key] == nil {
            switch hooks[key] {
            case .disappear(let action): disappearing.append(action)
            case .task: tasks.removeValue(forKey: key)?.task.cancel()
            case .change: lastValues.removeValue(forKey: key)
            case .receive: subscriptions.removeValue(forKey: key)?.subscription.cancel()
            default: break
            }
        }
        for (key, hook) in pass.hooks {
            let isNew = hooks[key] == nil
            switch hook {
            case .appear(let action) where isNew: appearing.append(action)
            case .task(let id, let priority, let action):
                if let running = tasks[key], running.id == id { continue }
                tasks.removeValue(forKey: key)?.task.cancel()
                starting.append { [weak self] in
                    let task = Task(priority: priority) { await action() }
                    self?.tasks[key] = (id, task)
                }
            case .change(let value, let isEqual, let initial, let action):
                if let last = lastValues[key] {
                    if !isEqual(last) { changing.append { action(last, value) } }
                } else if initial {
                    changing.append { action(value, value) }
                }
                lastValues[key] = value
            case .receive(let subscribe, let action):
                if let subscribed = subscriptions[key] {
                    subscribed.action.action = action
                    continue
                }
                appearing.append { [weak self] in
                    let current = ReceiveAction(action)
                    let subscription = subscribe { value in current.action(value) }
                    self?.subscriptions[key] = (subscription, current)
                }
            default: break
            }
        }
        hooks = newHooks
        hookOrder = pass.hooks.map(\.key)
        for key in storages.keys where !pass.visited.contains(Self.viewPath(ofStorageKey: key)) {
            storages.removeValue(forKey: key)
        }
        for path in keptViews.keys where !pass.visited.contains(path) { keptViews.removeValue(forKey: path) }
        environmentReaders.formIntersection(pass.visited)
        return disappearing + appearing + changing + starting
    }

    /// The hooks of the last evaluation, in the tree's order.
    var currentHooks: [Hook] { hookOrder.compactMap { hooks[$0] } }

    // MARK: Dynamic properties

    /// Gives each of the value's dynamic properties (found by reflection, as SwiftUI finds them) its storage.
    func install(propertiesOf value: Any, at path: String, environment: EnvironmentValues) {
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            // A wrapped property's storage is `_draft`: the key names the property as the app's code does.
            let key = path + "#" + (label.hasPrefix("_") ? String(label.dropFirst()) : label)
            if child.value is any EnvironmentReading { environmentReaders.insert(Self.viewPath(ofStorageKey: key)) }
            if let property = child.value as? any GraphProperty {
                property.install(in: self, key: key, environment: environment)
            } else if child.value is any DynamicProperty || child.value is any ViewModifier {
                // A struct of dynamic properties, or the modifier of a `ModifiedContent`: its properties are the
                // view's.
                install(propertiesOf: child.value, at: key, environment: environment)
            }
        }
    }

    /// The storage at `key`, made by `make` the first time (or when the type at the key changed).
    func storage<Storage: AnyObject>(at key: String, make: () -> Storage) -> Storage {
        if let found = storages[key] as? Storage { return found }
        let made = make()
        storages[key] = made
        return made
    }

    func replaceStorage(at key: String, with storage: AnyObject) { storages[key] = storage }

    /// A storage key is the view's path, `#`, and the property's name (`/WindowGroup/NotesView#draft`): the part
    /// before the first `#` after the last slash.
    static func viewPath(ofStorageKey key: String) -> String {
        let lastSlash = key.lastIndex(of: "/") ?? key.startIndex
        guard let mark = key[lastSlash...].firstIndex(of: "#") else { return key }
        return String(key[..<mark])
    }

    /// The state the app's code wrote, by where it is kept: each `@State` written since its view appeared, and each
    /// `@SceneStorage` value written or given back. What the explorer compares across a purge.
    var writtenState: [String: String] {
        var state: [String: String] = [:]
        for (key, storage) in storages {
            if let written = (storage as? any WrittenState)?.writtenValue { state["@State " + key] = written }
        }
        for key in sceneStorageSet {
            state["@SceneStorage " + key] = sceneStorage[key].map { String(describing: $0) } ?? "nil"
        }
        return state
    }
}

/// A dynamic property that the evaluation gives its storage (`@State`, `@Environment`, `@SceneStorage`, …).
@MainActor
protocol GraphProperty {
    func install(in graph: ViewGraph, key: String, environment: EnvironmentValues)
}

/// A property that reads the environment: its view's body runs again when the scene's phase changes.
protocol EnvironmentReading {}

/// Storage that knows whether the app's code wrote it.
@MainActor
protocol WrittenState {
    var writtenValue: String? { get }
}
