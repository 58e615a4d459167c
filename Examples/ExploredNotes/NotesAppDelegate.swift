// swift-format-ignore-file
// (The three lines stand as an iOS file writes them, unindented.)
// A worked example for the explorer (docs/testing.md, "Exploring your app for lifecycle bugs"): a notes app in
// UIKit's names, as it builds for iOS, that opens `notes://` links, saves its notes as it leaves the screen and
// shows the last note opened again after iOS purged it. `NotesSceneDelegate` does it right;
// `HastyNotesSceneDelegate` has the three bugs the explorer finds.
#if canImport(UIKit)
import UIKit
#else
import LifecycleUIKit
#endif

/// The app delegate: the notes the user opened, by link, the one on screen, and what was saved.
@MainActor
public final class NotesAppDelegate: UIResponder, UIApplicationDelegate {
    /// The notes opened by a link, in order.
    public private(set) var opened: [URL] = []
    /// The note on screen: the last one opened. The user expects to find it again however long they were away.
    public internal(set) var draft = ""
    /// How many times the notes were saved.
    public private(set) var saves = 0

    public required init() {}

    func open(_ url: URL) {
        opened.append(url)
        draft = "note \(url.lastPathComponent)"
    }

    /// Saves the notes, in a background task so that leaving the screen cannot cut the save short.
    func save(_ application: UIApplication, endingTheTask: Bool) {
        // The handler is a `@Sendable` closure: it reads the identifier from an object rather than a captured `var`.
        let task = SaveTask()
        task.identifier = application.beginBackgroundTask(withName: "save") {
            if endingTheTask { application.endBackgroundTask(task.identifier) }
        }
        saves += 1
        if endingTheTask { application.endBackgroundTask(task.identifier) }
    }
}

/// The background task of one save.
@MainActor
final class SaveTask {
    var identifier = UIBackgroundTaskIdentifier.invalid
}

/// The scene delegate that does it right: a link that launches the app comes in the connection options, later
/// ones to `scene(_:openURLContexts:)`; the save's background task is ended; the note on screen is kept in the
/// scene's restoration activity, which iOS gives back when the scene connects again after a purge.
@MainActor
public final class NotesSceneDelegate: UIResponder, UIWindowSceneDelegate {
    public var window: UIWindow?
    private var app: NotesAppDelegate? { UIApplication.shared.delegate as? NotesAppDelegate }

    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        if let draft = session.stateRestorationActivity?.userInfo?["draft"] as? String { app?.draft = draft }
        for context in connectionOptions.urlContexts { app?.open(context.url) }
    }

    public func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        let activity = NSUserActivity(activityType: "com.example.notes.draft")
        activity.title = "Draft"
        activity.addUserInfoEntries(from: ["draft": app?.draft ?? ""])
        return activity
    }

    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { app?.open(context.url) }
    }

    public func sceneDidEnterBackground(_ scene: UIScene) {
        app?.save(UIApplication.shared, endingTheTask: true)
    }
}

/// The scene delegate with three bugs: it reads links only in `scene(_:openURLContexts:)`, so the one that launches
/// the app is lost; it never ends the save's background task, so iOS kills the app when its time runs out; and it
/// keeps no restoration activity, so after a purge the user finds an empty note.
@MainActor
public final class HastyNotesSceneDelegate: UIResponder, UIWindowSceneDelegate {
    public var window: UIWindow?
    private var app: NotesAppDelegate? { UIApplication.shared.delegate as? NotesAppDelegate }

    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { app?.open(context.url) }
    }

    public func sceneDidEnterBackground(_ scene: UIScene) {
        app?.save(UIApplication.shared, endingTheTask: false)
    }
}
