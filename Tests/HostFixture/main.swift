// A real process for the terminal-host tests: it logs each callback on standard output, and can be slow in
// one callback or hold a background task.
// Usage: HostFixture [--profile P] [--slow SELECTOR SECONDS] [--task SECONDS] [--ignore-expiration]
//                    [--defer-expiration-end]
//                    [--far-timer] [--keys] [--scenes] [--multiple-windows] [--open-window-after MS]
//                    [--counter FILE] [--crash-after SECONDS] [--bgtask IDENTIFIER] [--notifications]
//                    [--reminder SECONDS] [--keychain] [--support FOLDER]
// Under `lifecycle supervise` it is the app the supervisor names (LIFECYCLE_APP), run by the supervisor.
import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTerminal

@MainActor
final class FixtureDelegate: ApplicationDelegate, UNUserNotificationCenterDelegate {
    /// Sets the notification center's delegate at launch, and logs what it hears.
    var notifications = false
    /// Schedules a local notification this many seconds after the launch.
    var reminder: TimeInterval?
    var slow: (selector: String, seconds: UInt32)?
    var task: Duration?
    var ignoresExpiration = false
    /// The expiration handler ends the task on the next turn of the main queue, after it returned (the bug of
    /// WordPress-iOS pull request 21254).
    var defersExpirationEnd = false
    /// Asks, at launch, for work centuries from now (which must not crash the host).
    var farTimer = false
    /// Asks for a new window this long after the launch (`requestSceneSessionActivation`), logging a refusal.
    var opensWindowAfter: Duration?
    /// A refresh task (BackgroundTasks): registered at launch, submitted on entering the background, completed a
    /// second after its launch handler runs.
    var refreshTask: String?
    /// Counts its launches in its keychain (an `AfterFirstUnlock` item), logging `keychain: launch N`, or
    /// `keychain: errSecInteractionNotAllowed` when the read fails.
    var countsLaunchesInKeychain = false
    private var identifier = BackgroundTaskIdentifier.invalid

    private func countLaunch(in keychain: Keychain) {
        let query = Keychain.Query(itemClass: "genp", service: "fixture", account: "launches")
        switch keychain.copyMatching(query) {
        case .success(let items):
            let count = (items.first?.data.flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0) + 1
            _ = keychain.update(query, with: Keychain.Changes(data: Data(String(count).utf8)))
            log("keychain: launch \(count)")
        case .failure(.itemNotFound):
            _ = keychain.add(
                Keychain.Item(
                    itemClass: "genp", service: "fixture", account: "launches", accessibility: .afterFirstUnlock,
                    data: Data("1".utf8)))
            log("keychain: launch 1")
        case .failure(let status):
            log("keychain: \(status.name)")
        }
    }

    private func log(_ selector: String) {
        FileHandle.standardOutput.write(Data((selector + "\n").utf8))
        if let slow, slow.selector == selector { sleep(slow.seconds) }
    }

    func application(_ application: Application, didFinishLaunchingWithOptions launchOptions: LaunchOptions?) -> Bool {
        log("application:didFinishLaunchingWithOptions:")
        if countsLaunchesInKeychain { countLaunch(in: application.keychain) }
        if notifications { UNUserNotificationCenter.current().delegate = self }
        if let reminder {
            let trigger = UNTimeIntervalNotificationTrigger(timeInterval: reminder, repeats: false)
            UNUserNotificationCenter.current().add(
                UNNotificationRequest(identifier: "reminder", content: UNNotificationContent(), trigger: trigger))
        }
        if let refreshTask {
            BGTaskScheduler.shared.register(forTaskWithIdentifier: refreshTask) { task in
                FileHandle.standardOutput.write(Data("launch handler \(task.identifier)\n".utf8))
                application.run(after: .seconds(1)) {
                    FileHandle.standardOutput.write(Data("task completed\n".utf8))
                    task.setTaskCompleted(success: true)
                }
            }
        }
        if let opensWindowAfter {
            application.run(after: opensWindowAfter) { [self] in
                application.requestSceneSessionActivation(nil) { error in self.log("refused: \(error)") }
            }
        }
        if farTimer {
            application.run(after: .seconds(9_999_999_999)) { FileHandle.standardOutput.write(Data("far\n".utf8)) }
            application.run(after: .seconds(Int64.max) + .seconds(Int64.max)) {}
            application.run(after: .seconds(-5)) { FileHandle.standardOutput.write(Data("now\n".utf8)) }
        }
        return true
    }
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        log("willPresent \(notification.request.identifier)")
        completionHandler([.banner, .list])
    }
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        log("didReceive \(response.actionIdentifier)")
        completionHandler()
    }
    func applicationDidBecomeActive(_ application: Application) { log("applicationDidBecomeActive:") }
    func applicationWillResignActive(_ application: Application) { log("applicationWillResignActive:") }
    func applicationWillEnterForeground(_ application: Application) { log("applicationWillEnterForeground:") }
    func applicationWillTerminate(_ application: Application) { log("applicationWillTerminate:") }
    func applicationDidReceiveMemoryWarning(_ application: Application) { log("applicationDidReceiveMemoryWarning:") }
    func applicationDidEnterBackground(_ application: Application) {
        log("applicationDidEnterBackground:")
        if let refreshTask {
            do {
                try BGTaskScheduler.shared.submit(BGAppRefreshTaskRequest(identifier: refreshTask))
            } catch {
                FileHandle.standardOutput.write(Data("submit failed: \(error.code)\n".utf8))
            }
        }
        guard let task else { return }
        identifier = application.beginBackgroundTask(withName: "fixture") { [self] in
            FileHandle.standardOutput.write(Data("expiration handler\n".utf8))
            if defersExpirationEnd {
                application.run(after: .zero) { application.endBackgroundTask(self.identifier) }
            } else if !ignoresExpiration {
                application.endBackgroundTask(identifier)
            }
        }
        application.run(after: task) { [self] in
            FileHandle.standardOutput.write(Data("task done\n".utf8))
            application.endBackgroundTask(identifier)
        }
    }
}

