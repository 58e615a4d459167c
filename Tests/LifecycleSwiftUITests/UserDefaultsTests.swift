import LifecycleScenario
import LifecycleSwiftUI
import LifecycleTesting
import Testing

import struct LifecycleCore.AppID

// `UserDefaults` as SwiftUI apps use it (docs/lifecycle.md §19): each app's own, kept across its processes, gone
// with the device, and the same store as `@AppStorage`.
//
// The first app is a port of johnCbogil/switcher's `ContentView.swift` (github.com/johnCbogil/switcher), which
// counts the app's openings in `UserDefaults.standard`, with one line added to log the count. Its `init` assigns the
// saved count to its `@State`, which SwiftUI drops (the state is not installed yet): so the count starts from zero in
// each process, as it does on a phone, and the fix is `_openCount = State(initialValue:)`.

@MainActor
enum SwitcherLog {
    static var counts: [Int] = []
}

struct SwitcherContentView: View {
    @Environment(\.scenePhase) private var phase
    @State var openCount = 0
    private let defaults = UserDefaults.standard
    init() {
        openCount = defaults.integer(forKey: "openCount")
    }

    var body: some View {
        VStack {
            Image(systemName: "arrow.uturn.up")
                .imageScale(.large)
                .foregroundColor(.accentColor)
            Text("Switcher App")
            Text("Total Open Count = \(openCount)")
        }
        .padding()
        .onChange(of: phase) { newPhase in
            switch newPhase {
            case .active:
                openCount += 1
                defaults.set(openCount, forKey: "openCount")
                SwitcherLog.counts.append(openCount)
            default:
                break
            }
        }
    }
}

struct SwitcherContentView_Previews: PreviewProvider {
    static var previews: some View {
        SwitcherContentView()
    }
}

struct SwitcherApp: App {
    var body: some Scene {
        WindowGroup { SwitcherContentView() }
    }
}

/// The fix: the saved count is the state's first value.
struct FixedSwitcherContentView: View {
    @Environment(\.scenePhase) private var phase
    @State var openCount: Int
    private let defaults = UserDefaults.standard
    init() {
        _openCount = State(initialValue: defaults.integer(forKey: "openCount"))
    }

    var body: some View {
        Text("Total Open Count = \(openCount)")
            .onChange(of: phase) { newPhase in
                guard newPhase == .active else { return }
                openCount += 1
                defaults.set(openCount, forKey: "openCount")
                SwitcherLog.counts.append(openCount)
            }
    }
}

struct FixedSwitcherApp: App {
    var body: some Scene {
        WindowGroup { FixedSwitcherContentView() }
    }
}

/// A delegate that writes the defaults as the app goes to the background (a scene-based app hears it as the
/// notification), and a view that shows them through `@AppStorage`: one store.
class SyncingAppDelegate: NSObject, UIApplicationDelegate {
    /// Whether the next process registers its defaults.
    nonisolated(unsafe) static var registers = true
    private var observer: (any NSObjectProtocol)?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        if Self.registers { UserDefaults.standard.register(defaults: ["syncInterval": 15]) }
        observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { _ in
            let interval = UserDefaults.standard.integer(forKey: "syncInterval")
            UserDefaults.standard.set("synced every \(interval) min", forKey: "status")
        }
        return true
    }
}

@MainActor
enum StatusLog {
    static var shown: [String] = []
}

struct StatusView: View {
    @AppStorage("status") private var status = "never synced"

    var body: some View {
        let _ = StatusLog.shown.append(status)
        Text(status)
    }
}

struct SyncingApp: App {
    @UIApplicationDelegateAdaptor private var appDelegate: SyncingAppDelegate

    var body: some Scene {
        WindowGroup { StatusView() }
    }
}

@Suite(.serialized) @MainActor struct UserDefaultsTests {
    init() {
        SwitcherLog.counts = []
        StatusLog.shown = []
    }

    static func value(_ key: String, in app: AppID, on device: SimulatedDevice) throws -> Any? {
        let application = try #require(device.applications[app])
        var value: Any?
        application.runAsItsCode { value = UserDefaults.standard.object(forKey: key) }
        return value
    }

