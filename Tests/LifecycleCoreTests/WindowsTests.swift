import Testing

@testable import LifecycleCore

/// Several windows of one app on an iPad (docs/lifecycle.md §16): each window's scene hears its own steps, the
/// app's own notifications come only when its state changes, and each session outlives a purge.
@Suite struct WindowsTests {
    static func lines(_ actions: [Action]) -> [String] { ExternalDisplayTests.lines(actions) }

    static func ipad(profile: Profile = .ios17) -> Phone {
        var notes = AppConfiguration(id: "notes", usesScenes: true)
        notes.supportsMultipleWindows = true
        return Phone(profile: profile, device: .ipad, apps: [notes, AppConfiguration(id: "mail", usesScenes: true)])
    }

    static func scene(_ phone: Phone, _ id: String) -> SceneState? { phone.sceneState(of: SceneID(rawValue: id)) }

    @Test func aWindowSideBySideAsksForItsConfigurationAndTheAppStaysActive() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        let actions = try phone.perform(.newWindow("notes", sideBySide: true))
        #expect(
            Self.lines(actions) == [
                "application:configurationForConnectingSceneSession:options:",
                "notes#2 scene:willConnectToSession:options:", "notes#2 UISceneWillConnectNotification",
                "notes#2 sceneWillEnterForeground:", "notes#2 UISceneWillEnterForegroundNotification",
                "notes#2 sceneDidBecomeActive:", "notes#2 UISceneDidActivateNotification",
            ])
        #expect(!actions.contains { if case .transition = $0 { true } else { false } })
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
        #expect(Self.scene(phone, "notes#2") == .foregroundActive)
    }

    @Test func anOverlayResignsEveryWindowOnScreenAndHomeSendsEachToTheBackgroundLeftFirst() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", sideBySide: true))
        let overlay = Self.lines(try phone.perform(.openNotificationCenter))
        // The app is active while one of its windows is: it resigns with the last of them.
        #expect(
            overlay == [
                "notes#1 sceneWillResignActive:", "notes#1 UISceneWillDeactivateNotification",
                "notes#2 sceneWillResignActive:", "notes#2 UISceneWillDeactivateNotification",
                "UIApplicationWillResignActiveNotification",
            ])
        _ = try phone.perform(.dismiss)
        let home = Self.lines(try phone.perform(.home))
        #expect(
            home == [
                "notes#1 sceneWillResignActive:", "notes#1 UISceneWillDeactivateNotification",
                "notes#2 sceneWillResignActive:", "notes#2 UISceneWillDeactivateNotification",
                "UIApplicationWillResignActiveNotification",
                "notes#1 sceneDidEnterBackground:", "notes#1 UISceneDidEnterBackgroundNotification",
                "notes#2 sceneDidEnterBackground:", "notes#2 UISceneDidEnterBackgroundNotification",
                "UIApplicationDidEnterBackgroundNotification",
            ])
        #expect(phone.state(of: "notes") == .suspended)
    }

    /// A new window full screen comes forward first, then the ones it covers go: the app never leaves `active`.
    @Test func aFullScreenWindowComesForwardBeforeTheOnesItCoversGo() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        let lines = Self.lines(try phone.perform(.newWindow("notes", sideBySide: false)))
        let active = try #require(lines.firstIndex(of: "notes#2 sceneDidBecomeActive:"))
        let resign = try #require(lines.firstIndex(of: "notes#1 sceneWillResignActive:"))
        #expect(active < resign)
        #expect(lines.last == "notes#1 UISceneDidEnterBackgroundNotification")
        #expect(!lines.contains { $0.hasPrefix("UIApplication") })
        #expect(Self.scene(phone, "notes#1") == .background)
    }

    @Test func closingOneWindowOfSeveralDiscardsItsSessionAndTheLastTerminatesTheApp() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", sideBySide: true))
        let one = Self.lines(try phone.perform(.closeWindow(SceneID(rawValue: "notes#2"))))
        #expect(
            one == [
                "notes#2 sceneWillResignActive:", "notes#2 UISceneWillDeactivateNotification",
                "notes#2 sceneDidDisconnect:", "notes#2 UISceneDidDisconnectNotification",
                "application:didDiscardSceneSessions:",
            ])
        #expect(phone.state(of: "notes") == .active)
        let last = Self.lines(try phone.perform(.closeWindow(SceneID(rawValue: "notes#1"))))
        #expect(
            last.suffix(3) == [
                "application:didDiscardSceneSessions:", "applicationWillTerminate:",
                "UIApplicationWillTerminateNotification",
            ])
        #expect(!last.contains("notes#1 sceneDidEnterBackground:"))
        #expect(phone.state(of: "notes") == .notRunning)
    }

    @Test func aPurgeKeepsEverySessionAndBothWindowsComeBackSideBySide() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", sideBySide: true))
        _ = try phone.perform(.home)
        _ = try phone.perform(.memoryPressure(count: nil))
        let lines = Self.lines(try phone.perform(.tap("notes")))
        #expect(
            lines.filter { $0.hasSuffix("scene:willConnectToSession:options:") } == [
                "notes#1 scene:willConnectToSession:options:", "notes#2 scene:willConnectToSession:options:",
            ])
        #expect(!lines.contains("application:configurationForConnectingSceneSession:options:"))
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
        #expect(Self.scene(phone, "notes#2") == .foregroundActive)
    }

    /// On an iPad a card is a window's: swiping the app's card closes its most recent window only.
    @Test func swipingACardOnAnIPadClosesTheAppsMostRecentWindow() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", sideBySide: false))
        _ = try phone.perform(.openSwitcher)
        _ = try phone.perform(.swipe("notes"))
        #expect(Self.scene(phone, "notes#2") == nil)
        #expect(Self.scene(phone, "notes#1") == .background)
        #expect(phone.sessions(of: "notes").map(\.id.rawValue) == ["notes#1"])
        _ = try phone.perform(.pickWindow(SceneID(rawValue: "notes#1")))
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
    }

    @Test(arguments: [
        (
            DeviceKind.iphone, true, false,
            "an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"
        ),
        (DeviceKind.ipad, false, false, "notes has one window and no more (declare it with 'scenes multiple-windows')"),
        (
            DeviceKind.iphone, true, true,
            "an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"
        ),
    ])
    func aWindowTheDeviceOrTheAppCannotHaveIsRefused(
        device: DeviceKind, multipleWindows: Bool, sideBySide: Bool, reason: String
    ) throws {
        var notes = AppConfiguration(id: "notes", usesScenes: true)
        notes.supportsMultipleWindows = multipleWindows
        var phone = Phone(profile: .ios17, device: device, apps: [notes])
        _ = try phone.perform(.tap("notes"))
        #expect(throws: ImpossibleAction(reason, culprit: .app)) {
            _ = try phone.perform(.newWindow("notes", sideBySide: sideBySide))
        }
    }

    @Test func aThirdWindowCannotJoinTwoSideBySide() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", sideBySide: true))
        #expect(throws: ImpossibleAction.self) { _ = try phone.perform(.newWindow("notes", sideBySide: true)) }
        #expect(phone.sessions(of: "notes").count == 2)
    }
}
