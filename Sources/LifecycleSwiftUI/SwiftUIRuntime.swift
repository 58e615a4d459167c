import Dispatch
import Foundation
import LifecycleKit
import LifecycleUIKit

/// SwiftUI's part of one process of the app: the `App` value, its graph, a graph per connected scene, and the update
/// that evaluates them at the end of each turn of the app's main queue in which something they read changed.
@MainActor
final class SwiftUIRuntime {
    /// The runtime whose `App` is being made: `@UIApplicationDelegateAdaptor` gives it its delegate.
    static var constructing: SwiftUIRuntime?

    /// The runtime of the app whose code runs.
    static var current: SwiftUIRuntime? { SwiftUIApplicationDelegate.current?.runtime }

    var adaptor: (any UIApplicationDelegate)?
    private(set) var app: (any App)!
    private(set) lazy var appGraph = ViewGraph(runtime: self, scene: nil)
    /// The application whose process this is: its code makes the `App`.
    private weak var application: Application?
    /// What `@AppStorage` reads, by the defaults it reads.
    private var defaultsStores: [ObjectIdentifier: DefaultsStore] = [:]

    /// The store of an `@AppStorage` that names `defaults`, or, for `nil`, the app's `UserDefaults.standard`: kept
    /// by its application across its processes under a simulated device.
    func appStorage(in defaults: LifecycleUIKit.UserDefaults?) -> DefaultsStore {
        let defaults =
            defaults ?? (application ?? Application.current).map(LifecycleUIKit.UserDefaults.standard(of:)) ?? .standard
        if let known = defaultsStores[ObjectIdentifier(defaults)] { return known }
        let made = DefaultsStore(defaults: defaults, runtime: self)
        defaultsStores[ObjectIdentifier(defaults)] = made
        return made
    }
    private(set) var scenes: [SceneHost] = []
    /// The app's `WindowGroup`s, as its body last declared them.
    private(set) var windowGroups: [WindowGroupDescription] = []
    /// The background tasks the app's body declared, registered at the launch.
    private var backgroundTasks: [String: @MainActor @Sendable () async -> Void] = [:]
    /// What `openWindow` asked for, for the next scene that connects.
    var requestedWindow: WindowRequest?
    private var updateScheduled = false

    init<A: App>(app: A.Type) {
        let previous = Self.constructing
        Self.constructing = self
        application = Application.current
        self.app = A()
        Self.constructing = previous
    }

    /// Runs `body` on the main actor: at once on the main queue (in the app's turn, where a change of an observed
    /// object's comes from its code), else on the main queue. (The main thread is no test of it: under `swift test`
    /// on Linux, Dispatch's threads serve the main queue.)
    nonisolated static func onMain(_ body: @escaping @MainActor @Sendable () -> Void) {
        if MainQueueCheck.isOnMainQueue {
            MainActor.assumeIsolated { body() }
        } else {
            Dispatch.DispatchQueue.main.async { body() }
        }
    }

    /// Says what went wrong in the app's SwiftUI code, on standard error, as SwiftUI's runtime warnings do.
    func report(_ message: String) {
        FileHandle.standardError.write(Data("LifecycleSwiftUI: \(message)\n".utf8))
    }

    /// Tells the host's trace what SwiftUI did that no delegate method shows (docs/lifecycle.md §22): a phase its
    /// views or its `App` read, a link given to a view or dropped.
    func note(_ text: String) {
        guard let application = Application.current else { return }
        application.host.note("SwiftUI: \(text)", in: application.bundleIdentifier)
    }

    // MARK: Updating

