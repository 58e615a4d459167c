import ExploredSignIn
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

    static func explore(_ makeDelegate: @escaping @MainActor () -> any UIApplicationDelegate) throws
        -> ExplorationReport
    {
        var explorer = try LifecycleExplorer(declarations: declarations)
        explorer.run("signin", uikit: makeDelegate)
        return explorer.explore(sessions: 1_000, actions: 30, seed: 2026)
    }

    @Test func theHastyAppSignsItsUserOutAfterALockedWake() throws {
        let report = try Self.explore { HastySignInAppDelegate() }
        #expect(report.findings.map(\.kind) == [.protectedDataReadWhileUnavailable], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(
            finding.detail.contains("SecItemDelete of service 'com.example.signin', account 'session'"), "\(finding)")
        // As docs/testing.md shows it: the user signs in, the phone restarts, a download wakes the app before the
        // first unlock.
        #expect(finding.scenario.hasSuffix("app mail\ntap signin\nrestart\ndownload signin\n"), "\(finding)")
        #expect(finding.trace.contains("failed with errSecInteractionNotAllowed"), "\(finding)")
    }

    @Test func theCarefulAppWaitsForProtectedData() throws {
        let report = try Self.explore { SignInAppDelegate() }
        #expect(report.findings.isEmpty, "\(report)")
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
