import Foundation
import LifecycleCore
import LifecycleKit

/// The entry point of an app's process: under `lifecycle supervise` the app is run by its supervisor
/// (``SupervisedHost``), otherwise by its terminal session (``TerminalHost``). The same binary serves both,
/// unchanged, as it serves `LifecycleTesting` in tests.
@MainActor
public enum ProcessHost {
    /// Runs the app until its process ends. Under the terminal, an app that declares what `profile` does not
    /// have (scenes before iOS 13) is refused, with the profile to run it under, and the process exits with 2.
    ///
    /// - Parameters:
    ///   - configure: called with the application before anything is delivered, to observe it (its phases,
    ///     its notifications).
    public static func run(
        info: InfoPlist, delegate: any ApplicationDelegate, sceneDelegateClass: (any WindowSceneDelegate.Type)? = nil,
        profile: Profile = .defaultProfile, supportDirectory: URL, tracing: Bool = false,
        configure: (Application) -> Void = { _ in }
    ) -> Never {
        if let host = SupervisedHost(
            info: info, delegate: delegate, sceneDelegateClass: sceneDelegateClass, supportDirectory: supportDirectory)
        {
            configure(host.application)
            host.run()
        }
        if let (reason, version) = info.configuration().reasonItCannotRun(on: profile) {
            FileHandle.standardError.write(
                Data("\(reason): run it with --profile ios\(version) (or later)\n".utf8))
            exit(2)
        }
        let host = TerminalHost(
            info: info, delegate: delegate, sceneDelegateClass: sceneDelegateClass, profile: profile,
            supportDirectory: supportDirectory, tracing: tracing)
        configure(host.application)
        host.run()
    }
}