    /// Evaluates what changed at the end of the app's current turn (once, however many changes came).
    func scheduleUpdate() {
        guard !updateScheduled else { return }
        updateScheduled = true
        LifecycleUIKit.DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.updateScheduled = false
            self.update()
        }
    }

    func invalidateAll() {
        appGraph.invalidate()
        for scene in scenes { scene.graph.invalidate() }
    }

    /// Evaluates each scene's views that need it, in the order the scenes connected, then the app's body. When state
    /// the app owns changed (its `@StateObject`, its `@State`), every scene's views are evaluated again after it: they
    /// read that state through what the app's body gives them (`ScrumsView(scrums: $store.scrums)`), which the model
    /// cannot tie to the views that read it.
    func update() {
        for scene in scenes where scene.graph.needsUpdate || scene.hasPendingItems { scene.update() }
        guard appGraph.needsUpdate else { return }
        let appStateChanged = appGraph.stateChanged
        updateApp()
        guard appStateChanged else { return }
        for scene in scenes {
            scene.graph.invalidate()
            scene.update()
        }
    }

    /// The app's phase (SwiftUI's `scenePhase` read in the app's body): `active` if one of its scenes is, else
    /// `inactive` if one is in the foreground, else `background` (Apple's `ScenePhase` documentation).
    var aggregatePhase: ScenePhase { ScenePhase(aggregating: scenes.map(\.phase)) }
    /// The phase the app's body last read.
    private var appPhase: ScenePhase?

    private func updateApp() {
        var environment = environmentForActions()
        environment.scenePhase = aggregatePhase
        if let appPhase, appPhase != aggregatePhase { note("the App's scenePhase \(appPhase) → \(aggregatePhase)") }
        appPhase = aggregatePhase
        let app = self.app!
        let pass = appGraph.update(
            evaluating: { pass in
                pass.markVisited("/App")
                pass.graph.install(propertiesOf: app, at: "/App", environment: pass.environment)
                pass.evaluate(Self.body(of: app), at: ViewPath.root.child("App"))
            }, environment: environment)
        windowGroups = pass.windowGroups
    }

    private static func body(of app: some App) -> any Scene { app.body }

    /// The environment's actions, for the app's body and its scenes' views.
    func environmentForActions() -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.openURL = OpenURLAction { url in UIApplication.shared.open(url) }
        environment.openWindow = OpenWindowAction { [weak self] request in
            self?.requestedWindow = request
            UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil)
        }
        return environment
    }

    // MARK: The launch

    /// The launch, in SwiftUI's app delegate: the app's body is evaluated, and the background tasks it declares are
    /// registered, before `application(_:didFinishLaunchingWithOptions:)` returns (as BGTaskScheduler requires).
    func launch() {
        updateApp()
        for case .backgroundTask(let identifier, let action) in appGraph.currentHooks {
            backgroundTasks[identifier] = action
            let registered = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
                // SwiftUI completes the task when the action returns; on expiration it cancels the action's task.
                let running = Task { @MainActor in
                    await action()
                    task.setTaskCompleted(success: true)
                }
                task.expirationHandler = { running.cancel() }
            }
            if !registered {
                note(
                    "the backgroundTask action for \(identifier) is not registered: \(identifier) is not among the "
                        + "app's permitted identifiers (BGTaskSchedulerPermittedIdentifiers), so it never runs")
            }
        }
    }

    /// The app body's `.backgroundTask(.urlSession)` actions for the session with this identifier.
    func urlSessionActions(for identifier: String) -> [@MainActor @Sendable (String) async -> Void] {
        appGraph.currentHooks.compactMap { hook in
            guard case .urlSessionTask(let wanted, let action) = hook, wanted == nil || wanted == identifier else {
                return nil
            }
            return action
        }
    }

    // MARK: Scenes

    /// A scene connects: its group's views are evaluated at once, so that their handlers exist.
    ///
    /// A `WindowGroup` serves the app's windows only: an external display's scene mirrors the screen unless the app
    /// declares a scene for that role (SwiftUI has none), so it shows none of the app's views.
    func connect(_ scene: UIScene, options: UIScene.ConnectionOptions) {
        guard scene.session.role == .windowApplication else { return }
        if windowGroups.isEmpty { updateApp() }
        let requested = requestedWindow
        requestedWindow = nil
        // A scene made again after a purge shows the group it showed, which its session keeps.
        let kept = scene.session.stateRestorationActivity?.userInfo?[SceneHost.groupKey] as? String
        let asked = windowGroups.first { group in
            if let kept { return group.path.text == kept }
            guard let requested else { return false }
            if let id = requested.id { return group.id == id }
            guard let type = requested.valueType, let presented = group.valueType else { return false }
            return type == presented
        }
        guard let group = asked ?? group(forNewWindowWith: options) ?? windowGroups.first else {
            report("the app's body declares no WindowGroup: its scene shows nothing")
            return
        }
        let host = SceneHost(runtime: self, scene: scene, group: group)
        scenes.append(host)
        if asked != nil, kept == nil, let value = requested?.value { host.presented.data = value }
        host.connect(options: options)
        scene.kitScene.onPhaseChange { [weak self, weak host] _ in
            host?.graph.invalidateEnvironment()
            self?.appGraph.invalidate()
        }
        appGraph.invalidate()
    }

    /// The group of a new window made for a URL or an activity (Apple's `handlesExternalEvents(matching:)`
    /// documentation): the first whose strings match the URL, or the activity's target content identifier, else the
    /// first without the modifier. `nil` when neither came with it, or where the app shows one window (an iPhone),
    /// whose scene shows the body's first group.
    private func group(forNewWindowWith options: UIScene.ConnectionOptions) -> WindowGroupDescription? {
        guard UIApplication.shared.supportsMultipleScenes, let target = options.peekedTarget else { return nil }
        return windowGroups.first { group in
            group.externalEvents.map { SceneActivationConditions.matches($0, target) } ?? false
        } ?? windowGroups.first { $0.externalEvents == nil }
    }

    func host(of scene: UIScene) -> SceneHost? { scenes.first { $0.scene === scene } }

    /// The group a scene shows when nothing asked for another: the body's first.
    var firstGroupPath: ViewPath? { windowGroups.first?.path }

    func disconnect(_ scene: UIScene) {
        guard let index = scenes.firstIndex(where: { $0.scene === scene }) else { return }
        let host = scenes.remove(at: index)
        host.disconnect()
        appGraph.invalidate()
    }

    /// What the app's code wrote, in every connected scene (see ``ViewGraph/writtenState``).
    var writtenState: [String: String] {
        var state: [String: String] = [:]
        for scene in scenes {
            let session = scene.scene?.session.persistentIdentifier ?? "?"
            for (key, value) in scene.graph.writtenState { state["\(session) \(key)"] = value }
        }
        return state
    }
}

