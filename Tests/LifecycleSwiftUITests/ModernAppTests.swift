import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A SwiftUI app written with the APIs of iOS 15 to 17 that lifecycle code leans on, as Apple's documentation shows
// each: an adaptor delegate of `NSObject` that is the notification delegate in its `async` forms, a scene delegate
// for quick actions set from code, a processing task submitted on `.background`, a local notification made of
// `UNMutableNotificationContent`, the settings read with `notificationSettings()`, the badge, universal links and
// `NSUserActivity`, and a view that iterates over `notifications(named:)`. It must build unchanged, run as on a
// phone, and give the explorer nothing to report.

@MainActor
enum ModernLog {
    static var lines: [String] = []
}

@MainActor @Observable final class ModernModel {
    var items: [String] = []
    @ObservationIgnored var cache: [String: Int] = [:]
    var lastSync: Date?

    func sync() async { lastSync = Date() }
}

class ModernAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        application.registerForRemoteNotifications()
        if let item = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem {
            ModernLog.lines.append("launched by \(item.type)")
        }
        BGTaskScheduler.shared.register(forTaskWithIdentifier: "com.example.clean", using: nil) { task in
            guard let task = task as? BGProcessingTask else { return }
            task.expirationHandler = { task.setTaskCompleted(success: false) }
            task.setTaskCompleted(success: true)
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = deviceToken.map { String(format: "%02.2hhx", $0) }.joined()
        _ = token
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        _ = error
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
        configuration.delegateClass = ModernSceneDelegate.self
        return configuration
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound, .badge]
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse
    ) async {
        let content = response.notification.request.content
        ModernLog.lines.append("opened \(content.title) \(content.userInfo["id"] as? String ?? "")")
    }
}

class ModernSceneDelegate: NSObject, UIWindowSceneDelegate {
    /// A quick action that launches the app comes here, not to `windowScene(_:performActionFor:)` (without this, the
    /// explorer finds it dropped: `launch-item-dropped`, shrunk to `shortcut modern new`).
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        if let shortcutItem = connectionOptions.shortcutItem {
            ModernLog.lines.append("quick action \(shortcutItem.type) \(shortcutItem.localizedTitle)")
        }
    }

    func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping (Bool) -> Void
    ) {
        ModernLog.lines.append("quick action \(shortcutItem.type) \(shortcutItem.localizedTitle)")
        completionHandler(true)
    }
}

struct ModernApp: App {
    @UIApplicationDelegateAdaptor(ModernAppDelegate.self) var appDelegate
    @Environment(\.scenePhase) private var scenePhase
    @State private var model = ModernModel()

    var body: some Scene {
        WindowGroup {
            ModernContentView()
                .environment(model)
                .onOpenURL { url in
                    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
                    let id = components?.queryItems?.first(where: { $0.name == "id" })?.value ?? ""
                    ModernLog.lines.append("link \(url.host ?? "") \(id)")
                }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    ModernLog.lines.append("web \(activity.webpageURL?.absoluteString ?? "")")
                }
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            switch newPhase {
            case .active:
                UNUserNotificationCenter.current().setBadgeCount(0)
                UIApplication.shared.applicationIconBadgeNumber = 0
            case .inactive: break
            case .background:
                scheduleCleanup()
                UIApplication.shared.shortcutItems = [
                    UIApplicationShortcutItem(
                        type: "new", localizedTitle: "New", localizedSubtitle: nil,
                        icon: UIApplicationShortcutIcon(systemImageName: "plus"), userInfo: nil)
                ]
            @unknown default: break
            }
        }
        .backgroundTask(.appRefresh("com.example.refresh")) {
            await refresh()
        }
    }

    func scheduleCleanup() {
        let request = BGProcessingTaskRequest(identifier: "com.example.clean")
        request.requiresNetworkConnectivity = true
        request.requiresExternalPower = false
        request.earliestBeginDate = Date(timeIntervalSinceNow: 3600)
        do {
            try BGTaskScheduler.shared.submit(request)
        } catch {
            ModernLog.lines.append("could not schedule: \(error)")
        }
    }

    func refresh() async {
        let content = UNMutableNotificationContent()
        content.title = "Refreshed"
        content.body = "New items"
        content.sound = .default
        content.userInfo = ["id": "42"]
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)
        let request = UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger)
        try? await UNUserNotificationCenter.current().add(request)
    }
}

