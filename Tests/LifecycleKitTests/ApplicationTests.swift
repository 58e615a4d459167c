import Foundation
import LifecycleCore
import LifecycleTesting
import Synchronization
import Testing

@testable import LifecycleKit

/// An uploader written like an iOS app: it saves its state and uploads in a background task on leaving.
@MainActor
final class UploaderDelegate: ApplicationDelegate {
    var uploadFinished = false
    var savedDraft: String?
    var expirationRanAt: TimeInterval?
    var uploadTime: Duration = .seconds(60)
    var endsTaskOnExpiration = true
    private var task = BackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: Application) {
        task = application.beginBackgroundTask(withName: "upload") { [self] in
            expirationRanAt = application.backgroundTimeRemaining
            if endsTaskOnExpiration { application.endBackgroundTask(task) }
        }
        application.run(after: uploadTime) { [self] in
            uploadFinished = true
            application.endBackgroundTask(task)
        }
    }

    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        try? coder.encode("draft 1", forKey: "draft")
        savedDraft = try? coder.decode(String.self, forKey: "draft")
    }
}

@Suite @MainActor struct ApplicationTests {
    static func notes(_ device: SimulatedDevice, _ app: AppID) -> [String] {
        device.trace.compactMap { if case .note(app, let text) = $0.event { text } else { nil } }
    }

    @Test func launchPressHomeWaitAndTheUploadFinishedAndStateWasSaved() throws {
        let uploader = UploaderDelegate()
        let device = try SimulatedDevice(
            apps: [AppConfiguration(id: "uploader", behavior: AppBehavior(restoresState: true))],
            delegates: ["uploader": uploader])
        try device.perform(.tap("uploader"))
        try device.perform(.home)
        #expect(device.state(of: "uploader") == .background)
        device.wait(.seconds(200))
        #expect(uploader.uploadFinished)
        #expect(uploader.savedDraft == "draft 1")
        #expect(device.state(of: "uploader") == .suspended)
        #expect(device.now == .seconds(200))
    }

