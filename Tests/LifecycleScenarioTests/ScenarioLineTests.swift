import LifecycleCore
import Testing

@testable import LifecycleScenario

/// A user action's scenario line reads back as the same action: what a generated session prints replays it.
@Suite struct ScenarioLineTests {
    static let actions: [UserAction] = [
        .tap("a"), .home, .openSwitcher, .pick("a"), .swipe("a"), .openNotificationCenter, .openControlCenter,
        .showAlert, .dismiss, .incomingCall, .answerCall, .declineCall, .hangUp, .lock, .unlock, .restart,
        .openURL("a", url: "a://item/1"), .shortcut("a", type: "com.a.compose"),
        .continueActivity("a", type: "com.a.view"), .continueActivity("a", type: "com.a.view", target: "note-42"),
        .tapPushNotification("a"), .notify("a", remote: true),
        .notify("a", remote: false), .tapNotification("a"),
        .pickNotificationAction("a", identifier: "archive", foreground: false),
        .pickNotificationAction("a", identifier: "reply", foreground: true), .dismissNotification("a"),
        .backgroundEvent(.push, "a"), .backgroundEvent(.fetch, "a"), .backgroundEvent(.download, "a"),
        .backgroundEvent(.watch, "a"), .throttledPush("a"), .memoryWarning, .memoryPressure(count: nil),
        .memoryPressure(count: 3), .significantTimeChange, .disconnectScene("a"),
        .newWindow("a", placement: .fullScreen), .newWindow("a", placement: .split),
        .newWindow("a", placement: .slideOver), .newWindow("a", placement: .stage),
        .closeWindow(SceneID(rawValue: "a#2")), .pickWindow(SceneID(rawValue: "a#2")),
        .swipeWindow(SceneID(rawValue: "a#1")), .replaceWindow("a", replacing: SceneID(rawValue: "a#1")),
        .focusWindow(SceneID(rawValue: "a#1")), .unsplit(SceneID(rawValue: "a#2")), .hideSlideOver, .showSlideOver,
        .minimizeWindow(SceneID(rawValue: "a#1")), .restoreWindow(SceneID(rawValue: "a#1")), .connectDisplay("a"),
        .disconnectDisplay, .prewarm("a"),
        .submitTaskRequest("a", TaskRequest(identifier: "com.a.refresh")),
        .submitTaskRequest(
            "a", TaskRequest(identifier: "com.a.clean", earliestBegin: .milliseconds(1500), requiresExternalPower: true)
        ),
        .runTaskRequest("a", identifier: "com.a.refresh"), .expireTask("a", identifier: "com.a.refresh"),
        .setBackgroundAppRefresh("a", enabled: false), .setBackgroundAppRefresh("a", enabled: true),
        .setCharging(true), .setCharging(false), .setNetworkReachable(false), .setNetworkReachable(true),
    ]

    @Test(arguments: actions)
    func theLineReadsBackAsTheAction(action: UserAction) throws {
        let line = try #require(action.scenarioLine)
        var parser = ScenarioParser(file: "t", profile: .ios26, apps: [AppConfiguration(id: "a")])
        guard case .step(let step)? = try parser.read(line[...], number: 1) else {
            Issue.record("'\(line)' is no action line")
            return
        }
        #expect(step.command == .perform(action), "\(line)")
    }

    /// The actions only a host performs have no line.
    @Test func theHostsOwnActionsHaveNone() {
        #expect(UserAction.terminate("a").scenarioLine == nil)
        #expect(UserAction.processEnded("a").scenarioLine == nil)
        #expect(UserAction.activateWindow(SceneID(rawValue: "a#1")).scenarioLine == nil)
    }
}