/// One connected scene: its views' graph, and the launch items waiting for its views.
@MainActor
final class SceneHost {
    unowned let runtime: SwiftUIRuntime
    weak var scene: UIScene?
    let group: WindowGroupDescription
    let graph: ViewGraph
    private var pendingURLs: [URL] = []
    private var pendingActivities: [NSUserActivity] = []

    /// The key of the scene's `@SceneStorage` values in the session's restoration activity.
    static let storageKey = "LifecycleSwiftUI.SceneStorage"
    /// The key of the value its window presents (`WindowGroup(for:)`), kept beside them, and of the group it shows.
    static let presentedKey = "LifecycleSwiftUI.PresentedValue"
    static let groupKey = "LifecycleSwiftUI.WindowGroup"
    /// The value the window presents, for a `WindowGroup(for:)`.
    let presented = PresentedValue()

    init(runtime: SwiftUIRuntime, scene: UIScene, group: WindowGroupDescription) {
        self.runtime = runtime
        self.scene = scene
        self.group = group
        graph = ViewGraph(runtime: runtime, scene: scene)
    }

    var phase: ScenePhase { scene?.kitScene.phase ?? .background }
    /// The phase the scene's views last read, `nil` before their first evaluation.
    private var viewsPhase: ScenePhase?
    /// The scene's name in the trace: its session's identifier.
    private var name: String { scene?.session.persistentIdentifier ?? "a scene" }
    var hasPendingItems: Bool { !pendingURLs.isEmpty || !pendingActivities.isEmpty }

    /// The scene connects: its `@SceneStorage` comes back from the session, and its views wait to be evaluated
    /// until the scene is first shown.
    func connect(options: UIScene.ConnectionOptions) {
        if let stored = scene?.session.stateRestorationActivity?.userInfo?[Self.storageKey] as? [String: Any] {
            graph.sceneStorage = stored
            graph.sceneStorageSet = Set(stored.keys)
            runtime.note("\(name) gets its @SceneStorage back (\(stored.keys.sorted().joined(separator: ", ")))")
        }
        if let value = scene?.session.stateRestorationActivity?.userInfo?[Self.presentedKey] as? Data {
            presented.data = value
            runtime.note("\(name) gets back the value its window presents")
        }
        presented.changed = { [weak self] in
            self?.graph.invalidate()
        }
        connectionOptions = options
    }

    private var connectionOptions: UIScene.ConnectionOptions?

