import LifecycleCore

/// One line of a trace: what happened, and when (docs/lifecycle.md §11).
public struct TraceRecord: Sendable, Hashable {
    /// What happened.
    public enum Event: Sendable, Hashable {
        /// A scenario line that does something (an action or a wait).
        case action(line: Int, text: String)
        case transition(AppID, from: AppState, to: AppState, reason: TransitionReason?)
        case callback(AppID, Callback, CallbackDetail?)
        case notification(AppID, UIKitNotification)
        /// A scene changed state (docs/lifecycle.md §13).
        case sceneTransition(AppID, SceneID, from: SceneState, to: SceneState)
        /// A scene-delegate method, about a scene.
        case sceneCallback(AppID, SceneID, Callback, CallbackDetail?)
        /// A `UIScene` notification, about a scene.
        case sceneNotification(AppID, SceneID, UIKitNotification)
        /// An `expect` line, with what the app's state really was.
        case expect(line: Int, app: AppID, expected: AppState, actual: AppState)
        /// An `expect` line about a scene, with what its state really was: `nil` when no scene was connected to the
        /// session (`disconnected`).
        case expectScene(line: Int, scene: SceneID, expected: SceneState?, actual: SceneState?)
        case note(AppID?, String)
        /// A step of a scheduled task, by its identifier: its launch handler, its expiration handler, or its
        /// completion (docs/lifecycle.md §17).
        case scheduledTask(AppID, identifier: String, ScheduledTaskStep)
        /// What the scenario file says about the line just recorded (its comment): written only when a
        /// trace explains itself, as the demo's does.
        case explanation(String)
    }

    /// Time since the start of the scenario.
    public var time: Duration
    public var event: Event

    public init(time: Duration, event: Event) {
        self.time = time
        self.event = event
    }

    /// The trace's name for the kind of event: `action`, `transition`, `callback`, `notification`, `expect`,
    /// `note`, `task`, `explanation`.
    public var kind: String {
        switch event {
        case .action: "action"
        case .transition, .sceneTransition: "transition"
        case .callback, .sceneCallback: "callback"
        case .notification, .sceneNotification: "notification"
        case .expect, .expectScene: "expect"
        case .note: "note"
        case .scheduledTask: "task"
        case .explanation: "explanation"
        }
    }
}
