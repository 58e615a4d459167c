// swift-format-ignore-file
// (The test below stands word for word in docs/testing.md, "Exploring your app for lifecycle bugs", which
// ReadmeTests checks; its app is a scene-based one in UIKit's names that keeps a draft and runs a timer.)
import LifecycleTesting
import LifecycleUIKit
import Testing

@Suite struct ExplorerGuideTests {
    /// An app whose draft is the same in every process (nothing for a purge to lose) and whose scene stops its
    /// timer when it resigns.
    @MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
        var draft = "a draft"
        var timerRunning = false
    }

    @MainActor final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var app: AppDelegate? { UIApplication.shared.delegate as? AppDelegate }
        func sceneDidBecomeActive(_ scene: UIScene) { app?.timerRunning = true }
        func sceneWillResignActive(_ scene: UIScene) { app?.timerRunning = false }
    }

    @Test @MainActor func notesHasNoLifecycleBug() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes background-modes=fetch\n")
        explorer.run("notes", uikit: { AppDelegate() }, sceneDelegateClass: SceneDelegate.self)   // or delegate: { … }
        explorer.snapshot("notes") { (app: AppDelegate) in app.draft }       // must survive a purge
        explorer.invariant("no timer unless active", of: "notes") { (app: AppDelegate, device) in
            !app.timerRunning || device.state(of: "notes") == .active
        }
        let report = await explorer.explore(sessions: 2_000, actions: 50, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }

    /// The careful draft uploader of URLSessionTests, under the network the guide declares: every upload is answered
    /// before the app is suspended.
    @Test @MainActor func draftsReachTheServerBeforeTheAppIsSuspended() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp drafts\n")
        explorer.run("drafts", uikit: { CarefulDraftUploader() })
        explorer.network { $0.respond(to: "https://example.com/drafts", method: "POST", status: 201) }
        explorer.invariant("no upload in flight when suspended", of: "drafts") { (app: DraftUploader, device) in
            device.state(of: "drafts") != .suspended || app.uploadsInFlight == 0
        }
        let report = await explorer.explore(sessions: 300, actions: 20, seed: 11)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test @MainActor func notesComesThroughNeutralSequences() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp notes scenes url-schemes=notes\n")
        explorer.run("notes", uikit: { AppDelegate() }, sceneDelegateClass: SceneDelegate.self)
        explorer.snapshot("notes") { (app: AppDelegate) in app.draft }
        let report = try await explorer.checkNeutralSequences(in: "open-url notes notes://draft/1\nwait 5s\nexpect notes active\n")
        #expect(report.findings.isEmpty, "\(report)")
    }

    /// A hybrid app's launch link, after cordova-ios issue 1671: its scene delegate reads the URL from the connection
    /// options (so nothing is "dropped") and posts it for the page's plugin, which only listens once the page has
    /// loaded, when the scene becomes active: the link of a cold launch never reaches the page. The fix keeps the URL
    /// until the page loads.
    @MainActor class HybridAppDelegate: UIResponder, UIApplicationDelegate {
        class var keepsTheLaunchURL: Bool { false }
        var urlsHandedToTheScene: [URL] = []
        let page = WebPage()
    }

    @MainActor final class FixedHybridAppDelegate: HybridAppDelegate {
        override class var keepsTheLaunchURL: Bool { true }
    }

    /// The web view and its plugin, which listens for `handleOpenURL` once the page has loaded.
    @MainActor final class WebPage {
        static let handleOpenURL = Notification.Name("CDVPluginHandleOpenURLNotification")
        var openedURLs: [URL] = []
        var waiting: [URL] = []
        private var observer: (any NSObjectProtocol)?

        func load() {
            guard observer == nil else { return }
            observer = NotificationCenter.default.addObserver(forName: Self.handleOpenURL, object: nil, queue: .main) {
                [weak self] note in
                let url = note.object as? URL
                MainActor.assumeIsolated { if let url { self?.openedURLs.append(url) } }
            }
            openedURLs += waiting
            waiting = []
        }
    }

    @MainActor final class HybridSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var app: HybridAppDelegate? { UIApplication.shared.delegate as? HybridAppDelegate }

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
        ) {
            for context in connectionOptions.urlContexts { hand(context.url) }
        }

        func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
            for context in URLContexts { hand(context.url) }
        }

        func sceneDidBecomeActive(_ scene: UIScene) { app?.page.load() }

        private func hand(_ url: URL) {
            guard let app else { return }
            app.urlsHandedToTheScene.append(url)
            if type(of: app).keepsTheLaunchURL { app.page.waiting.append(url) }
            NotificationCenter.default.post(name: WebPage.handleOpenURL, object: url)
        }
    }

    @MainActor static func exploreHybrid(_ delegate: @escaping @MainActor () -> HybridAppDelegate) async throws
        -> ExplorationReport
    {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp hybrid scenes url-schemes=hybrid\n")
        explorer.run("hybrid", uikit: delegate, sceneDelegateClass: HybridSceneDelegate.self)
        explorer.invariant("every URL handed to the scene reaches the page once it is active", of: "hybrid") {
            (app: HybridAppDelegate, device) in
            device.state(of: "hybrid") != .active || app.urlsHandedToTheScene.allSatisfy(app.page.openedURLs.contains)
        }
        return await explorer.explore(sessions: 300, actions: 20, seed: 1671)
    }

    @Test @MainActor func aLaunchLinkLostDownstreamIsFoundByTheAppsInvariant() async throws {
        let report = try await Self.exploreHybrid { HybridAppDelegate() }
        #expect(report.findings.map(\.kind) == [.invariant], "\(report)")
        #expect(report.findings.first?.scenario.hasSuffix("open-url hybrid hybrid://item/1\n") == true, "\(report)")
        await #expect(try Self.exploreHybrid { FixedHybridAppDelegate() }.findings.isEmpty)
    }
}
