import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// What runs as an app's code, and when (docs/lifecycle.md §19): observers of `NotificationCenter.default`, the main
// queue and the expiration handlers, written as iOS code writes them. No Kit-only call appears in the apps below.

/// An analytics SDK's flush as it leaves the screen, after segmentio/analytics-ios (`SEGAnalytics` observes
/// `UIApplicationDidEnterBackgroundNotification`; `SEGSegmentIntegration`'s `applicationDidEnterBackground` begins the
/// "Segmentio.Flush" background task and ends it when the upload is done, or in its expiration handler), in Swift.
@MainActor
final class FlushingAnalytics {
    private(set) var flushes = 0
    private(set) var expirations = 0
    private var flushTask = UIBackgroundTaskIdentifier.invalid
    /// How long an upload takes.
    let upload: TimeInterval
    private var observers: [any NSObjectProtocol] = []

    init(upload: TimeInterval) {
        self.upload = upload
        observers.append(
            NotificationCenter.default.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
            ) { [weak self] _ in
                MainActor.assumeIsolated { self?.applicationDidEnterBackground() }
            })
    }

    private func applicationDidEnterBackground() {
        beginBackgroundTask()
        flush()
    }

    private func beginBackgroundTask() {
        endBackgroundTask()
        flushTask = UIApplication.shared.beginBackgroundTask(withName: "Segmentio.Flush") { [weak self] in
            self?.expirations += 1
            self?.endBackgroundTask()
        }
    }

    private func endBackgroundTask() {
        guard flushTask != .invalid else { return }
        UIApplication.shared.endBackgroundTask(flushTask)
        flushTask = .invalid
    }

    private func flush() {
        flushes += 1
        DispatchQueue.main.asyncAfter(deadline: .now() + upload) { [weak self] in
            self?.endBackgroundTask()
        }
    }
}

/// An app delegate that starts the SDK at launch, as its README says; its uploads take 20 s.
@MainActor
class AnalyticsAppDelegate: UIResponder, UIApplicationDelegate {
    class var uploadSeconds: TimeInterval { 20 }
    var analytics: FlushingAnalytics?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        analytics = FlushingAnalytics(upload: Self.uploadSeconds)
        return true
    }
}

/// The same on a slow network: its uploads take 40 s, more than iOS 13's 30 s of background time.
final class SlowAnalyticsAppDelegate: AnalyticsAppDelegate {
    override class var uploadSeconds: TimeInterval { 40 }
}

/// A blogging app's upload, before WordPress-iOS pull request 21254: its expiration handler ends the task on the
/// next turn of the main queue instead of before it returns.
@MainActor
class DeferredEndingAppDelegate: UIResponder, UIApplicationDelegate {
    /// One upload and the background task that covers it.
    final class Upload {
        var task = UIBackgroundTaskIdentifier.invalid
    }

    class var endsInTheHandler: Bool { false }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let upload = Upload()
        upload.task = application.beginBackgroundTask(withName: "upload") {
            if Self.endsInTheHandler {
                application.endBackgroundTask(upload.task)
            } else {
                DispatchQueue.main.async { application.endBackgroundTask(upload.task) }
            }
        }
        // The upload never finishes in time: the handler must end the task.
    }
}

/// The same after the fix: the handler ends the task before it returns.
final class EndingInTheHandlerAppDelegate: DeferredEndingAppDelegate {
    override class var endsInTheHandler: Bool { true }
}

/// A simulated device whose first declared app runs a UIKit app delegate, a fresh one for each process, and the
/// delegate of the app's latest process.
@MainActor final class UIKitDevice<Delegate: UIResponder & UIApplicationDelegate> {
    let device: SimulatedDevice
    private final class Latest {
        var delegate: Delegate?
    }
    private let latest = Latest()
    var delegate: Delegate? { latest.delegate }