    @Test func backgroundTimeRemaining() throws {
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "up")], delegates: ["up": UploaderDelegate()])
        try device.perform(.tap("up"))
        let application = try #require(device.applications["up"])
        #expect(application.applicationState == .active)
        #expect(application.backgroundTimeRemaining == .greatestFiniteMagnitude)
        try device.perform(.home)
        device.wait(.seconds(10))
        #expect(application.applicationState == .background)
        #expect(application.backgroundTimeRemaining == 170)
    }

    @Test func expirationHandlerRunsWith5SecondsLeftAndEndsTheTask() throws {
        let uploader = UploaderDelegate()
        uploader.uploadTime = .seconds(600)
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "up")], delegates: ["up": uploader])
        try device.perform(.tap("up"))
        try device.perform(.home)
        device.wait(.seconds(176))
        #expect(uploader.expirationRanAt == 5)
        #expect(device.state(of: "up") == .suspended)
        #expect(!uploader.uploadFinished)
    }

    @Test func aTaskNotEndedWhenTimeIsUpGetsTheAppKilledWithoutWillTerminate() throws {
        let uploader = UploaderDelegate()
        uploader.uploadTime = .seconds(600)
        uploader.endsTaskOnExpiration = false
        let device = try SimulatedDevice(
            profile: .ios13, apps: [AppConfiguration(id: "up")], delegates: ["up": uploader])
        try device.perform(.tap("up"))
        try device.perform(.home)
        device.wait(.seconds(29))
        #expect(device.state(of: "up") == .background)
        device.wait(.seconds(1))
        #expect(device.state(of: "up") == .notRunning)
        #expect(device.trace.last?.event == .transition("up", from: .background, to: .notRunning, reason: .budget))
        #expect(!device.trace.contains { $0.event == .callback("up", .willTerminate, nil) })
    }

    @Test func endingATaskTwiceOrAnInvalidOneDoesNothingButSaySo() throws {
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "a")], delegates: ["a": UploaderDelegate()])
        try device.perform(.tap("a"))
        let application = try #require(device.applications["a"])
        let task = application.beginBackgroundTask(withName: "sync", expirationHandler: nil)
        #expect(task != .invalid)
        application.endBackgroundTask(task)
        application.endBackgroundTask(task)
        application.endBackgroundTask(.invalid)
        #expect(
            Self.notes(device, "a") == [
                "beginBackgroundTask 'sync' → \(task)", "endBackgroundTask(\(task))",
                "endBackgroundTask: no background task exists with identifier \(task)",
                "endBackgroundTask: no background task exists with identifier 0",
            ])
    }

    @Test func aSuspendedOrTerminatedAppCannotBeginATask() throws {
        final class Plain: ApplicationDelegate {}
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "a")], delegates: ["a": Plain()])
        let application = try #require(device.applications["a"])
        #expect(application.beginBackgroundTask(expirationHandler: nil) == .invalid)
        try device.perform(.tap("a"))
        try device.perform(.home)
        #expect(device.state(of: "a") == .suspended)
        #expect(application.beginBackgroundTask(expirationHandler: nil) == .invalid)
    }

    @Test func aLaunchMethodReturningNoMeansTheURLIsNotOpened() throws {
        final class Picky: ApplicationDelegate {
            var opened: [URL] = []
            func application(_ application: Application, willFinishLaunchingWithOptions launchOptions: LaunchOptions?)
                -> Bool
            { false }
            func application(_ app: Application, open url: URL, options: Application.OpenURLOptions) -> Bool {
                opened.append(url)
                return true
            }
        }
        let picky = Picky()
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "p")], delegates: ["p": picky])
        try device.perform(.openURL("p", url: "p://first"))
        #expect(picky.opened.isEmpty)
        try device.perform(.home)
        try device.perform(.openURL("p", url: "p://second"))
        #expect(picky.opened == [URL(string: "p://second")!])
    }

    @Test func aSlowDidEnterBackgroundIsKilledByTheWatchdogInVirtualTime() throws {
        final class Slow: ApplicationDelegate {
            var entered = false
            func applicationDidEnterBackground(_ application: Application) { entered = true }
        }
        let slow = Slow()
        let app = AppConfiguration(id: "s", behavior: AppBehavior(durations: [.didEnterBackground: .seconds(6)]))
        let device = try SimulatedDevice(apps: [app], delegates: ["s": slow])
        var heard: [Notification.Name] = []
        let observer = device.notificationCenter.addObserver(
            forName: Application.didEnterBackgroundNotification, object: nil, queue: nil
        ) { notification in
            let name = notification.name
            MainActor.assumeIsolated { heard.append(name) }
        }
        defer { device.notificationCenter.removeObserver(observer) }
        try device.perform(.tap("s"))
        try device.perform(.home)
        #expect(slow.entered)
        #expect(heard.isEmpty, "the method never returned, so its notification was never posted")
        #expect(device.state(of: "s") == .notRunning)
        #expect(device.now == .seconds(5))
        #expect(Self.notes(device, "s").last == "watchdog: applicationDidEnterBackground: did not finish within 5 s")
    }

    /// Issue 55: a test's observer on `queue: .main`, in a file that imports Foundation and no LifecycleUIKit, hung
    /// the test process (Foundation's post waits for its main queue, which the test holds). On the device's center
    /// it runs inside the post. A hang would end the test process with a message after a minute of the post's own
    /// time: the device's posts are watched (``PostWatchdog``). `.timeLimit` would also count the minutes a
    /// `@MainActor` test waits while other suites hold the main actor: in a full run on two cores this test waited
    /// 193 s and failed without ever hanging.
    @Test func aTestsObserverOnTheMainQueueRunsInsideThePost() throws {
        final class Plain: ApplicationDelegate {}
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "p")], delegates: ["p": Plain()])
        var heard: [Notification.Name] = []
        let observer = device.notificationCenter.addObserver(
            forName: Application.didEnterBackgroundNotification, object: nil, queue: .main
        ) { notification in
            let name = notification.name
            MainActor.assumeIsolated { heard.append(name) }
        }
        defer { device.notificationCenter.removeObserver(observer) }
        try device.perform(.tap("p"))
        try device.perform(.home)
        #expect(heard == [Application.didEnterBackgroundNotification])
    }

    /// Issue 55's hang for a center typed as Foundation's, whose `addObserver(…queue: .main…)` LifecycleUIKit cannot
    /// override: a post that never returns is told, with the way out, instead of hanging the test process (which
    /// the shared watchdog then ends, after 60 s). Here with a short limit and a post that only sleeps past it.
    @Test func aPostThatNeverReturnsIsToldWithTheWayOut() async throws {
        let told = Mutex<[String]>([])
        let watchdog = PostWatchdog(limit: .milliseconds(200)) { message in told.withLock { $0.append(message) } }
        await Task.detached {
            watchdog.watch(posting: Application.name(of: .didEnterBackground)) { Thread.sleep(forTimeInterval: 1.5) }
        }.value
        let messages = told.withLock { $0 }
        #expect(messages.count == 1, "\(messages)")
        #expect(
            messages.first?.contains("the post of UIApplicationDidEnterBackgroundNotification has not returned") == true
        )
        #expect(messages.first?.contains("Foundation's OperationQueue.main") == true)
        watchdog.watch(posting: Application.name(of: .didBecomeActive)) {}
        try await Task.sleep(for: .milliseconds(500))
        #expect(told.withLock { $0.count } == 1, "a post that returns in time is not told")
    }

    @Test func aCompletionHandlerNeverCalledGetsTheAppKilledAt30Seconds() throws {
        final class Forgetful: ApplicationDelegate {
            func application(
                _ application: Application,
                performFetchWithCompletionHandler completionHandler:
                    @escaping @MainActor @Sendable (BackgroundFetchResult)
                    -> Void
            ) {}
        }
        let device = try SimulatedDevice(
            apps: [AppConfiguration(id: "f", backgroundModes: [.fetch])], delegates: ["f": Forgetful()])
        try device.perform(.backgroundEvent(.fetch, "f"))
        device.wait(.seconds(29))
        #expect(device.state(of: "f") == .background)
        device.wait(.seconds(1))
        #expect(device.state(of: "f") == .notRunning)
    }

    @Test func launchOptionsReachTheDelegateAndTheNotification() throws {
        final class Reader: ApplicationDelegate {
            var options: LaunchOptions?
            func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?)
                -> Bool
            {
                options = launchOptions
                return true
            }
        }
        let reader = Reader()
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "r")], delegates: ["r": reader])
        var userInfoOptions: LaunchOptions?
        let observer = device.notificationCenter.addObserver(
            forName: Application.didFinishLaunchingNotification, object: nil, queue: nil
        ) { notification in
            let options = notification.userInfo?[Application.launchOptionsKey] as? LaunchOptions
            MainActor.assumeIsolated { userInfoOptions = options }
        }
        defer { device.notificationCenter.removeObserver(observer) }
        try device.perform(.openURL("r", url: "r://article/1"))
        let expected = LaunchOptions(url: "r://article/1", sourceApplication: "com.apple.springboard")
        #expect(reader.options == expected)
        #expect(userInfoOptions == expected)
    }

    @Test func lifecycleEventsAsAnAsyncSequence() async throws {
        final class Plain: ApplicationDelegate {}
        let device = try SimulatedDevice(apps: [AppConfiguration(id: "a")], delegates: ["a": Plain()])
        let application = try #require(device.applications["a"])
        let events = application.lifecycleEvents
        try device.perform(.tap("a"))
        try device.perform(.home)
        var received: [UIKitNotification] = []
        for await event in events {
            received.append(event)
            if received.count == 4 { break }
        }
        #expect(received == [.didFinishLaunching, .didBecomeActive, .willResignActive, .didEnterBackground])
    }
}

