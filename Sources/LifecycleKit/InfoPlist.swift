import Foundation
import LifecycleCore

/// The keys of an app's `Info.plist` that the lifecycle depends on, read with `PropertyListDecoder` from XML
/// or binary property lists.
public struct InfoPlist: Sendable, Hashable {
    /// `CFBundleIdentifier`.
    public var bundleIdentifier: AppID
    /// `UIApplicationExitsOnSuspend`.
    public var exitsOnSuspend: Bool
    /// `UIBackgroundModes`.
    public var backgroundModes: Set<BackgroundMode>
    /// Whether the list has a `UIApplicationSceneManifest`: the app is scene-based (from iOS 13).
    public var usesScenes: Bool
    /// The manifest's `UIApplicationSupportsMultipleScenes`: the app may have several windows on an iPad.
    public var supportsMultipleWindows: Bool
    /// `BGTaskSchedulerPermittedIdentifiers` (docs/lifecycle.md §17). The list names no kinds: each request's class
    /// says what kind of task it runs.
    public var permittedTaskIdentifiers: [String] = []
    /// The scene manifest's `UISceneDelegateClassName` for the application role (`$(PRODUCT_MODULE_NAME).SceneDelegate`
    /// in Xcode's template), if it names one: a host that can look classes up by name makes the scene delegates from
    /// it.
    public var sceneDelegateClassName: String?

    /// A property list that cannot be used, with the key at fault.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The file, if the list was read from one.
        public var file: String?
        /// The key at fault, or `nil` when the file is not a property list at all.
        public var key: String?
        public var message: String

