import LifecycleCore
import LifecycleSimulator
import LifecycleTrace

/// What the session generator looks at to draw a step that fits the phone's situation: read where the phone is
/// kept — in a simulated device's simulator (without copying it), or a copy of a supervisor's phone.
protocol PhoneView {
    var profile: Profile { get }
    var overlay: Phone.Overlay? { get }
    var isLocked: Bool { get }
    var isCharging: Bool { get }
    var isNetworkReachable: Bool { get }
    var foregroundApp: AppID? { get }
    var appsOnScreen: [AppID] { get }
    var hiddenSlideOverWindow: SceneID? { get }
    var minimizedWindows: [SceneID] { get }
    func windowsOnScreen(of app: AppID) -> [SceneID]
    func placement(of scene: SceneID) -> WindowPlacement?
    func waitingNotificationCount(of app: AppID) -> Int
    func runningTasks(of app: AppID) -> [String]
    func pendingRequests(of app: AppID) -> [TaskRequest]
    func sessions(of app: AppID) -> [(id: SceneID, role: SceneRole, state: SceneState?)]
}

extension Phone: PhoneView {}

/// The simulator's phone, read in place: the simulator is a class, and each read reaches into its phone.
extension Simulator: PhoneView {
    var profile: Profile { phone.profile }
    var overlay: Phone.Overlay? { phone.overlay }
    var isLocked: Bool { phone.isLocked }
    var isCharging: Bool { phone.isCharging }
    var isNetworkReachable: Bool { phone.isNetworkReachable }
    var foregroundApp: AppID? { phone.foregroundApp }
    var appsOnScreen: [AppID] { phone.appsOnScreen }
    var hiddenSlideOverWindow: SceneID? { phone.hiddenSlideOverWindow }
    var minimizedWindows: [SceneID] { phone.minimizedWindows }
    func windowsOnScreen(of app: AppID) -> [SceneID] { phone.windowsOnScreen(of: app) }
    func placement(of scene: SceneID) -> WindowPlacement? { phone.placement(of: scene) }
    func waitingNotificationCount(of app: AppID) -> Int { phone.waitingNotificationCount(of: app) }
    func runningTasks(of app: AppID) -> [String] { phone.runningTasks(of: app) }
    func pendingRequests(of app: AppID) -> [TaskRequest] { phone.pendingRequests(of: app) }
    func sessions(of app: AppID) -> [(id: SceneID, role: SceneRole, state: SceneState?)] { phone.sessions(of: app) }
}