    /// The scene's first evaluation: its views appear, and the launch items go to the views that handle them. An
    /// item no view handles is never read, so the explorer reports it dropped.
    ///
    /// A scene shown at once is first evaluated as it enters the foreground, and reads `inactive`, as SwiftUI lays
    /// out a window's views when it becomes visible: the launch then reports `active` alone.
    func appear(phase: ScenePhase? = nil) {
        guard !graph.hasEvaluated else { return }
        evaluate(phase: phase ?? self.phase)
        guard let options = connectionOptions else { return }
        connectionOptions = nil
        let hooks = graph.currentHooks
        if hooks.contains(where: { if case .openURL = $0 { true } else { false } }) {
            pendingURLs = options.urlContexts.map(\.url)
        } else if let url = options.peekedURL {
            // Never read: the system's count of what the app read reports it.
            runtime.note("no view of \(name) has onOpenURL: \(url.absoluteString) is dropped")
        }
        let types = Set(hooks.compactMap { if case .continueUserActivity(let type, _) = $0 { type } else { nil } })
        if !types.isEmpty {
            pendingActivities = options.userActivities.filter { types.contains($0.activityType) }
        }
        deliverPendingItems()
    }

    func update() {
        guard graph.hasEvaluated else {
            if phase != .background { appear() }
            return
        }
        evaluate(phase: phase)
        deliverPendingItems()
    }

    private func evaluate(phase: ScenePhase) {
        var environment = runtime.environmentForActions()
        environment.scenePhase = phase
        if let viewsPhase {
            if viewsPhase != phase { runtime.note("\(name)'s scenePhase \(viewsPhase) → \(phase)") }
        } else {
            runtime.note("\(name)'s views appear, reading scenePhase \(phase)")
        }
        viewsPhase = phase
        environment.dismissWindow = DismissWindowAction { [weak self] _ in
            guard let session = self?.scene?.session else { return }
            UIApplication.shared.requestSceneSessionDestruction(session, options: nil)
        }
        let group = self.group
        let presented = self.presented
        graph.update(
            evaluating: { pass in pass.evaluate(group.content(presented), at: group.path) }, environment: environment)
        updateActivationConditions()
    }

    /// Sets the scene's activation conditions from its views' `handlesExternalEvents(preferring:allowing:)`: what
    /// any of them prefers and allows. When none says, the scene accepts no URL: SwiftUI opens a new window for it
    /// instead (Apple's `handlesExternalEvents(preferring:allowing:)` documentation: "If it finds neither —
    /// including when you don't add this view modifier — SwiftUI creates a new scene for the event").
    private func updateActivationConditions() {
        var preferring: Set<String> = []
        var allowing: Set<String> = []
        for case .externalEvents(let preferred, let allowed) in graph.currentHooks {
            preferring.formUnion(preferred)
            allowing.formUnion(allowed)
        }
        let conditions = SceneActivationConditions(preferring: preferring, allowing: allowing)
        scene?.kitScene.activationConditions = conditions
    }

    private func deliverPendingItems() {
        let urls = pendingURLs
        let activities = pendingActivities
        pendingURLs = []
        pendingActivities = []
        for url in urls { open(url) }
        for activity in activities { continueActivity(activity) }
    }

    /// Gives a URL to every `onOpenURL` of the scene's views; with none, the URL is lost.
    func open(_ url: URL) {
        let handlers = graph.currentHooks.compactMap { if case .openURL(let action) = $0 { action } else { nil } }
        guard !handlers.isEmpty else {
            runtime.note("no view of \(name) has onOpenURL: \(url.absoluteString) is dropped")
            return Application.launchItemDropped("url")
        }
        runtime.note("onOpenURL in \(name) gets \(url.absoluteString)")
        for handler in handlers { handler(url) }
    }

    func continueActivity(_ activity: NSUserActivity) {
        let handlers = graph.currentHooks.compactMap { hook -> ((NSUserActivity) -> Void)? in
            guard case .continueUserActivity(let type, let action) = hook, type == activity.activityType else {
                return nil
            }
            return action
        }
        guard !handlers.isEmpty else {
            runtime.note("no view of \(name) continues \(activity.activityType): the activity is dropped")
            return Application.launchItemDropped("activity")
        }
        runtime.note("onContinueUserActivity in \(name) gets \(activity.activityType)")
        for handler in handlers { handler(activity) }
    }

    /// The scene's `@SceneStorage` values, kept with its session.
    var restorationActivity: NSUserActivity? {
        guard !graph.sceneStorage.isEmpty || presented.data != nil || group.path != runtime.firstGroupPath else {
            return nil
        }
        let activity = NSUserActivity(activityType: Self.storageKey)
        activity.addUserInfoEntries(from: [Self.storageKey: graph.sceneStorage, Self.groupKey: group.path.text])
        if let value = presented.data { activity.addUserInfoEntries(from: [Self.presentedKey: value]) }
        return activity
    }

    func disconnect() {
        runtime.note("\(name)'s views disappear")
        for action in graph.tearDown() { action() }
    }
}
