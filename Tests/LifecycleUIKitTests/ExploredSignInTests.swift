import ExploredSignIn
import Foundation
import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

/// The locked phone's worked example (Examples/ExploredSignIn): the hasty sign-in app, which takes a locked keychain
/// for an empty one, is found and shrunk to the restart and the wake that sign its user out; the careful one is
/// silent.
@Suite @MainActor struct ExploredSignInTests {
    static let declarations = "profile ios15\napp signin data-protection\napp mail\n"

    static func explore(
        _ makeDelegate: @escaping @MainActor () -> any UIApplicationDelegate, declarations: String = declarations
    ) async throws -> ExplorationReport {
        var explorer = try LifecycleExplorer(declarations: declarations)
        explorer.run("signin", uikit: makeDelegate)
        return await explorer.explore(sessions: 1_000, actions: 30, seed: 2026)
    }

    @Test func theHastyAppSignsItsUserOutAfterALockedWake() async throws {
        let report = try await Self.explore { HastySignInAppDelegate() }
        #expect(report.findings.map(\.kind) == [.protectedDataReadWhileUnavailable], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(
            finding.detail.contains("SecItemDelete of service 'com.example.signin', account 'session'"), "\(finding)")
        // As docs/testing.md shows it: the user signs in, the phone restarts, a download wakes the app before the
        // first unlock.
        #expect(finding.scenario.hasSuffix("app mail\ntap signin\nrestart\ndownload signin\n"), "\(finding)")
        #expect(finding.trace.contains("failed with errSecInteractionNotAllowed"), "\(finding)")
    }

    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the explorer is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 1_000

    @Test func theCarefulAppWaitsForProtectedData() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        explorer.run("signin", uikit: { SignInAppDelegate() })
        explorer.snapshot("signin") { (app: SignInAppDelegate) in app.token }
        let report = await explorer.explore(sessions: Self.sessions, actions: 30, seed: 2026)
        #expect(report.findings.isEmpty, "\(report)")
    }

    /// The hasty app with its token stored `AfterFirstUnlock`: readable while locked once the user has unlocked
    /// since the restart, so a locked wake signs nobody out — only a wake before that first unlock does (a reboot,
    /// then a push: luka-ios pull request 134's "spurious logout on first launch after reboot").
    @Test func afterFirstUnlockLeavesOnlyTheWakeBeforeTheFirstUnlock() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        explorer.run(
            "signin",
            uikit: {
                let delegate = HastySignInAppDelegate()
                delegate.store = TokenStore(accessible: kSecAttrAccessibleAfterFirstUnlock)
                return delegate
            })
        let report = await explorer.explore(sessions: 1_000, actions: 30, seed: 2026)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(report.findings.map(\.kind) == [.protectedDataReadWhileUnavailable], "\(report)")
        #expect(finding.scenario.contains("restart\n"), "\(finding)")
        #expect(finding.trace.contains("kSecAttrAccessibleAfterFirstUnlock, before the first unlock"), "\(finding)")
    }

    /// iOS 15.0 to 15.3: a prewarm while locked runs the launch methods, and the hasty app signs its user out there
    /// too; the careful one is silent.
    @Test func onIOS15_0APrewarmWhileLockedSignsTheUserOut() async throws {
        let declarations = "profile ios15.0\napp signin data-protection\napp mail\n"
        let hasty = try await Self.explore({ HastySignInAppDelegate() }, declarations: declarations)
        #expect(hasty.findings.map(\.kind) == [.protectedDataReadWhileUnavailable], "\(hasty)")
        let careful = try await Self.explore({ SignInAppDelegate() }, declarations: declarations)
        #expect(careful.findings.isEmpty, "\(careful)")

        var made: [HastySignInAppDelegate] = []
        let device = try SimulatedDevice(
            scenario: ScenarioParser(file: "signin").parse(declarations),
            delegateFactories: [
                "signin": {
                    made.append(HastySignInAppDelegate())
                    return UIKitApp(bundleIdentifier: "signin", delegate: made.last!).applicationDelegate
                }
            ])
        for line in ["tap signin", "home", "memory-pressure", "lock", "wait 11s", "prewarm signin"] {
            try device.perform(line)
        }
        #expect(device.state(of: "signin") == .suspended)
        let trace = device.printedTrace()
        #expect(trace.contains("after a read of the same item failed"), "\(trace)")
        try device.perform("unlock")
        try device.perform("tap signin")
        #expect(made.last?.signIns == 1, "signed out at the prewarm, the user signs in again\n\(trace)")
        #expect(made.count == 3, "the device's, the first launch's, the prewarm's: the tap runs no launch again")
    }

    /// An app that writes nothing after the failed read, but shows its sign-in screen and never reads the token
    /// again: only the app's snapshot shows it, compared across the launch while locked.
    @Test func aSignInScreenAfterALockedLaunchIsFoundByTheSnapshot() async throws {
        var explorer = try LifecycleExplorer(declarations: Self.declarations)
        explorer.run("signin", uikit: { ForgetfulSignInAppDelegate() })
        explorer.snapshot("signin") { (app: ForgetfulSignInAppDelegate) in app.screen }
        let report = await explorer.explore(sessions: 1_000, actions: 40, seed: 2026)
        let finding = try #require(report.findings.first, "\(report)")
        #expect(finding.kind == .protectedDataReadWhileUnavailable, "\(report)")
        #expect(
            finding.scenario.hasSuffix("tap signin\nhome\nrestart\ndownload signin\nunlock\ntap signin\n"), "\(finding)"
        )
        #expect(
            finding.detail.contains(
                "it showed home before its process ended, and sign in when the user came back after it was launched "
                    + "while protected data was unavailable"),
            "\(finding)")

        var careful = try LifecycleExplorer(declarations: Self.declarations)
        careful.run("signin", uikit: { SignInAppDelegate() })
        careful.snapshot("signin") { (app: SignInAppDelegate) in app.token }
        let silent = await careful.explore(sessions: 1_000, actions: 40, seed: 2026)
        #expect(silent.findings.isEmpty, "\(silent)")
    }

    /// The finding's scenario, replayed: the hasty app asks its user to sign in again; the careful one does not.
    @Test func aRestartAndAWakeBeforeTheFirstUnlock() throws {
        for careful in [false, true] {
            var made: [AnyObject] = []
            let scenario = try ScenarioParser(file: "signin").parse(Self.declarations)
            let device = try SimulatedDevice(
                scenario: scenario,
                delegateFactories: [
                    "signin": {
                        let delegate: any UIApplicationDelegate =
                            careful ? SignInAppDelegate() : HastySignInAppDelegate()
                        made.append(delegate)
                        return UIKitApp(bundleIdentifier: "signin", delegate: delegate).applicationDelegate
                    }
                ])
            for line in ["tap signin", "restart", "download signin", "unlock", "tap signin"] {
                try device.perform(line)
            }
            let signIns = (made.last as? SignInAppDelegate)?.signIns ?? (made.last as? HastySignInAppDelegate)?.signIns
            #expect(signIns == (careful ? 0 : 1), "careful: \(careful)\n\(device.printedTrace())")
        }
    }
}

/// A sign-in app that takes a locked keychain for a signed-out user without writing anything: it shows its sign-in
/// screen, and reads the token again only at the next launch.
final class ForgetfulSignInAppDelegate: UIResponder, UIApplicationDelegate {
    let store = TokenStore()
    /// What the user sees: `home` when signed in, `sign in` otherwise.
    var screen = "sign in"

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        switch store.read() {
        case .token: screen = "home"
        case .none:
            // The first launch: the user signs in.
            store.save("token")
            screen = "home"
        case .locked: screen = "sign in"
        }
        return true
    }
}