    init(
        _ declarations: String, sceneDelegateClass: UIResponder.Type? = nil, startDate: Date = Date(),
        _ make: @escaping @MainActor () -> Delegate
    ) throws {
        let scenario = try ScenarioParser(file: "test").parse(declarations)
        let app = try #require(scenario.apps.first?.id)
        let latest = self.latest
        device = try SimulatedDevice(
            scenario: scenario,
            delegateFactories: [
                app: {
                    let delegate = make()
                    latest.delegate = delegate
                    return UIKitApp(bundleIdentifier: app, delegate: delegate, sceneDelegateClass: sceneDelegateClass)
                        .applicationDelegate
                }
            ], sceneDelegateClasses: sceneDelegateClass == nil ? [:] : [app: UIKitSceneDelegate.self],
            startDate: startDate)
    }
}

@Suite @MainActor struct AppCodeAsOnAPhoneTests {
    private func device<Delegate: UIResponder & UIApplicationDelegate>(
        _ declarations: String, _ make: @escaping @MainActor () -> Delegate
    ) throws -> SimulatedDevice {
        try UIKitDevice(declarations, make).device
    }

    @Test func aTaskBegunInAnObserverOfDidEnterBackgroundHoldsTheApp() throws {
        let device = try device("app shop\n") { AnalyticsAppDelegate() }
        try device.perform("tap shop")
        try device.perform("home")
        #expect(device.state(of: "shop") == .background, "\(device.printedTrace())")
        device.wait(.seconds(19))
        #expect(device.state(of: "shop") == .background, "\(device.printedTrace())")
        device.wait(.seconds(2))
        #expect(device.state(of: "shop") == .suspended, "\(device.printedTrace())")
        #expect(device.workRanWhileSuspended.isEmpty, "\(device.printedTrace())")
        #expect(!device.printedTrace().contains("no background task exists"), "\(device.printedTrace())")
    }

    @Test func theObserversExpirationHandlerEndsTheTaskWhenTheUploadTakesTooLong() throws {
        let device = try device("profile ios13\napp shop\n") { SlowAnalyticsAppDelegate() }
        try device.perform("tap shop")
        try device.perform("home")
        device.wait(.seconds(26))
        #expect(device.state(of: "shop") == .suspended, "\(device.printedTrace())")
        let trace = device.printedTrace()
        #expect(trace.contains("expiration handlers run"), "\(trace)")
        #expect(!trace.contains("budget"), "\(trace)")
        // The upload's block comes due while the app is suspended: it waits, and nothing runs then.
        device.wait(.seconds(60))
        #expect(device.workRanWhileSuspended.isEmpty, "\(device.printedTrace())")
    }

    @Test func theNotificationsObjectIsTheUIApplication() throws {
        final class Heard: @unchecked Sendable { var objects: [ObjectIdentifier] = [] }
        let heard = Heard()
        let device = try device("app a\n") { AnalyticsAppDelegate() }
        try device.perform("tap a")
        let application = try #require(device.applications["a"])
        application.runAsItsCode {
            _ = NotificationCenter.default.addObserver(
                forName: UIApplication.willResignActiveNotification, object: nil, queue: nil
            ) { note in
                if let object = note.object as AnyObject? { heard.objects.append(ObjectIdentifier(object)) }
            }
        }
        try device.perform("home")
        #expect(heard.objects == [ObjectIdentifier(UIApplication.application(for: application))])
    }

