import LifecycleCore

/// An app type that gives a host everything it needs to run it: a SwiftUI `App` (LifecycleSwiftUI). Hosts run it
/// without knowing SwiftUI: `SimulatedDevice(app: MyApp.self)`, the explorer's `run(_:app:)`.
@MainActor
public protocol HostableApp {
    /// What a host runs for each process of the app with this identifier.
    static func hostedCode(bundleIdentifier: AppID) -> HostableAppCode
}

/// What a host runs for an app type's processes: a fresh delegate for each one, the scene delegate class made for
/// each scene, the first iOS version that can run it, and the state the explorer compares across a purge.
@MainActor
public struct HostableAppCode {
    /// What the app is, for errors: "a SwiftUI app (NotesApp)".
    public let kind: String
    /// The first iOS version that runs it (14 for SwiftUI's app lifecycle).
    public let minimumVersion: Int
    /// A fresh delegate, for each of the app's processes.
    public let makeDelegate: @MainActor () -> any ApplicationDelegate
    /// The scene delegate made for each scene.
    public let sceneDelegateClass: any WindowSceneDelegate.Type
    /// The state the app's code wrote, read from the delegate `makeDelegate` made: what the explorer compares across a
    /// purge. `nil` when the delegate is not the app's.
    public let state: @MainActor (AnyObject) -> [String: String]?

    public init(
        kind: String, minimumVersion: Int, makeDelegate: @escaping @MainActor () -> any ApplicationDelegate,
        sceneDelegateClass: any WindowSceneDelegate.Type, state: @escaping @MainActor (AnyObject) -> [String: String]?
    ) {
        self.kind = kind
        self.minimumVersion = minimumVersion
        self.makeDelegate = makeDelegate
        self.sceneDelegateClass = sceneDelegateClass
        self.state = state
    }

    /// Why the app cannot run on `profile`, if it cannot: its lifecycle came in a later iOS. Each host says how to
    /// name a later profile in its own terms.
    public func reasonItCannotRun(on profile: Profile) -> String? {
        guard profile.version < minimumVersion else { return nil }
        return "\(kind) needs iOS \(minimumVersion) or later, and the profile is \(profile.rawValue)"
    }
}
