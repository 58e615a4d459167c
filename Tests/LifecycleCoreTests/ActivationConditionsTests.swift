import Testing

@testable import LifecycleCore

/// A URL among an app's windows on an iPad (docs/lifecycle.md §16): the window whose scene prefers it, else the
/// first that accepts it from the front window on, else a new window; a scene that said nothing accepts every URL.
@Suite struct ActivationConditionsTests {
    static func lines(_ actions: [Action]) -> [String] { ExternalDisplayTests.lines(actions) }
    static func scene(_ phone: Phone, _ id: String) -> SceneState? { WindowsTests.scene(phone, id) }
    static let compose = SceneActivationConditions(preferring: ["compose"], allowing: ["compose"])
    static let inbox = SceneActivationConditions(preferring: ["message"], allowing: ["message"])

    /// Two windows of `notes`, side by side; `notes#2` takes compose links only.
    static func twoWindows() throws -> Phone {
        var phone = WindowsTests.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .split))
        _ = try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#2"), compose))
        return phone
    }

    @Test func aStringMatchesAURLThatContainsItLetterCaseAside() {
        #expect(SceneActivationConditions.matches(["compose"], "notes://Compose?to=ann"))
        #expect(SceneActivationConditions.matches(["*"], "notes://anything"))
        #expect(!SceneActivationConditions.matches([""], "notes://anything"))
        #expect(!SceneActivationConditions.matches([String](), "notes://anything"))
        #expect(!SceneActivationConditions.matches(["message"], "notes://compose"))
        #expect(SceneActivationConditions.default.allows("notes://x"))
        #expect(!SceneActivationConditions.default.prefers("notes://x"))
    }

    @Test func withNoConditionsSetAURLGoesToTheFrontWindow() throws {
        var phone = WindowsTests.ipad()
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.newWindow("notes", placement: .split))
        let lines = Self.lines(try phone.perform(.openURL("notes", url: "notes://compose")))
        #expect(lines == ["notes#1 scene:openURLContexts:"])
    }

    @Test func aWindowOnScreenThatPrefersTheURLGetsItAndNothingElseMoves() throws {
        var phone = try Self.twoWindows()
        let lines = Self.lines(try phone.perform(.openURL("notes", url: "notes://compose?to=ann")))
        #expect(lines == ["notes#2 scene:openURLContexts:"])
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
        #expect(Self.scene(phone, "notes#2") == .foregroundActive)
    }

    @Test func aURLTheOtherWindowsRefuseGoesToTheFrontWindowThatAcceptsAll() throws {
        var phone = try Self.twoWindows()
        let lines = Self.lines(try phone.perform(.openURL("notes", url: "notes://message/7")))
        #expect(lines == ["notes#1 scene:openURLContexts:"])
    }

    /// From the Home screen the preferred window comes forward alone, getting the URL while still in the background.
    @Test func aPreferredWindowInTheBackgroundComesForwardWithTheURL() throws {
        var phone = try Self.twoWindows()
        _ = try phone.perform(.home)
        let lines = Self.lines(try phone.perform(.openURL("notes", url: "notes://compose?to=ann")))
        #expect(Array(lines.prefix(2)) == ["notes#2 scene:openURLContexts:", "notes#2 sceneWillEnterForeground:"])
        #expect(!lines.contains { $0.hasPrefix("notes#1") })
        #expect(Self.scene(phone, "notes#2") == .foregroundActive)
        #expect(Self.scene(phone, "notes#1") == .background)
    }

    /// With every window refusing the URL, a new window opens and gets it as it connects; the app stays active.
    @Test func aURLNoWindowTakesOpensANewWindow() throws {
        var phone = try Self.twoWindows()
        _ = try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#1"), Self.inbox))
        let actions = try phone.perform(.openURL("notes", url: "notes://settings"))
        let connection = actions.first { action in
            if case .sceneCallback(_, let scene, .sceneWillConnect, _) = action {
                scene.rawValue == "notes#3"
            } else {
                false
            }
        }
        guard case .sceneCallback(_, _, _, .connectionOptions(let options))? = connection else {
            Issue.record("no new window connected: \(Self.lines(actions))")
            return
        }
        #expect(options.url == "notes://settings")
        #expect(Self.scene(phone, "notes#3") == .foregroundActive)
        #expect(Self.scene(phone, "notes#1") == .background)
        #expect(Self.scene(phone, "notes#2") == .background)
        #expect(phone.state(of: "notes") == .active)
    }

    /// The system keeps the conditions with the session: after a purge, the URL launches the app into the window
    /// that prefers it, which connects with the URL in its options.
    @Test func theConditionsStayWithTheSessionAcrossAPurge() throws {
        var phone = try Self.twoWindows()
        _ = try phone.perform(.home)
        _ = try phone.perform(.memoryPressure(count: nil))
        #expect(phone.state(of: "notes") == .notRunning)
        let actions = try phone.perform(.openURL("notes", url: "notes://compose?to=ann"))
        let connected = actions.compactMap { action -> String? in
            guard case .sceneCallback(_, let scene, .sceneWillConnect, .connectionOptions(let options)) = action else {
                return nil
            }
            return "\(scene) \(options.url ?? "-")"
        }
        #expect(connected == ["notes#2 notes://compose?to=ann"])
    }

    @Test func onAnIPhoneEveryURLGoesToTheAppsWindow() throws {
        var phone = Phone(profile: .ios17, apps: [AppConfiguration(id: "notes", usesScenes: true)])
        _ = try phone.perform(.tap("notes"))
        _ = try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#1"), Self.inbox))
        let lines = Self.lines(try phone.perform(.openURL("notes", url: "notes://compose")))
        #expect(lines == ["notes#1 scene:openURLContexts:"])
    }

    @Test func conditionsForASessionTheAppDoesNotHaveAreRefused() throws {
        var phone = try Self.twoWindows()
        #expect(throws: ImpossibleAction.self) {
            try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#9"), Self.compose))
        }
        #expect(throws: ImpossibleAction.self) {
            _ = try phone.userAction(
                for: .setActivationConditions(SceneID(rawValue: "mail#1"), Self.compose), from: "notes")
        }
    }

    // Activities go by their target content identifier as URLs go by their text.

    /// The argument a continued activity's scene callback carries: its type, then its target.
    static func continued(_ actions: [Action]) -> [String] {
        actions.compactMap { action in
            guard case .sceneCallback(_, let scene, .sceneContinueUserActivity, .argument(let argument)) = action else {
                return nil
            }
            return "\(scene) \(argument)"
        }
    }

    @Test func anActivityGoesToTheWindowThatPrefersItsTarget() throws {
        var phone = try Self.twoWindows()
        let actions = try phone.perform(.continueActivity("notes", type: "com.notes.compose", target: "compose-ann"))
        #expect(Self.continued(actions) == ["notes#2 com.notes.compose target=compose-ann"])
        #expect(
            Self.lines(actions) == [
                "notes#2 scene:willContinueUserActivityWithType:", "notes#2 scene:continueUserActivity:",
            ])
        #expect(Self.scene(phone, "notes#1") == .foregroundActive)
    }

    /// An activity with no target content identifier goes to the front window whatever the conditions: there is
    /// nothing to match them against.
    @Test func anActivityWithoutATargetGoesToTheFrontWindow() throws {
        var phone = try Self.twoWindows()
        _ = try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#1"), Self.inbox))
        let actions = try phone.perform(.continueActivity("notes", type: "com.notes.compose"))
        #expect(Self.continued(actions) == ["notes#1 com.notes.compose"])
    }

    /// An activity whose target no window takes opens a new window, which finds the activity and its target in its
    /// connection options.
    @Test func anActivityNoWindowTakesOpensANewWindowWithItsTarget() throws {
        var phone = try Self.twoWindows()
        _ = try phone.perform(.setActivationConditions(SceneID(rawValue: "notes#1"), Self.inbox))
        let actions = try phone.perform(.continueActivity("notes", type: "com.notes.settings", target: "settings"))
        let connected = actions.compactMap { action -> String? in
            guard case .sceneCallback(_, let scene, .sceneWillConnect, .connectionOptions(let options)) = action else {
                return nil
            }
            return "\(scene) \(options.userActivityType ?? "-") \(options.userActivityTarget ?? "-")"
        }
        #expect(connected == ["notes#3 com.notes.settings settings"])
        #expect(Self.scene(phone, "notes#3") == .foregroundActive)
    }
}