struct ModernContentView: View {
    @Environment(ModernModel.self) private var model
    @Environment(\.openURL) private var openURL
    @State private var granted = false

    var body: some View {
        NavigationStack {
            List(model.items, id: \.self) { item in
                NavigationLink(item, value: item)
            }
            .navigationDestination(for: String.self) { item in Text(item) }
            .navigationTitle("Items")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Settings") {
                        if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
                    }
                }
            }
            .refreshable { await model.sync() }
        }
        .task {
            let center = UNUserNotificationCenter.current()
            granted = (try? await center.requestAuthorization(options: [.alert, .sound, .badge])) ?? false
            let settings = await center.notificationSettings()
            if settings.authorizationStatus == .authorized { ModernLog.lines.append("authorized") }
        }
        .task {
            for await _ in NotificationCenter.default.notifications(named: UIApplication.didBecomeActiveNotification) {
                ModernLog.lines.append("became active")
            }
        }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.didReceiveMemoryWarningNotification)) { _ in
            model.cache.removeAll()
        }
        .onAppear {
            let activity = NSUserActivity(activityType: "com.example.viewing")
            activity.title = "Viewing"
            activity.isEligibleForHandoff = true
            activity.becomeCurrent()
            UIApplication.shared.isIdleTimerDisabled = false
            let state = UIApplication.shared.applicationState
            if state == .background { _ = UIApplication.shared.backgroundTimeRemaining }
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            _ = scene?.windows.first?.rootViewController
        }
    }
}

@Suite(.serialized) @MainActor struct ModernAppTests {
    static let declarations = """
        profile ios17
        app modern scenes notifications shortcut-items=new url-schemes=modern activity-types=NSUserActivityTypeBrowsingWeb \
        background-modes=fetch,processing bgtasks=com.example.refresh:refresh,com.example.clean:processing
        app mail

        """

    static func device() throws -> SimulatedDevice {
        let modern = try #require(try ScenarioParser(file: "test").parse(Self.declarations).apps.first)
        return try SimulatedDevice(app: ModernApp.self, id: "modern", configuration: modern)
    }

    @Test func itRunsAsOnAPhone() async throws {
        ModernLog.lines = []
        let device = try Self.device()
        try device.perform("tap modern")
        await device.settle()
        #expect(ModernLog.lines.contains("authorized"), "\(ModernLog.lines)")
        try device.perform("home")
        await device.settle()
        #expect(device.pendingTaskRequests(of: "modern").map(\.identifier) == ["com.example.clean"])
        // The quick action the code set as the app left the foreground reaches the scene delegate with its title.
        try device.perform("shortcut modern new")
        await device.settle()
        #expect(ModernLog.lines.contains("quick action new New"), "\(ModernLog.lines)")
        #expect(ModernLog.lines.filter { $0 == "became active" }.count == 2, "the for-await loop: \(ModernLog.lines)")
        try device.perform("open-url modern modern://item?id=7")
        await device.settle()
        #expect(ModernLog.lines.contains("link item 7"), "\(ModernLog.lines)")
        // The notification delegate's `async` form hears the tap.
        try device.perform("home")
        try device.perform("notify modern")
        try device.perform("notification-tap modern")
        await device.settle()
        #expect(ModernLog.lines.contains { $0.hasPrefix("opened") }, "\(ModernLog.lines)")
    }

    @Test func theExplorerFindsNothingToReport() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        try explorer.run("modern", app: ModernApp.self)
        let report = await explorer.explore(sessions: ExploredSwiftUINotesTests.sessions, actions: 40, seed: 25)
        #expect(report.findings.isEmpty, "\(report)")
    }
}
