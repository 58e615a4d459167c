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
        let actions = try phone.perform(.newWindow("notes", placement: .split))
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
        _ = try phone.perform(.newWindow("notes", placement: .split))
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
        let lines = Self.lines(try phone.perform(.newWindow("notes", placement: .fullScreen)))
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
        _ = try phone.perform(.newWindow("notes", placement: .split))
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
        _ = try phone.perform(.newWindow("notes", placement: .split))
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
        _ = try phone.perform(.newWindow("notes", placement: .fullScreen))
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
            DeviceKind.iphone, true, WindowPlacement.fullScreen,
            "an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"
        ),
        (
            DeviceKind.ipad, false, WindowPlacement.split,
            "notes has one window and no more (declare it with 'scenes multiple-windows')"
        ),
        (
            DeviceKind.iphone, true, WindowPlacement.slideOver,
            "an iPhone shows one window of an app, and notes has one; several windows need 'device ipad'"
        ),
    ])
    func aWindowTheDeviceOrTheAppCannotHaveIsRefused(
        device: DeviceKind, multipleWindows: Bool, placement: WindowPlacement, reason: String
    ) throws {
        var notes = AppConfiguration(id: "notes", usesScenes: true)
        notes.supportsMultipleWindows = multipleWindows
        var phone = Phone(profile: .ios17, device: device, apps: [notes])
        _ = try phone.perform(.tap("notes"))
        #expect(throws: ImpossibleAction(reason, culprit: .app)) {
            _ = try phone.perform(.newWindow("notes", placement: placement))
        }
    }

    @Test func aThirdWindowCannotJoinTwoSideBySide() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .split))
        #expect(throws: ImpossibleAction.self) { _ = try phone.perform(.newWindow("notes", placement: .split)) }
        #expect(phone.sessions(of: "notes").count == 2)
    }

    static func ids(_ names: String...) -> [SceneID] { names.map(SceneID.init(rawValue:)) }

    /// Slide Over floats a third window over two side by side: all three are active, an overlay resigns all
    /// three and Home sends each to the background, the floating one last.
    @Test func aWindowInSlideOverIsActiveWithThoseUnderItAndGoesLast() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .slideOver))
        _ = try phone.perform(.newWindow("notes", placement: .split))
        #expect(phone.windowsOnScreen(of: "notes") == Self.ids("notes#1", "notes#3", "notes#2"))
        #expect(phone.placement(of: SceneID(rawValue: "notes#2")) == .slideOver)
        #expect(phone.placement(of: SceneID(rawValue: "notes#3")) == .split)
        #expect((1...3).allSatisfy { Self.scene(phone, "notes#\($0)") == .foregroundActive })
        #expect(throws: ImpossibleAction("a window of notes is in Slide Over already", culprit: .app)) {
            _ = try phone.perform(.newWindow("notes", placement: .slideOver))
        }
        let home = Self.lines(try phone.perform(.home)).filter { $0.hasSuffix("EnterBackground:") }
        #expect(
            home == [
                "notes#1 sceneDidEnterBackground:", "notes#3 sceneDidEnterBackground:",
                "notes#2 sceneDidEnterBackground:",
            ])
        _ = try phone.perform(.tap("notes"))
        #expect((1...3).allSatisfy { Self.scene(phone, "notes#\($0)") == .foregroundActive })
        // Closing the floating window makes room for another.
        _ = try phone.perform(.closeWindow(SceneID(rawValue: "notes#2")))
        #expect(phone.placement(of: SceneID(rawValue: "notes#1")) == .split)
        _ = try phone.perform(.newWindow("notes", placement: .slideOver))
        #expect(phone.placement(of: SceneID(rawValue: "notes#4")) == .slideOver)
    }

    /// A Stage Manager stage holds four windows of iPadOS 16 to 18, all active; iPadOS 26 any number.
    @Test(arguments: [(Profile.ios16, 4), (.ios18, 4), (.ios26, 6)])
    func aStageHoldsFourWindowsBeforeIPadOS26(profile: Profile, windows: Int) throws {
        var phone = Self.ipad(profile: profile)
        _ = try phone.perform(.tap("notes"))
        for _ in 2...windows { _ = try phone.perform(.newWindow("notes", placement: .stage)) }
        #expect(phone.windowsOnScreen(of: "notes").count == windows)
        #expect((1...windows).allSatisfy { Self.scene(phone, "notes#\($0)") == .foregroundActive })
        #expect(phone.placement(of: SceneID(rawValue: "notes#1")) == .stage)
        if profile < .ios26 {
            #expect(
                throws: ImpossibleAction(
                    "a stage holds 4 windows before iPadOS 26, and notes has 4 on it", culprit: .app)
            ) { _ = try phone.perform(.newWindow("notes", placement: .stage)) }
        }
        #expect(throws: ImpossibleAction("notes's windows are on a stage, where Split View is off", culprit: .app)) {
            _ = try phone.perform(.newWindow("notes", placement: .split))
        }
        // A window full screen covers the whole stage: every other window enters the background.
        _ = try phone.perform(.newWindow("notes", placement: .fullScreen))
        #expect((1...windows).allSatisfy { Self.scene(phone, "notes#\($0)") == .background })
        #expect(phone.placement(of: SceneID(rawValue: "notes#\(windows + 1)")) == .fullScreen)
    }

    @Test(arguments: [
        (Profile.ios15, WindowPlacement.stage, "Stage Manager came with iPadOS 16; the profile is ios15"),
        (.ios17, .stage, "notes's windows are in Split View or Slide Over, not on a stage; a new one goes full screen"),
        (.ios17, .slideOver, "a window of notes is in Slide Over already"),
    ])
    func aPlacementTheScreenHasNoRoomForIsRefused(profile: Profile, placement: WindowPlacement, reason: String) throws {
        var phone = Self.ipad(profile: profile)
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .slideOver))
        let error = #expect(throws: ImpossibleAction.self) {
            _ = try phone.perform(.newWindow("notes", placement: placement))
        }
        #expect(error?.reason == reason)
        #expect(phone.windowsOnScreen(of: "notes").count == 2)
    }

    /// Closing the one window on screen leaves the app's other window to be shown when it next comes forward:
    /// picked from the switcher then, it only becomes active again (found by the property tests, seed
    /// 6480369048504026096).
    @Test func anAppWhoseWindowOnScreenClosedShowsItsOtherWindowNext() throws {
        var phone = Self.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .fullScreen))
        _ = try phone.perform(.closeWindow(SceneID(rawValue: "notes#2")))
        #expect(phone.state(of: "notes") == .suspended)
        _ = try phone.perform(.tap("notes"))
        #expect(phone.windowsOnScreen(of: "notes") == Self.ids("notes#1"))
        _ = try phone.perform(.openSwitcher)
        let lines = Self.lines(try phone.perform(.pickWindow(SceneID(rawValue: "notes#1"))))
        #expect(lines.first == "notes#1 sceneDidBecomeActive:")
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
    }
}