/// With --scenes, the fixture is scene-based: its scene delegate logs the same way.
@MainActor
final class FixtureSceneDelegate: WindowSceneDelegate {
    required init() {}
    private func log(_ selector: String) { FileHandle.standardOutput.write(Data((selector + "\n").utf8)) }
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    {
        log("scene:willConnectToSession:options:")
    }
    func sceneDidBecomeActive(_ scene: Scene) { log("sceneDidBecomeActive:") }
    func sceneWillResignActive(_ scene: Scene) { log("sceneWillResignActive:") }
    func sceneWillEnterForeground(_ scene: Scene) { log("sceneWillEnterForeground:") }
    func sceneDidEnterBackground(_ scene: Scene) { log("sceneDidEnterBackground:") }
}

let delegate = FixtureDelegate()
var profile = Profile.ios12
var showsKeys = false
var usesScenes = false
var supportsMultipleWindows = false
var counterFile: String?
/// The app's support directory, where its restoration archive and its keychain live: a folder of the process's own
/// unless told.
var supportFolder: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--profile": profile = Profile(rawValue: arguments.popFirst() ?? "") ?? .ios12
    case "--slow": delegate.slow = (arguments.popFirst() ?? "", UInt32(arguments.popFirst() ?? "") ?? 0)
    case "--task": delegate.task = .seconds(Int(arguments.popFirst() ?? "") ?? 0)
    case "--ignore-expiration": delegate.ignoresExpiration = true
    case "--defer-expiration-end": delegate.defersExpirationEnd = true
    case "--far-timer": delegate.farTimer = true
    case "--keys": showsKeys = true
    case "--scenes": usesScenes = true
    case "--multiple-windows": supportsMultipleWindows = true
    case "--open-window-after": delegate.opensWindowAfter = .milliseconds(Int(arguments.popFirst() ?? "") ?? 0)
    case "--counter": counterFile = arguments.popFirst()
    case "--bgtask": delegate.refreshTask = arguments.popFirst()
    case "--notifications": delegate.notifications = true
    case "--keychain": delegate.countsLaunchesInKeychain = true
    case "--support": supportFolder = arguments.popFirst()
    case "--reminder": delegate.reminder = TimeInterval(arguments.popFirst() ?? "") ?? 1
    case "--crash-after":
        let seconds = Double(arguments.popFirst() ?? "") ?? 1
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { abort() }
    default: break
    }
}
if let counterFile {
    // A thread that counts while the process runs: a frozen process's count stands still. The count is written
    // in place, twelve digits at the start of the file, in one write: an atomic write's temporary file would be
    // left behind in the temporary folder by a process killed while writing it.
    let descriptor = open(counterFile, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    Thread.detachNewThread {
        var count = 0
        while true {
            count += 1
            let number = String(count)
            let digits = Array((String(repeating: "0", count: max(0, 12 - number.count)) + number).utf8)
            _ = digits.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            usleep(10_000)
        }
    }
}
let support =
    supportFolder.map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("host-fixture-\(getpid())")
let identifier = AppID(ProcessInfo.processInfo.environment[SupervisedHost.Environment.app] ?? "fixture")
var info = InfoPlist(
    bundleIdentifier: identifier, backgroundModes: delegate.refreshTask == nil ? [] : [.fetch], usesScenes: usesScenes,
    supportsMultipleWindows: supportsMultipleWindows)
info.permittedTaskIdentifiers = delegate.refreshTask.map { [$0] } ?? []
if let supervised = SupervisedHost(
    info: info, delegate: delegate, sceneDelegateClass: FixtureSceneDelegate.self, supportDirectory: support)
{
    supervised.run()
}
TerminalHost(
    info: info, delegate: delegate, sceneDelegateClass: FixtureSceneDelegate.self, profile: profile,
    supportDirectory: support, showsKeys: showsKeys
)
.run()