        public var description: String {
            let place = [file, key].compactMap { $0 }.joined(separator: ": ")
            return (place.isEmpty ? "" : place + ": ") + "error: " + message
        }
    }

    public init(
        bundleIdentifier: AppID, exitsOnSuspend: Bool = false, backgroundModes: Set<BackgroundMode> = [],
        usesScenes: Bool = false, supportsMultipleWindows: Bool = false
    ) {
        self.bundleIdentifier = bundleIdentifier
        self.exitsOnSuspend = exitsOnSuspend
        self.backgroundModes = backgroundModes
        self.usesScenes = usesScenes
        self.supportsMultipleWindows = usesScenes && supportsMultipleWindows
    }

    /// Reads an `Info.plist` file.
    ///
    /// - Parameter bundleIdentifier: the identifier the build gives the app (Xcode's `PRODUCT_BUNDLE_IDENTIFIER`),
    ///   for a file that has no `CFBundleIdentifier` (Xcode 13 and later write none: the build adds it) or has the
    ///   build setting's `$(PRODUCT_BUNDLE_IDENTIFIER)` there; the file's own identifier comes first.
    public init(contentsOf url: URL, bundleIdentifier: AppID? = nil) throws(InfoPlist.Error) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Error(file: url.path, key: nil, message: "cannot read the file")
        }
        try self.init(data: data, file: url.path, bundleIdentifier: bundleIdentifier)
    }

    /// Reads a property list, XML or binary (`bundleIdentifier` as in ``init(contentsOf:bundleIdentifier:)``).
    public init(data: Data, file: String? = nil, bundleIdentifier: AppID? = nil) throws(InfoPlist.Error) {
        let raw: Keys
        do {
            raw = try PropertyListDecoder().decode(Keys.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let key = context.codingPath.first?.stringValue
            let expected = key.flatMap(Keys.CodingKeys.init(stringValue:))?.expected ?? "another type"
            throw Error(file: file, key: key, message: "expected \(expected)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw Error(file: file, key: key.stringValue, message: "the key is missing; every app needs one")
        } catch {
            throw Error(file: file, key: nil, message: "not a property list (XML or binary)")
        }
        let identifier: String
        if let written = raw.CFBundleIdentifier, !written.contains("$(") {
            identifier = written
        } else if let bundleIdentifier {
            identifier = bundleIdentifier.rawValue
        } else {
            let found = raw.CFBundleIdentifier.map { "it says '\($0)', a build setting" } ?? "the key is missing"
            throw Error(
                file: file, key: "CFBundleIdentifier",
                message:
                    "\(found): Xcode's build writes the identifier from PRODUCT_BUNDLE_IDENTIFIER; give it "
                    + "(bundleIdentifier:, or LIFECYCLE_BUNDLE_IDENTIFIER for @main)")
        }
        guard AppID.isValid(identifier[...]) else {
            throw Error(
                file: file, key: "CFBundleIdentifier",
                message: "expected letters, digits, '.', '_' and '-', found '\(identifier)'")
        }
        var modes: Set<BackgroundMode> = []
        for name in raw.UIBackgroundModes ?? [] {
            guard let mode = BackgroundMode(rawValue: name) else {
                let known = BackgroundMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw Error(
                    file: file, key: "UIBackgroundModes", message: "unknown mode '\(name)'; expected one of \(known)")
            }
            modes.insert(mode)
        }
        let exits = raw.UIApplicationExitsOnSuspend ?? false
        if exits, let continuous = modes.filter(\.isContinuous).map(\.rawValue).sorted().first {
            throw Error(
                file: file, key: "UIApplicationExitsOnSuspend",
                message:
                    "YES contradicts UIBackgroundModes '\(continuous)': an app that exits on suspend never runs in the background"
            )
        }
        self.init(
            bundleIdentifier: AppID(identifier), exitsOnSuspend: exits, backgroundModes: modes,
            usesScenes: raw.UIApplicationSceneManifest != nil,
            supportsMultipleWindows: raw.UIApplicationSceneManifest?.UIApplicationSupportsMultipleScenes ?? false)
        permittedTaskIdentifiers = raw.BGTaskSchedulerPermittedIdentifiers ?? []
        sceneDelegateClassName =
            raw.UIApplicationSceneManifest?.UISceneConfigurations?["UIWindowSceneSessionRoleApplication"]?
            .first?.UISceneDelegateClassName
    }

    /// The app's configuration for the core, with this list's keys.
    public func configuration(
        memory: Int = AppConfiguration.defaultMemory, behavior: AppBehavior = AppBehavior(), runsHostedCode: Bool = true
    ) -> AppConfiguration {
        var configuration = AppConfiguration(
            id: bundleIdentifier, exitsOnSuspend: exitsOnSuspend, backgroundModes: backgroundModes, memory: memory,
            behavior: behavior, runsHostedCode: runsHostedCode, usesScenes: usesScenes)
        configuration.supportsMultipleWindows = supportsMultipleWindows
        configuration.permittedTasks = permittedTaskIdentifiers.map { PermittedTask(identifier: $0, kind: nil) }
        return configuration
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The keys as they are spelled in the property list.
    private struct Keys: Decodable {
        var CFBundleIdentifier: String?
        var UIApplicationExitsOnSuspend: Bool?
        var UIBackgroundModes: [String]?
        var UIApplicationSceneManifest: SceneManifest?
        var BGTaskSchedulerPermittedIdentifiers: [String]?

        /// `UIApplicationSceneManifest`: its presence, and whether it allows several windows.
        struct SceneManifest: Decodable {
            var UIApplicationSupportsMultipleScenes: Bool?
            var UISceneConfigurations: [String: [SceneConfiguration]]?
        }

        /// One of a role's configurations: the delegate class it names.
        struct SceneConfiguration: Decodable {
            var UISceneDelegateClassName: String?
        }

        enum CodingKeys: String, CodingKey {
            case CFBundleIdentifier, UIApplicationExitsOnSuspend, UIBackgroundModes, UIApplicationSceneManifest
            case BGTaskSchedulerPermittedIdentifiers

            var expected: String {
                switch self {
                case .CFBundleIdentifier: "a string"
                case .UIApplicationExitsOnSuspend: "a Boolean (<true/> or <false/>)"
                case .UIBackgroundModes, .BGTaskSchedulerPermittedIdentifiers: "an array of strings"
                case .UIApplicationSceneManifest:
                    "a dictionary (UIApplicationSupportsMultipleScenes, UISceneConfigurations)"
                }
            }
        }
    }
}
