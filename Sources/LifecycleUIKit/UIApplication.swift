import Foundation
import LifecycleKit

/// The app as its code sees it (`UIApplication`), over LifecycleKit's ``Application``: every answer is the Kit's,
/// and every request goes to it.
///
/// Unlike UIKit's, it is not a `UIResponder`: no code makes one (``shared`` is the app's).
@MainActor
public final class UIApplication {
    /// `UIApplication.State`: `.active`, `.inactive`, `.background`.
    public typealias State = Application.State

    /// The application of LifecycleKit this one stands for.
    ///
    /// Unowned: the application keeps this object for its whole life (``UIApplication/application(for:)``).
    public unowned let kitApplication: Application

    init(_ application: Application) {
        self.kitApplication = application
    }

    /// `applicationIconBadgeNumber`: the number on the app's icon (0: none).
    public var applicationIconBadgeNumber = 0
    /// `shortcutItems`: the quick actions the app sets on its icon, kept across its processes; the delegate gets the
    /// one of the type the user picks, with its title and `userInfo`.
    public var shortcutItems: [UIApplicationShortcutItem]? {
        get { kitApplication.shortcutItems }
        set { kitApplication.shortcutItems = newValue }
    }
    /// `isIdleTimerDisabled`: whether the screen stays on while the app is in front (the model never dims it).
    public var isIdleTimerDisabled = false
    /// `UIApplication.openSettingsURLString`: the URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"
    /// `UIApplication.openNotificationSettingsURLString` (iOS 16): the app's notification settings.
    public static let openNotificationSettingsURLString = "app-settings:notifications"
    /// The interval `setMinimumBackgroundFetchInterval(_:)` asked for.
    public private(set) var minimumBackgroundFetchInterval = UIApplication.backgroundFetchIntervalNever
    var registeredForRemoteNotifications = false

    /// `UIApplication.shared`: the application whose code is running; in a process, the process's app.
    public static var shared: UIApplication {
        guard let current = Application.current else {
            preconditionFailure(
                "UIApplication.shared is used outside any app's code, in a process of several apps: use "
                    + "UIApplication.application(for:)")
        }
        return UIKitBridge.application(for: current)
    }

    /// The `UIApplication` of a LifecycleKit application: one object for the application's whole life.
    public static func application(for application: Application) -> UIApplication {
        UIKitBridge.application(for: application)
    }

    /// The app delegate, as the app wrote it.
    public var delegate: (any UIApplicationDelegate)? {
        (kitApplication.delegate as? UIKitApplicationDelegate)?.delegate
    }

    public var applicationState: State { kitApplication.applicationState }
    public var backgroundTimeRemaining: TimeInterval { kitApplication.backgroundTimeRemaining }
    /// Whether protected data (the keychain's `WhenUnlocked` items) can be read now: `false` from 10 s after the
    /// lock until the unlock, and after a restart until the first unlock.
    public var isProtectedDataAvailable: Bool { kitApplication.isProtectedDataAvailable }
    /// Whether the user lets the app refresh in the background: `.denied` once a `background-app-refresh ID off`
    /// step turned it off for the app, else `.available`.
    public var backgroundRefreshStatus: UIBackgroundRefreshStatus {
        kitApplication.host.backgroundAppRefreshIsOn(for: kitApplication.bundleIdentifier) ? .available : .denied
    }
    /// Whether the app shows several windows: on an iPad, for an app whose scene manifest says so.
    public var supportsMultipleScenes: Bool { kitApplication.supportsMultipleScenes }

    /// `beginBackgroundTask(withName:expirationHandler:)`.
    public func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        kitApplication.beginBackgroundTask(withName: taskName, expirationHandler: handler)
    }

    /// `beginBackgroundTask(expirationHandler:)`.
    public func beginBackgroundTask(expirationHandler handler: (@MainActor () -> Void)? = nil)
        -> UIBackgroundTaskIdentifier
    {
        kitApplication.beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    /// `endBackgroundTask(_:)`.
    public func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        kitApplication.endBackgroundTask(identifier)
    }

    // Not UIKit's: the phone's clock, for code that runs under `SimulatedDevice` in virtual time, where `Date()`,
    // `Timer` and `Task.sleep` keep the real clock (docs/writing-an-app.md); `DispatchQueue.main.asyncAfter` counts
    // on the phone's clock as it is.

    /// The phone's date (``Application/currentDate``): real in a process, virtual under the simulated device. Make
    /// the dates you give the system from it (`earliestBeginDate`), not from `Date()`.
    public var currentDate: Date { kitApplication.currentDate }

    /// Runs `work` on the main actor after `delay` on the phone's clock (``Application/run(after:_:)``), as
    /// `DispatchQueue.main.asyncAfter(deadline: .now() + 20)` does: code written for iOS needs neither.
    public func run(after delay: Duration, _ work: @escaping @MainActor () -> Void) {
        kitApplication.run(after: delay, work)
    }

    // MARK: Scenes

    /// `openSessions`: every session the app has.
    public var openSessions: Set<UISceneSession> { Set(kitApplication.openSessions.map(UIKitBridge.session(for:))) }
    /// `connectedScenes`: the scenes connected now.
    public var connectedScenes: Set<UIScene> {
        Set(kitApplication.connectedScenes.map { UIKitBridge.scene(for: $0) as UIScene })
    }
    /// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)`: shows the session's window, or a new
    /// one (docs/lifecycle.md §16); carried out once the calling code returns.
    public func requestSceneSessionActivation(
        _ sceneSession: UISceneSession?, userActivity: NSUserActivity?, options: UIScene.ActivationRequestOptions?,
        errorHandler: ((any Error) -> Void)? = nil
    ) {
        kitApplication.requestSceneSessionActivation(sceneSession?.kitSession) { errorHandler?($0) }
    }

    /// iOS 17's `activateSceneSession(for:errorHandler:)`.
    public func activateSceneSession(
        for request: UISceneSessionActivationRequest, errorHandler: ((any Error) -> Void)? = nil
    ) {
        kitApplication.requestSceneSessionActivation(request.session?.kitSession) { errorHandler?($0) }
    }

    /// `requestSceneSessionDestruction(_:options:errorHandler:)`.
    public func requestSceneSessionDestruction(
        _ sceneSession: UISceneSession, options: UISceneDestructionRequestOptions?,
        errorHandler: ((any Error) -> Void)? = nil
    ) {
        kitApplication.requestSceneSessionDestruction(sceneSession.kitSession) { errorHandler?($0) }
    }
}