    @Test func anExpirationHandlerThatEndsItsTaskOnTheMainQueueIsAFinding() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios13\napp blog\n")
        explorer.run("blog", uikit: { DeferredEndingAppDelegate() })
        let report = await explorer.explore(sessions: 200, actions: 20, seed: 51)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(finding.kind == .backgroundTaskNotEnded, "\(report)")
        #expect(finding.detail.contains("Background task still not ended after expiration handlers"), "\(finding)")
        #expect(finding.trace.contains("This app will likely be terminated by the system"), "\(finding)")
    }

    @Test func anExpirationHandlerThatEndsItsTaskBeforeReturningIsRight() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios13\napp blog\n")
        explorer.run("blog", uikit: { EndingInTheHandlerAppDelegate() })
        let report = await explorer.explore(sessions: 200, actions: 20, seed: 51)
        #expect(report.findings.isEmpty, "\(report)")
    }

    @Test func theGuidesSaveEndsItsTaskInItsHandlerWithoutAWarning() throws {
        final class Saving: UIResponder, UIApplicationDelegate {
            func applicationDidEnterBackground(_ application: UIApplication) { save(application) }
        }
        let device = try device("profile ios13\napp notes\n") { Saving() }
        try device.perform("tap notes")
        try device.perform("home")
        device.wait(.seconds(60))
        let trace = device.printedTrace()
        #expect(device.state(of: "notes") == .suspended, "\(trace)")
        #expect(trace.contains("expiration handlers run"), "\(trace)")
        #expect(trace.contains("endBackgroundTask(1)"), "\(trace)")
        #expect(!trace.contains("still not ended"), "\(trace)")
    }

    @Test func uiApplicationSharedInAnObserverOfAProcessOfSeveralApps() async throws {
        var explorer = try LifecycleExplorer(declarations: "app shop\napp news\n")
        explorer.run("shop", uikit: { AnalyticsAppDelegate() })
        explorer.run("news", uikit: { AnalyticsAppDelegate() })
        let report = await explorer.explore(sessions: 10_000, actions: 12, seed: 7)
        #expect(report.findings.isEmpty, "\(report)")
    }
}

/// A chat app's silent pushes: a message is fetched and the handler called; a call push (the shape of bug the
/// explorer is asked to reach) takes a path with no handler and never calls it.
@MainActor
class ChatAppDelegate: UIResponder, UIApplicationDelegate {
    class var handlesCalls: Bool { false }
    private(set) var received: [[AnyHashable: Any]] = []

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        received.append(userInfo)
        switch userInfo["type"] as? String {
        case "message":
            completionHandler(.newData)
        case "call" where Self.handlesCalls:
            completionHandler(.noData)
        default:
            break  // an unknown push type: the handler is forgotten
        }
    }
}

/// The chat app after the fix: every push type calls the handler.
final class FixedChatAppDelegate: ChatAppDelegate {
    override class var handlesCalls: Bool { true }
}

@Suite @MainActor struct NotificationPayloadTests {
    static let declarations = """
        app chat background-modes=remote-notification payload.message={"aps":{"content-available":1},"type":"message"} \
        payload.call={"aps":{"content-available":1},"type":"call","caller":"Ada"}

        """

    @Test func aPushsPayloadReachesUserInfo() throws {
        let chat = try UIKitDevice(Self.declarations) { ChatAppDelegate() }
        let device = chat.device
        try device.perform("push chat payload=message")
        try device.perform("push-tap chat payload=call")
        let received = try #require(chat.delegate?.received)
        #expect(received.count == 2, "\(device.printedTrace())")
        #expect(received.first?["type"] as? String == "message")
        #expect(received.last?["caller"] as? String == "Ada")
        #expect((received.first?["aps"] as? [String: Any])?["content-available"] as? Int == 1)
        #expect(device.printedTrace().contains("payload=call"), "\(device.printedTrace())")
    }

