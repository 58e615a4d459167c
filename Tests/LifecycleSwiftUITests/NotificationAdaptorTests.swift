import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

// A SwiftUI reminders app that opens the reminder a notification names when the user taps it. SwiftUI has no modifier
// for notification responses, so its code sets `UNUserNotificationCenter`'s delegate itself. Apple asks for it
// "before your app finishes launching" (UNUserNotificationCenterDelegate's documentation); the adaptor's
// `application(_:didFinishLaunchingWithOptions:)` is the place SwiftUI apps use (Apple's "Handling notifications and
// notification-related actions" for the method, `@UIApplicationDelegateAdaptor` for SwiftUI). A common mistake sets it
// in the first view's `onAppear`: views appear only once the scene connects, after the launch, and the tap that
// launched the app is lost.

/// The notification delegate: the reminder the user opened.
@MainActor
final class ReminderOpener: NSObject, UNUserNotificationCenterDelegate {
    static let shared = ReminderOpener()
    var opened: [String] = []

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        opened.append(response.notification.request.identifier)
        completionHandler()
    }
}

class RemindersAppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = ReminderOpener.shared
        return true
    }
}

struct RemindersView: View {
    var body: some View {
        List {
            Text("Water the plants")
            Text("Call the bank")
        }
    }
}

struct AdaptorRemindersApp: App {
    @UIApplicationDelegateAdaptor(RemindersAppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup { RemindersView() }
    }
}

struct InitRemindersApp: App {
    init() {
        UNUserNotificationCenter.current().delegate = ReminderOpener.shared
    }

    var body: some Scene {
        WindowGroup { RemindersView() }
    }
}

struct OnAppearRemindersApp: App {
    var body: some Scene {
        WindowGroup {
            RemindersView()
                .onAppear { UNUserNotificationCenter.current().delegate = ReminderOpener.shared }
        }
    }
}

@Suite(.serialized) @MainActor struct NotificationAdaptorTests {
    static let declarations = "profile ios17\napp reminders scenes notifications\napp mail\n"

    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    static func explore(_ app: any App.Type) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: declarations)
        try explorer.run("reminders", app: app)
        return await explorer.explore(sessions: sessions, actions: 40, seed: 2029)
    }

    @Test func theAdaptorSetsTheDelegateInTimeForTheTapThatLaunchesTheApp() throws {
        ReminderOpener.shared.opened = []
        let reminders = try #require(try ScenarioParser(file: "test").parse(Self.declarations).apps.first)
        let device = try SimulatedDevice(app: AdaptorRemindersApp.self, id: "reminders", configuration: reminders)
        try device.perform("notify reminders")
        try device.perform("notification-tap reminders")
        #expect(ReminderOpener.shared.opened.count == 1, "\(device.printedTrace())")
        #expect(device.state(of: "reminders") == .active)
    }

    @Test(arguments: [false, true])
    func theDelegateSetBeforeTheLaunchEndsIsSilent(inInit: Bool) async throws {
        let report = try await Self.explore(inInit ? InitRemindersApp.self : AdaptorRemindersApp.self)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theDelegateSetInOnAppearIsFoundLate() async throws {
        let report = try await Self.explore(OnAppearRemindersApp.self)
        let late = try #require(report.findings.first { $0.kind == .notificationDelegateLate }, "\(report)")
        // The tap that launches the app, or an action that launches it in the background, where no view appears.
        let launch = try #require(late.scenario.split(separator: "\n").last)
        #expect(launch.hasPrefix("notification-tap reminders") || launch.hasPrefix("notification-action"), "\(late)")
        #expect(report.findings.count == 1, "\(report)")
    }
}
