import Testing

@testable import LifecycleCore

/// A scene-based app with an external display's scene besides its window (docs/lifecycle.md §16): what each
/// scene hears, in which order, and the app's notifications only when its own state changes.
@Suite struct ExternalDisplayTests {
    /// The callbacks and notifications of some actions, each as `scene callback` or `callback`, in order.
    static func lines(_ actions: [Action]) -> [String] {
        actions.compactMap { action in
            switch action {
            case .callback(_, let callback, _): callback.selector
            case .notification(_, let notification): notification.name
            case .sceneCallback(_, let scene, let callback, _): "\(scene) \(callback.selector)"
            case .sceneNotification(_, let scene, let notification): "\(scene) \(notification.name)"
            default: nil
            }
        }
    }

    static func phoneWithDisplay() throws -> Phone {
        var phone = Phone(profile: .ios17, apps: [AppConfiguration(id: "notes", usesScenes: true)])
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.connectDisplay("notes"))
        return phone
    }

    @Test func theDisplaysSceneConnectsInTheForegroundAndNeverBecomesActive() throws {
        var phone = Phone(profile: .ios17, apps: [AppConfiguration(id: "notes", usesScenes: true)])
        _ = try phone.perform(.tap("notes"))
        let actions = try phone.perform(.connectDisplay("notes"))
        #expect(
            Self.lines(actions) == [
                "application:configurationForConnectingSceneSession:options:",
                "notes#2 scene:willConnectToSession:options:", "notes#2 UISceneWillConnectNotification",
                "notes#2 sceneWillEnterForeground:", "notes#2 UISceneWillEnterForegroundNotification",
            ])
        #expect(
            actions.contains(
                .callback(
                    "notes", .configurationForConnecting,
                    .argument(
                        "notes#2 UIWindowSceneSessionRoleExternalDisplayNonInteractive"))))
        #expect(phone.sceneState(of: SceneID(rawValue: "notes#2")) == .foregroundInactive)
        #expect(phone.state(of: "notes") == .active)
        #expect(phone.sessions(of: "notes").map(\.role) == [.window, .externalDisplay])
        // Notification Center resigns the window alone.
        let overlay = try phone.perform(.openNotificationCenter)
        #expect(Self.lines(overlay).allSatisfy { !$0.hasPrefix("notes#2") })
    }

    @Test func beforeIOS16TheRoleHasItsOldName() throws {
        var phone = Phone(profile: .ios15, apps: [AppConfiguration(id: "notes", usesScenes: true)])
        _ = try phone.perform(.tap("notes"))
        let actions = try phone.perform(.connectDisplay("notes"))
        #expect(
            actions.contains(
                .callback(
                    "notes", .configurationForConnecting,
                    .argument(
                        "notes#2 UIWindowSceneSessionRoleExternalDisplay"))))
    }

    /// The app stays inactive until its last scene leaves the foreground: its notification comes with the
    /// display's step, and on the way back with the window's.
    @Test func theDisplayFollowsTheWindowAndTheAppsNotificationsComeOnlyWhenItsStateChanges() throws {
        var phone = try Self.phoneWithDisplay()
        let home = Self.lines(try phone.perform(.home))
        #expect(
            home == [
                "notes#1 sceneWillResignActive:", "notes#1 UISceneWillDeactivateNotification",
                "UIApplicationWillResignActiveNotification",
                "notes#1 sceneDidEnterBackground:", "notes#1 UISceneDidEnterBackgroundNotification",
                "notes#2 sceneDidEnterBackground:", "notes#2 UISceneDidEnterBackgroundNotification",
                "UIApplicationDidEnterBackgroundNotification",
            ])
        #expect(phone.state(of: "notes") == .suspended)
        let back = Self.lines(try phone.perform(.tap("notes")))
        #expect(
            back == [
                "notes#1 sceneWillEnterForeground:", "notes#1 UISceneWillEnterForegroundNotification",
                "UIApplicationWillEnterForegroundNotification",
                "notes#2 sceneWillEnterForeground:", "notes#2 UISceneWillEnterForegroundNotification",
                "notes#1 sceneDidBecomeActive:", "notes#1 UISceneDidActivateNotification",
                "UIApplicationDidBecomeActiveNotification",
            ])
    }

    @Test func unpluggingTheDisplayOfASuspendedAppResumesItForTheDisconnection() throws {
        var phone = try Self.phoneWithDisplay()
        _ = try phone.perform(.home)
        let actions = try phone.perform(.disconnectDisplay)
        #expect(
            Self.lines(actions) == [
                "notes#2 sceneDidDisconnect:", "notes#2 UISceneDidDisconnectNotification",
                "application:didDiscardSceneSessions:",
            ])
        #expect(actions.first == .transition("notes", from: .suspended, to: .background, reason: .resume))
        #expect(phone.state(of: "notes") == .suspended)
        #expect(phone.sessions(of: "notes").map(\.id) == [SceneID(rawValue: "notes#1")])
        #expect(throws: ImpossibleAction.self) { _ = try phone.perform(.disconnectDisplay) }
    }

    @Test func aSwipeDisconnectsBothScenesAndDiscardsBothSessions() throws {
        var phone = try Self.phoneWithDisplay()
        _ = try phone.perform(.openSwitcher)
        let actions = try phone.perform(.swipe("notes"))
        #expect(
            Self.lines(actions) == [
                "notes#1 sceneDidDisconnect:", "notes#1 UISceneDidDisconnectNotification",
                "notes#2 sceneDidDisconnect:", "notes#2 UISceneDidDisconnectNotification",
                "application:didDiscardSceneSessions:", "applicationWillTerminate:",
                "UIApplicationWillTerminateNotification",
            ])
        #expect(actions.contains(.callback("notes", .didDiscardSceneSessions, .argument("notes#1 notes#2"))))
        #expect(phone.sessions(of: "notes").isEmpty)
    }

    /// Both sessions outlive a purge; with the display still connected, its scene reconnects to its session, with
    /// no configuration call, once the window has entered the foreground.
    @Test func afterAPurgeTheDisplaysSceneReconnectsToItsSession() throws {
        var phone = try Self.phoneWithDisplay()
        _ = try phone.perform(.home)
        _ = try phone.perform(.memoryPressure(count: nil))
        #expect(phone.state(of: "notes") == .notRunning)
        #expect(phone.sessions(of: "notes").count == 2)
        let lines = Self.lines(try phone.perform(.tap("notes")))
        #expect(!lines.contains("application:configurationForConnectingSceneSession:options:"))
        let order = [
            "notes#1 scene:willConnectToSession:options:", "notes#1 sceneWillEnterForeground:",
            "notes#2 scene:willConnectToSession:options:", "notes#2 sceneWillEnterForeground:",
            "notes#1 sceneDidBecomeActive:",
        ]
        #expect(order.map { lines.firstIndex(of: $0) ?? -1 } == order.map { lines.firstIndex(of: $0) ?? -1 }.sorted())
        #expect(!order.map { lines.firstIndex(of: $0) }.contains(nil), "\(lines)")
        #expect(phone.sceneState(of: SceneID(rawValue: "notes#2")) == .foregroundInactive)
    }

    /// Unplugged while the app is not running: its session goes, and the app hears of it after its window
    /// connects at the next launch.
    @Test func unpluggedWhileNotRunningTheAppHearsOfTheDiscardAtItsNextLaunch() throws {
        var phone = try Self.phoneWithDisplay()
        _ = try phone.perform(.home)
        _ = try phone.perform(.memoryPressure(count: nil))
        #expect(Self.lines(try phone.perform(.disconnectDisplay)).isEmpty)
        let lines = Self.lines(try phone.perform(.tap("notes")))
        let connect = try #require(lines.firstIndex(of: "notes#1 scene:willConnectToSession:options:"))
        let discard = try #require(lines.firstIndex(of: "application:didDiscardSceneSessions:"))
        #expect(connect < discard)
        #expect(!lines.contains { $0.hasPrefix("notes#2") })
    }
}
