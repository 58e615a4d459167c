// swift-format-ignore-file
// (The three lines stand as an iOS file writes them, unindented.)
// A worked example for the explorer (docs/testing.md, "Exploring your app for lifecycle bugs"): a notes app in
// UIKit's names, as it builds for iOS, that opens `notes://` links and saves its notes as it leaves the screen.
// `NotesSceneDelegate` does it right; `HastyNotesSceneDelegate` has the two bugs the explorer finds.
#if canImport(UIKit)
import UIKit
#else
import LifecycleUIKit
#endif

/// The app delegate: the notes the user opened, by link, and what was saved.
@MainActor
public final class NotesAppDelegate: UIResponder, UIApplicationDelegate {
    /// The notes opened by a link, in order.
    public private(set) var opened: [URL] = []
    /// How many times the notes were saved.
    public private(set) var saves = 0

    public required init() {}

    func open(_ url: URL) {
        opened.append(url)
    }

    /// Saves the notes, in a background task so that leaving the screen cannot cut the save short.
    func save(_ application: UIApplication, endingTheTask: Bool) {
        var task = UIBackgroundTaskIdentifier.invalid
        task = application.beginBackgroundTask(withName: "save") {
            if endingTheTask { application.endBackgroundTask(task) }
        }
        saves += 1
        if endingTheTask { application.endBackgroundTask(task) }
    }
}

/// The scene delegate that does it right: a link that launches the app comes in the connection options, later
/// ones to `scene(_:openURLContexts:)`; the save's background task is ended.
@MainActor
public final class NotesSceneDelegate: UIResponder, UIWindowSceneDelegate {
    public var window: UIWindow?
    private var app: NotesAppDelegate? { UIApplication.shared.delegate as? NotesAppDelegate }

    public func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        for context in connectionOptions.urlContexts { app?.open(context.url) }
    }

    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
        for context in URLContexts { app?.open(context.url) }
    }

    public func sceneDidEnterBackground(_ scene: UIScene) {
        app?.save(UIApplication.shared, endingTheTask: true)
    }
}

/// The scene delegate with two bugs: it reads links only in `scene(_:openURLContexts:)`, so the one that launches
/// the app is lost, and it never ends the save's background task, so iOS kills the app when its time runs out.
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
