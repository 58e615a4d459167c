import Foundation
import LifecycleKit

/// What a SwiftUI app's `@main` runs: the app as a process, under the supervisor or the terminal.
@MainActor
enum SwiftUIProcess {
    static func run<A: App>(_ app: A.Type) {
        let module = String(reflecting: A.self).split(separator: ".").first.map(String.init) ?? ""
        UIKitProcess.run(
            module: module,
            // Xcode generates a SwiftUI app's Info.plist: scenes, several of them on an iPad.
            defaultInfo: { identifier in
                InfoPlist(bundleIdentifier: identifier, usesScenes: true, supportsMultipleWindows: true)
            },
            makeApp: { info in
                UIKitApp(
                    bundleIdentifier: info.bundleIdentifier,
                    delegate: SwiftUIApplicationDelegate(app: A.self),
                    sceneDelegateClass: SwiftUISceneDelegate.self)
            })
    }
}