    /// Each opening counts, and the count is in the app's defaults.
    @Test func theCountIsKeptInTheAppsDefaults() throws {
        let device = try SimulatedDevice(app: SwitcherApp.self, id: "switcher")
        for line in ["tap switcher", "home", "tap switcher"] { try device.perform(line) }
        #expect(SwitcherLog.counts == [1, 2])
        #expect(try Self.value("openCount", in: "switcher", on: device) as? Int == 2)
    }

    /// The defaults outlive the purge, but the `@State` the view's `init` set did not take the saved count: the
    /// new process counts from one again, as the app does on a phone. The fixed view counts on.
    @Test func aStateSetInInitIsDroppedSoThePurgedAppCountsFromOne() throws {
        let lines = ["tap switcher", "home", "tap switcher", "home", "wait 10s", "memory-pressure", "tap switcher"]
        let device = try SimulatedDevice(app: SwitcherApp.self, id: "switcher")
        for line in lines { try device.perform(line) }
        #expect(SwitcherLog.counts == [1, 2, 1])

        SwitcherLog.counts = []
        let fixed = try SimulatedDevice(app: FixedSwitcherApp.self, id: "switcher")
        for line in lines { try fixed.perform(line) }
        #expect(SwitcherLog.counts == [1, 2, 3])
        #expect(try Self.value("openCount", in: "switcher", on: fixed) as? Int == 3)
    }

    /// A new device is a new install: nothing of the last device's defaults is there, so the explorer's sessions
    /// never see each other's values.
    @Test func aNewDeviceStartsWithNoDefaults() throws {
        for _ in 1...2 {
            let device = try SimulatedDevice(app: FixedSwitcherApp.self, id: "switcher")
            try device.perform("tap switcher")
        }
        #expect(SwitcherLog.counts == [1, 1])
    }

    /// Two apps on one phone, each with its defaults.
    @Test func eachAppHasItsOwnDefaults() throws {
        let scenario = try ScenarioParser(file: "apps").parse(
            "profile ios17\napp switcher scenes\napp counter scenes\n")
        let codes = ["switcher", "counter"].map { FixedSwitcherApp.hostedCode(bundleIdentifier: $0) }
        let device = try SimulatedDevice(
            scenario: scenario,
            delegateFactories: ["switcher": codes[0].makeDelegate, "counter": codes[1].makeDelegate],
            sceneDelegateClasses: ["switcher": codes[0].sceneDelegateClass, "counter": codes[1].sceneDelegateClass])
        for line in ["tap switcher", "home", "tap switcher", "home", "tap counter"] { try device.perform(line) }
        #expect(SwitcherLog.counts == [1, 2, 1])
        #expect(try Self.value("openCount", in: "switcher", on: device) as? Int == 2)
        #expect(try Self.value("openCount", in: "counter", on: device) as? Int == 1)
    }

    /// What the delegate writes with `UserDefaults.standard` is what `@AppStorage` reads, and the view is evaluated
    /// again when it changes; what `register(defaults:)` gave answers for the process, and is gone with it.
    @Test func appStorageReadsTheDefaultsTheDelegateWrites() throws {
        SyncingAppDelegate.registers = true
        defer { SyncingAppDelegate.registers = true }
        let device = try SimulatedDevice(app: SyncingApp.self, id: "sync")
        try device.perform("tap sync")
        try device.perform("home")
        #expect(StatusLog.shown == ["never synced", "synced every 15 min"])
        for line in ["wait 10s", "memory-pressure"] { try device.perform(line) }
        SyncingAppDelegate.registers = false
        StatusLog.shown = []
        try device.perform("tap sync")
        #expect(StatusLog.shown == ["synced every 15 min"])
        #expect(try Self.value("syncInterval", in: "sync", on: device) == nil)
        try device.perform("home")
        #expect(StatusLog.shown == ["synced every 15 min", "synced every 0 min"])
    }
}