extension UIScene {
    /// `UIScene.ActivationRequestOptions`: what a request to show a window may say; the model reads none of it.
    public final class ActivationRequestOptions {
        public var requestingScene: UIScene?
        public init() {}
    }
}

/// `UISceneDestructionRequestOptions`: how a window closes; the model reads none of it.
public final class UISceneDestructionRequestOptions {
    public init() {}
}

/// iOS 17's `UISceneSessionActivationRequest`: an existing session's window, or a new one.
@MainActor
public struct UISceneSessionActivationRequest {
    public let session: UISceneSession?
    public let role: UISceneSession.Role

    /// A new window of a role.
    public init(role: UISceneSession.Role = .windowApplication) {
        self.session = nil
        self.role = role
    }

    /// The window of an existing session.
    public init(session: UISceneSession) {
        self.session = session
        self.role = session.role
    }
}

extension UIApplication {
    // The notifications, by UIKit's Swift names, as LifecycleKit posts them.
    public nonisolated static let didFinishLaunchingNotification = Application.didFinishLaunchingNotification
    public nonisolated static let didBecomeActiveNotification = Application.didBecomeActiveNotification
    public nonisolated static let willResignActiveNotification = Application.willResignActiveNotification
    public nonisolated static let didEnterBackgroundNotification = Application.didEnterBackgroundNotification
    public nonisolated static let willEnterForegroundNotification = Application.willEnterForegroundNotification
    public nonisolated static let willTerminateNotification = Application.willTerminateNotification
    public nonisolated static let didReceiveMemoryWarningNotification =
        Application.didReceiveMemoryWarningNotification
    public nonisolated static let significantTimeChangeNotification = Application.significantTimeChangeNotification
    public nonisolated static let protectedDataWillBecomeUnavailableNotification =
        Application.protectedDataWillBecomeUnavailableNotification
    public nonisolated static let protectedDataDidBecomeAvailableNotification =
        Application.protectedDataDidBecomeAvailableNotification
    /// Posted when the user turns Background App Refresh on or off for the app: not posted here (the trace shows the
    /// change; ``backgroundRefreshStatus`` reads it).
    public nonisolated static let backgroundRefreshStatusDidChangeNotification = Notification.Name(
        "UIApplicationBackgroundRefreshStatusDidChangeNotification")
    /// Posted when the user takes a screenshot: no step does, so it is never posted here.
    public nonisolated static let userDidTakeScreenshotNotification = Notification.Name(
        "UIApplicationUserDidTakeScreenshotNotification")
}

extension UIApplication {
    /// `UIApplication.OpenExternalURLOptionsKey`: the keys of ``open(_:options:completionHandler:)``'s options.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Open only a universal link, not a browser.
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// `open(_:options:completionHandler:)`: the app that handles the URL's scheme (a declared app's `url-schemes=`)
    /// opens it as a link would, once this code returns; the handler says whether one did.
    public func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        kitApplication.host.open(url.absoluteString, from: kitApplication.bundleIdentifier) { completion?($0) }
    }

    /// `canOpenURL(_:)`: whether an app on the phone handles the URL's scheme (a declared app's `url-schemes=`).
    public func canOpenURL(_ url: URL) -> Bool {
        kitApplication.host.canOpen(url.absoluteString)
    }

    /// `registerForRemoteNotifications()`: the app asks for a device token. The model has no push service: the app
    /// is registered, and its pushes are the scenario's (`push`, `push-tap`).
    public func registerForRemoteNotifications() {
        registeredForRemoteNotifications = true
    }

    /// `unregisterForRemoteNotifications()`.
    public func unregisterForRemoteNotifications() {
        registeredForRemoteNotifications = false
    }

    /// `isRegisteredForRemoteNotifications`.
    public var isRegisteredForRemoteNotifications: Bool { registeredForRemoteNotifications }

    /// `UIApplication.backgroundFetchIntervalMinimum`: as often as the system allows.
    public nonisolated static let backgroundFetchIntervalMinimum: TimeInterval = 0
    /// `UIApplication.backgroundFetchIntervalNever`: no background fetch.
    public nonisolated static let backgroundFetchIntervalNever: TimeInterval = .greatestFiniteMagnitude

    /// `setMinimumBackgroundFetchInterval(_:)` (deprecated in iOS 13 for BGTaskScheduler): kept; the model fetches
    /// when the scenario says (`fetch`), for an app with the `fetch` background mode.
    public func setMinimumBackgroundFetchInterval(_ minimumBackgroundFetchInterval: TimeInterval) {
        self.minimumBackgroundFetchInterval = minimumBackgroundFetchInterval
    }
}

/// Whether the app may refresh in the background (`UIApplication.shared.backgroundRefreshStatus`).
public enum UIBackgroundRefreshStatus: Int, Sendable {
    case restricted, denied, available
}
