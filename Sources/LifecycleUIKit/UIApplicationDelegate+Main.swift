import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleTerminal

#if canImport(Glibc)
    import Glibc
#endif

extension UIApplicationDelegate where Self: UIResponder {
    /// What `@main` on an app delegate runs, as `UIApplicationMain` does on iOS: the app, in this process, under
    /// `lifecycle supervise` when it started it, or else under the terminal (``TerminalHost``).
    ///
    /// The Info.plist is the first of: the file `LIFECYCLE_INFO_PLIST` names (`LIFECYCLE_BUNDLE_IDENTIFIER` gives the
    /// identifier when it has no `CFBundleIdentifier`, as Xcode 13's files do); `Info.plist` in the resources SwiftPM
    /// copies beside the executable for the app's module (`.copy("Resources")` or `.process`); `Info.plist` beside
    /// the executable. Its `UISceneDelegateClassName` names the scene delegate. The command line may say
    /// `--profile ios17` (``Profile/defaultProfile``, `ios12`, by default: a scene-based app needs `ios13` or later) and `--trace` (every state change, callback and
    /// notification on standard error). A missing or bad Info.plist is an error that names it, and the process
    /// exits with status 2.
    public static func main() {
        let module = String(reflecting: Self.self).split(separator: ".").first.map(String.init) ?? ""
        UIKitProcess.run(module: module) { info in try UIKitApp(info: info, delegate: Self(), module: module) }
    }
}

/// What `@main` runs for an app in UIKit's names, or in SwiftUI's (LifecycleSwiftUI): its Info.plist found, the
/// command line read, and the app run by the process's host.
@MainActor
package enum UIKitProcess {
    /// Runs the app `makeApp` makes from its Info.plist; `defaultInfo` stands for a missing Info.plist when the app
    /// can do without one (a SwiftUI app: Xcode generates its Info.plist). `defaultProfile` is the profile with no
    /// `--profile`; `reasonItCannotRun` refuses a profile older than the app's lifecycle.
    package static func run(
        module: String, defaultInfo: ((AppID) -> InfoPlist)? = nil, defaultProfile: Profile = .defaultProfile,
        reasonItCannotRun: (Profile) -> String? = { _ in nil },
        makeApp: @MainActor (InfoPlist) throws -> UIKitApp
    ) {
        let arguments = CommandLine.arguments
        var profile = defaultProfile
        if let index = arguments.firstIndex(of: "--profile"), index + 1 < arguments.count {
            guard let named = Profile(rawValue: arguments[index + 1]) else {
                fail("--profile: expected ios4 to ios18 or ios26, found '\(arguments[index + 1])'")
            }
            profile = named
        }
        if let reason = reasonItCannotRun(profile) { fail(reason) }
        do {
            // Xcode writes the identifier into the built Info.plist; a source file since Xcode 13 has none.
            let identifier = ProcessInfo.processInfo.environment["LIFECYCLE_BUNDLE_IDENTIFIER"].map { AppID($0) }
            let info: InfoPlist
            if let defaultInfo, ProcessInfo.processInfo.environment["LIFECYCLE_INFO_PLIST"] == nil,
                (try? infoPlistURL(module: module)) == nil
            {
                info = defaultInfo(identifier ?? AppID(module.lowercased()))
            } else {
                info = try InfoPlist(contentsOf: try infoPlistURL(module: module), bundleIdentifier: identifier)
            }
            let app = try makeApp(info)
            ProcessHost.run(
                info: info, delegate: app.applicationDelegate, sceneDelegateClass: app.sceneDelegateClass,
                profile: profile, supportDirectory: TerminalHost.supportDirectory(of: info),
                tracing: arguments.contains("--trace"))
        } catch {
            fail("\(error)")
        }
    }

    /// Where the app's Info.plist is (see ``main()``).
    private static func infoPlistURL(module: String) throws(UIKitAppError) -> URL {
        if let path = ProcessInfo.processInfo.environment["LIFECYCLE_INFO_PLIST"] {
            return URL(fileURLWithPath: path)
        }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let candidates =
            bundles.filter { $0.hasSuffix("_\(module).resources") }.flatMap { bundle in
                ["Info.plist", "Resources/Info.plist"].map {
                    folder.appendingPathComponent(bundle).appendingPathComponent($0)
                }
            } + [folder.appendingPathComponent("Info.plist")]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw UIKitAppError(
                "no Info.plist for \(module): set LIFECYCLE_INFO_PLIST, or put it in the target's resources "
                    + "(looked in \(candidates.map(\.path).joined(separator: ", ")))")
        }
        return found
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(CommandLine.arguments[0]): error: \(message)\n".utf8))
        exit(2)
    }
}
