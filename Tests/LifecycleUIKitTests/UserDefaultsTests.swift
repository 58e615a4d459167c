import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// `UserDefaults` in a UIKit app's code (docs/lifecycle.md §19), written as iOS code writes it: the standard defaults
// and an app group's suite, written as the app leaves the screen, from the delegate, from a Swift task after an
// `await`, and from an actor's method; values of every property-list type read back as themselves.

/// What the app keeps of the user's last session.
struct SessionSummary: Codable, Equatable {
    var screens: [String]
    var seconds: Double
}

/// Work off the main actor that reads and writes the defaults, as a persistence layer does.
actor SessionRecorder {
    func summary() -> SessionSummary {
        let visits = UserDefaults.standard.integer(forKey: "visits")
        UserDefaults.standard.set(visits + 1, forKey: "visits")
        return SessionSummary(screens: ["inbox", "settings"], seconds: 12.5)
    }
}

final class RememberingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let recorder = SessionRecorder()
    /// The app group's suite, shared with a widget on a phone.
    private let shared = UserDefaults(suiteName: "group.com.example.remembering")

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UserDefaults.standard.register(defaults: ["theme": "light", "launches": 0])
        UserDefaults.standard.set(UserDefaults.standard.integer(forKey: "launches") + 1, forKey: "launches")
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        let defaults = UserDefaults.standard
        defaults.set(true, forKey: "wasInBackground")
        defaults.set(0.75, forKey: "volume")
        defaults.set(URL(string: "https://example.com/inbox/42"), forKey: "lastLink")
        defaults.set(["inbox", "drafts"], forKey: "tabs")
        defaults.set(Date(timeIntervalSince1970: 1_800_000_000), forKey: "leftAt")
        shared?.set("3 unread", forKey: "widgetText")
        Task {
            let summary = await recorder.summary()
            UserDefaults.standard.set(try? JSONEncoder().encode(summary), forKey: "summary")
        }
    }
}

@Suite @MainActor struct UserDefaultsInUIKitTests {
    static func read<Result>(_ device: SimulatedDevice, _ code: () -> Result) throws -> Result {
        let application = try #require(device.applications["remembering"])
        var result: Result?
        application.runAsItsCode { result = code() }
        return try #require(result)
    }

    /// Every value comes back as the type it was written with, after the process that wrote it was purged.
    @Test func theValuesOutliveThePurgeAsTheyWereWritten() async throws {
        let device = try UIKitDevice("app remembering\n") { RememberingAppDelegate() }.device
        try device.perform("tap remembering")
        try device.perform("home")
        await device.settle()
        for line in ["wait 10s", "memory-pressure"] { try device.perform(line) }
        #expect(device.state(of: "remembering") == .notRunning)
        try device.perform("tap remembering")
        try Self.read(device) {
            let defaults = UserDefaults.standard
            #expect(defaults.integer(forKey: "launches") == 2)
            #expect(defaults.bool(forKey: "wasInBackground"))
            #expect(defaults.double(forKey: "volume") == 0.75)
            #expect(defaults.url(forKey: "lastLink")?.absoluteString == "https://example.com/inbox/42")
            #expect(defaults.stringArray(forKey: "tabs") == ["inbox", "drafts"])
            #expect(defaults.object(forKey: "leftAt") as? Date == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(defaults.string(forKey: "theme") == "light")
            // The task's write after its `await` never came: the app, holding no background task, was suspended
            // as it left the screen, before the task came back, and purged.
            #expect(defaults.data(forKey: "summary") == nil)
            #expect(Set(defaults.dictionaryRepresentation().keys).isSuperset(of: ["launches", "theme", "tabs"]))
            #expect(
                UserDefaults(suiteName: "group.com.example.remembering")?.string(forKey: "widgetText") == "3 unread")
            #expect(defaults.string(forKey: "widgetText") == nil)
        }
    }

    /// A task's write after its `await` is the app's once the task comes back, and so is the actor's it awaited;
    /// `removeObject(forKey:)` leaves the registered value; and the test's own code is no app's: it reads none of the
    /// app's values.
    @Test func aTaskWritesOnceItComesBack() async throws {
        let device = try UIKitDevice("app remembering\n") { RememberingAppDelegate() }.device
        try device.perform("tap remembering")
        try device.perform("home")
        try device.perform("tap remembering")
        await device.settle()
        try Self.read(device) {
            let summary = UserDefaults.standard.data(forKey: "summary").flatMap {
                try? JSONDecoder().decode(SessionSummary.self, from: $0)
            }
            #expect(summary == SessionSummary(screens: ["inbox", "settings"], seconds: 12.5))
            #expect(UserDefaults.standard.integer(forKey: "visits") == 1)
            UserDefaults.standard.set("dark", forKey: "theme")
            #expect(UserDefaults.standard.string(forKey: "theme") == "dark")
            UserDefaults.standard.removeObject(forKey: "theme")
            #expect(UserDefaults.standard.string(forKey: "theme") == "light")
        }
        #expect(UserDefaults.standard.object(forKey: "launches") == nil)
    }
}