    @Test func theExplorerReachesAPathTakenForOnePayload() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        explorer.run("chat", uikit: { ChatAppDelegate() })
        let report = await explorer.explore(sessions: 300, actions: 20, seed: 6)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(finding.kind == .completionHandlerNotCalled, "\(report)")
        #expect(finding.scenario.contains("payload=call"), "\(finding)")
        var fixed = try LifecycleExplorer(declarations: Self.declarations)
        fixed.run("chat", uikit: { FixedChatAppDelegate() })
        await #expect(fixed.explore(sessions: 300, actions: 20, seed: 6).findings.isEmpty)
    }

    @Test func aPushThatLaunchesTheAppCarriesItsPayloadInTheLaunchOptions() throws {
        final class LaunchReader: UIResponder, UIApplicationDelegate {
            var launchPush: [AnyHashable: Any]?
            func application(
                _ application: UIApplication,
                didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                launchPush = launchOptions?[.remoteNotification] as? [AnyHashable: Any]
                return true
            }
        }
        let tapped = try UIKitDevice(Self.declarations) { LaunchReader() }
        try tapped.device.perform("push-tap chat payload=call")
        #expect(tapped.delegate?.launchPush?["caller"] as? String == "Ada", "\(tapped.device.printedTrace())")
        #expect(tapped.device.printedTrace().contains("didFinishLaunchingWithOptions:  remoteNotification=call"))
        let silent = try UIKitDevice(Self.declarations) { LaunchReader() }
        try silent.device.perform("push chat payload=message")
        #expect(silent.delegate?.launchPush?["type"] as? String == "message", "\(silent.device.printedTrace())")
    }

    @Test func aNotificationDelegateReadsTheResponsesUserInfo() throws {
        final class Reader: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
            var caller: String?
            func application(
                _ application: UIApplication,
                willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
            ) -> Bool {
                UNUserNotificationCenter.current().delegate = self
                return true
            }
            func userNotificationCenter(
                _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                withCompletionHandler completionHandler: @escaping () -> Void
            ) {
                caller = response.notification.request.content.userInfo["caller"] as? String
                completionHandler()
            }
        }
        let chat = try UIKitDevice(
            "profile ios17\napp chat notifications payload.call={\"type\":\"call\",\"caller\":\"Ada\"}\n"
        ) { Reader() }
        let device = chat.device
        try device.perform("push-tap chat payload=call")
        #expect(chat.delegate?.caller == "Ada", "\(device.printedTrace())")
    }
}

/// The calls an app makes around its launch that iOS apps commonly make, and opening a link in another app.
@MainActor
final class EverydayAppDelegate: UIResponder, UIApplicationDelegate {
    var opened: Bool?
    var expiringActivityRan = false

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        application.registerForRemoteNotifications()
        application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        application.applicationIconBadgeNumber = 0
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "save") { expired in
            if !expired { MainActor.assumeIsolated { self.expiringActivityRan = true } }
        }
    }

    func share(_ application: UIApplication) {
        application.open(URL(string: "mail://compose")!, options: [:]) { self.opened = $0 }
    }
}

@Suite @MainActor struct EverydayNamesTests {
    /// `DispatchQueue(label:…)` as apps write it, beside Foundation (which brings Dispatch's own): each names the
    /// app's `DispatchQueue`, never an ambiguous one.
    @Test func aLabelledQueueIsWrittenAsOnIOS() {
        let queues: [DispatchQueue] = [
            DispatchQueue(label: "writer"),
            DispatchQueue(label: "reader", attributes: .concurrent),
            DispatchQueue(label: "io", qos: .utility),
            DispatchQueue(label: "target", target: .global()),
            DispatchQueue(
                label: "all", qos: .background, attributes: [], autoreleaseFrequency: .workItem, target: nil),
        ]
        #expect(queues.map(\.label) == ["writer", "reader", "io", "target", "all"])
    }

    @Test func everydayCallsWorkAndALinkOpensInTheAppThatHandlesIt() throws {
        let notes = try UIKitDevice("app notes background-modes=fetch\napp mail url-schemes=mail\n") {
            EverydayAppDelegate()
        }
        let device = notes.device
        try device.perform("tap notes")
        let application = UIApplication.application(for: try #require(device.applications["notes"]))
        #expect(application.isRegisteredForRemoteNotifications)
        #expect(application.minimumBackgroundFetchInterval == UIApplication.backgroundFetchIntervalMinimum)
        #expect(application.canOpenURL(URL(string: "mail://inbox")!))
        #expect(!application.canOpenURL(URL(string: "maps://here")!))
        var iconError: (any Error)?
        application.setAlternateIconName("Dark") { iconError = $0 }
        #expect((iconError as? NSError)?.code == NSFeatureUnsupportedError)
        application.kitApplication.runAsItsCode { notes.delegate?.share(application) }
        device.wait(.zero)
        #expect(notes.delegate?.opened == true, "\(device.printedTrace())")
        #expect(device.state(of: "mail") == .active, "\(device.printedTrace())")
        #expect(device.state(of: "notes") == .suspended, "\(device.printedTrace())")
        #expect(notes.delegate?.expiringActivityRan == true)
    }
}
