import Foundation
import LifecycleKit

/// What a SwiftUI app's `@main` runs: the app as a process, under the supervisor or the terminal.
///
/// With no `--profile`, the app runs on the newest iOS, as a SwiftUI project made in today's Xcode does; a profile
/// before iOS 14, which has no SwiftUI app lifecycle, is refused.
@MainActor
enum SwiftUIProcess {
    static func run<A: App>(_ app: A.Type) {
        let module = String(reflecting: A.self).split(separator: ".").first.map(String.init) ?? ""
        let code = A.hostedCode(bundleIdentifier: AppID(module.lowercased()))
        UIKitProcess.run(
            module: module,
            // Xcode generates a SwiftUI app's Info.plist: scenes, several of them on an iPad.
            defaultInfo: { identifier in
                InfoPlist(bundleIdentifier: identifier, usesScenes: true, supportsMultipleWindows: true)
            },
            defaultProfile: Profile.allCases.max() ?? .defaultProfile,
            reasonItCannotRun: { profile in
                code.reasonItCannotRun(on: profile).map {
                    "\($0): run it with --profile ios\(code.minimumVersion) (or later)"
                }
            },
            makeApp: { info in
                UIKitApp(
                    bundleIdentifier: info.bundleIdentifier,
                    delegate: SwiftUIApplicationDelegate(app: A.self),
                    sceneDelegateClass: SwiftUISceneDelegate.self)
            })
    }
}