/// An editor that preserves its draft and restores it.
@MainActor
final class EditorDelegate: ApplicationDelegate {
    var draft = ""
    var restored: String?

    func application(_ application: Application, shouldSaveApplicationState coder: RestorationCoder) -> Bool { true }
    func application(_ application: Application, willEncodeRestorableStateWith coder: RestorationCoder) {
        try? coder.encode(draft, forKey: "draft")
    }
    func application(_ application: Application, shouldRestoreApplicationState coder: RestorationCoder) -> Bool {
        true
    }
    func application(_ application: Application, didDecodeRestorableStateWith coder: RestorationCoder) {
        restored = try? coder.decode(String.self, forKey: "draft")
    }
}

@Suite @MainActor struct RestorationTests {
    @Test func theArchiveSurvivesAPurgeAndASwipeDeletesIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lifecycle-support-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let editor = EditorDelegate()
        let device = try SimulatedDevice(
            apps: [AppConfiguration(id: "editor", behavior: AppBehavior(restoresState: true))],
            delegates: ["editor": editor], archiveDirectory: directory)
        let file = RestorationArchive(directory: directory, app: "editor")
        try device.perform(.tap("editor"))
        editor.draft = "Dear diary"
        try device.perform(.home)
        #expect(try file.read() != nil)
        try device.perform(.memoryPressure(count: nil))
        #expect(device.state(of: "editor") == .notRunning)
        try device.perform(.tap("editor"))
        #expect(editor.restored == "Dear diary")
        try device.perform(.openSwitcher)
        try device.perform(.swipe("editor"))
        #expect(try file.read() == nil)
    }

    @Test func aLaunchKilledByTheWatchdogDeletesTheArchive() throws {
        let editor = EditorDelegate()
        let slowRestore = AppBehavior(durations: [.shouldRestoreApplicationState: .seconds(25)], restoresState: true)
        let device = try SimulatedDevice(
            apps: [AppConfiguration(id: "editor", behavior: slowRestore)], delegates: ["editor": editor])
        try device.perform(.tap("editor"))
        try device.perform(.home)
        #expect(device.restorationArchives["editor"] != nil)
        try device.perform(.memoryPressure(count: nil))
        try device.perform(.tap("editor"))
        #expect(device.state(of: "editor") == .notRunning)
        #expect(device.restorationArchives["editor"] == nil)
    }
}
