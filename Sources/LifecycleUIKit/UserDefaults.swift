import Foundation
import LifecycleKit

/// Foundation's `UserDefaults` as an app's code sees it on a phone: `UserDefaults.standard` is the defaults of the app
/// whose code runs, kept across its processes and gone with the device (docs/lifecycle.md §19).
///
/// Code that imports LifecycleUIKit (as iOS code imports UIKit) names this class where it writes `UserDefaults`.
/// Under a simulated device, many apps, and many devices one after the other (the explorer's sessions), share the
/// test process: each app's defaults are its own, outlive its purges, kills and restarts as a phone keeps them, and
/// a new device's apps start with none, as apps just installed do. So a session's values never leak into the next,
/// and nothing is written to disk. `UserDefaults(suiteName:)` made by the app's code is a suite of the app's, kept
/// the same way. What `register(defaults:)` gave lasts for the process. In a real process, and in a test's own
/// code, it is Foundation's, on disk.
///
/// The app's code may call it from any thread: on the main queue, in the app's Swift tasks and in the blocks its code
/// sends to Dispatch's queues it finds its app; elsewhere (a thread of the code's own) it is the test's, as no app's
/// code is known to run there.
open class UserDefaults: Foundation.UserDefaults {
    /// The suite this object reads (`UserDefaults(suiteName:)`); `nil` for the standard defaults.
    private let suiteName: String?
    /// The defaults of the app whose code made this object, under a simulated device.
    private let madeFor: AppDefaults?

    /// The values this object reads and writes now: those of the app whose code runs, else those of the app whose
    /// code made it; `nil` for Foundation's own. An object kept across processes, or across devices (in a `static
    /// let`, which the explorer's sessions share), so reads the values of the app running it.
    package var kept: AppDefaults? {
        guard let defaults = AppTasks.ofCodeRunningHere?.defaults ?? madeFor else { return nil }
        return suiteName.map(defaults.suite(named:)) ?? defaults
    }

    /// `UserDefaults.standard`: the defaults of the app whose code runs, or Foundation's outside any app's code.
    open override class var standard: UserDefaults {
        AppTasks.ofCodeRunningHere?.defaults.map(standard(keeping:)) ?? outsideAnyApp
    }

    /// The `standard` of an application: its own defaults under a host that simulates its processes, else
    /// Foundation's.
    @MainActor
    package static func standard(of application: Application) -> UserDefaults {
        application.host.simulatesProcesses ? standard(keeping: application.defaults) : outsideAnyApp
    }

    private static func standard(keeping defaults: AppDefaults) -> UserDefaults {
        defaults.counterpart { UserDefaults(madeFor: defaults) }
    }

    /// The defaults of code that runs as no app's: Foundation's.
    // Shared across threads as Foundation's `standard` is, which the class documents as safe from any thread (its
    // values are kept behind CFPreferences' lock); this subclass adds only constants.
    nonisolated(unsafe) static let outsideAnyApp = UserDefaults(madeFor: nil)

    /// `UserDefaults(suiteName:)`: in an app's code under a simulated device, the app's suite of that name (its
    /// standard defaults for `nil`).
    public override init?(suiteName: String?) {
        self.suiteName = suiteName
        madeFor = AppTasks.ofCodeRunningHere?.defaults
        super.init(suiteName: suiteName)
    }

    private init(madeFor: AppDefaults?) {
        suiteName = nil
        self.madeFor = madeFor
        super.init(suiteName: nil)!
    }

    open override func object(forKey defaultName: String) -> Any? {
        guard let kept else { return super.object(forKey: defaultName) }
        return kept.value(forKey: defaultName)
    }

    open override func set(_ value: Any?, forKey defaultName: String) {
        guard let kept else { return super.set(value, forKey: defaultName) }
        // A number as the Swift value it holds, as Foundation reads it back; a URL whole, as a phone keeps it.
        kept.set((value as? NSNumber).map(Self.swiftValue(of:)) ?? value, forKey: defaultName)
    }

    open override func removeObject(forKey defaultName: String) {
        guard let kept else { return super.removeObject(forKey: defaultName) }
        kept.set(nil, forKey: defaultName)
    }

    open override func set(_ value: Int, forKey defaultName: String) { setNumber(value, forKey: defaultName) }
    open override func set(_ value: Float, forKey defaultName: String) { setNumber(value, forKey: defaultName) }
    open override func set(_ value: Double, forKey defaultName: String) { setNumber(value, forKey: defaultName) }
    open override func set(_ value: Bool, forKey defaultName: String) { setNumber(value, forKey: defaultName) }

    open override func set(_ url: URL?, forKey defaultName: String) {
        guard let kept else { return super.set(url, forKey: defaultName) }
        kept.set(url, forKey: defaultName)
    }

    open override func register(defaults registrationDictionary: [String: Any]) {
        guard let kept else { return super.register(defaults: registrationDictionary) }
        kept.register(registrationDictionary)
    }

    open override func dictionaryRepresentation() -> [String: Any] {
        kept?.allValues ?? super.dictionaryRepresentation()
    }

    /// Nothing to do for the app's values: they are kept the moment they are written, as a phone's are.
    @discardableResult
    open override func synchronize() -> Bool {
        kept == nil ? super.synchronize() : true
    }

    /// A number written with its own type, kept as that type: read back as itself, as Foundation reads it.
    private func setNumber<Number>(_ value: Number, forKey defaultName: String) {
        guard let kept else { return super.set(value, forKey: defaultName) }
        kept.set(value, forKey: defaultName)
    }

    private static func swiftValue(of number: NSNumber) -> Any {
        switch String(cString: number.objCType) {
        case "c", "B": number.boolValue
        case "f", "d": number.doubleValue
        default: number.intValue
        }
    }
}
