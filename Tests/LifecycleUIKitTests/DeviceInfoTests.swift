import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// What an app's code reads of the device it runs on, from the phone the test made: `UIDevice.current`,
// `UIScreen.main`, and whether the user left Background App Refresh on, as an app checks it before scheduling a
// refresh (Apple's "Using background tasks to update your app").

@MainActor
final class DeviceReadingAppDelegate: UIResponder, UIApplicationDelegate {
    static var readings: [String] = []

    func applicationDidBecomeActive(_ application: UIApplication) {
        let device = UIDevice.current
        let refresh = application.backgroundRefreshStatus == .available ? "refresh on" : "refresh off"
        Self.readings.append(
            "\(device.systemName) \(device.systemVersion) \(device.userInterfaceIdiom == .pad ? "pad" : "phone") "
                + "\(Int(UIScreen.main.bounds.width)) \(refresh)")
    }
}

/// A scene delegate that makes its window as Xcode's template would with code, not a storyboard.
final class WindowMakingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        let application = UIApplication.shared
        WindowCountingAppDelegate.counts.append(
            "\(application.windows.count) windows, key \(application.keyWindow === window)")
    }
}

/// The app delegate of a scene-based app: its scene delegate counts the windows.
@MainActor
final class WindowCountingAppDelegate: UIResponder, UIApplicationDelegate {
    static var counts: [String] = []
}

@Suite(.serialized) @MainActor struct DeviceInfoTests {
    init() {
        DeviceReadingAppDelegate.readings = []
        WindowCountingAppDelegate.counts = []
    }

    /// `windows` and `keyWindow` are the windows the scene delegate made on its scenes.
    @Test func theWindowsAreTheScenesWindows() throws {
        let app = try UIKitDevice(
            "profile ios15\napp windows scenes\n", sceneDelegateClass: WindowMakingSceneDelegate.self
        ) {
            WindowCountingAppDelegate()
        }
        try app.device.perform("tap windows")
        #expect(WindowCountingAppDelegate.counts == ["1 windows, key true"])
    }

    @Test func theAppReadsThePhoneTheTestMade() throws {
        let device = try UIKitDevice("profile ios15\napp reader\n") { DeviceReadingAppDelegate() }.device
        try device.perform("tap reader")
        try device.perform("home")
        try device.perform("background-app-refresh reader off")
        try device.perform("tap reader")
        #expect(
            DeviceReadingAppDelegate.readings == ["iOS 15.0 phone 393 refresh on", "iOS 15.0 phone 393 refresh off"])
    }

    @Test func anIPadSaysSo() throws {
        let device = try UIKitDevice("profile ios17\ndevice ipad\napp reader\n") { DeviceReadingAppDelegate() }.device
        try device.perform("tap reader")
        #expect(DeviceReadingAppDelegate.readings == ["iPadOS 17.0 pad 834 refresh on"])
    }

    /// One identifier per app and device, kept across the app's processes.
    @Test func theVendorIdentifierOutlivesThePurge() throws {
        let device = try UIKitDevice("app reader\n") { DeviceReadingAppDelegate() }.device
        try device.perform("tap reader")
        let application = try #require(device.applications["reader"])
        var first: UUID?
        application.runAsItsCode { first = UIDevice.current.identifierForVendor }
        for line in ["home", "wait 10s", "memory-pressure", "tap reader"] { try device.perform(line) }
        var second: UUID?
        application.runAsItsCode { second = UIDevice.current.identifierForVendor }
        #expect(first != nil && first == second)
    }
}
