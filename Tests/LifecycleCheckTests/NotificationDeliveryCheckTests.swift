import LifecycleCheck
import Testing

/// `check` holds the notification center's delegate to docs/lifecycle.md §18, row by row: a log that obeys a row
/// fits, and one that breaks it is stopped at the line that breaks it.
///
/// A log shows only what the app logs: a callback that never appears in it may have happened unlogged. So a log
/// that breaks a row logs what would have made the break possible elsewhere (here `applicationWillEnterForeground:`
/// at its end): without it, `applicationDidEnterBackground:` then `willPresent` fits, the app having come back to the
/// foreground without a line.
@Suite struct NotificationDeliveryCheckTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        /// The callbacks, a line each, in Chat's process.
        var lines: [String]
        /// The line that breaks the row, or `nil` when the log obeys it.
        var breaksAt: Int?
        var testDescription: String { name }
    }

    static let willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    static let didReceive = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    static let launch = ["application:willFinishLaunchingWithOptions:", "application:didFinishLaunchingWithOptions:"]
    static let toBackground = ["applicationWillResignActive:", "applicationDidEnterBackground:"]
    static let sceneLaunch = launch + ["scene:willConnectToSession:options:"]

    static let rows: [Row] = [
        // Presented in the foreground only.
        Row(name: "willPresent while active", lines: launch + ["applicationDidBecomeActive:", willPresent]),
        Row(
            name: "willPresent in the background",
            lines: launch + ["applicationDidBecomeActive:"] + toBackground
                + [willPresent, "applicationWillEnterForeground:"], breaksAt: 6),
        Row(
            name: "willPresent to a scene in the foreground",
            lines: sceneLaunch + ["sceneWillEnterForeground:", "sceneDidBecomeActive:", willPresent]),
        Row(
            name: "willPresent to a scene in the background",
            lines: sceneLaunch + [
                "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
                "sceneDidEnterBackground:", willPresent, "sceneWillEnterForeground:",
            ], breaksAt: 8),
        // A tap while active.
        Row(name: "a tap while active", lines: launch + ["applicationDidBecomeActive:", didReceive]),
        // A tap in the background, app delegate: the response between the return and the activation.
        Row(
            name: "a tap of an app in the background",
            lines: launch + ["applicationDidBecomeActive:"] + toBackground + [
                "applicationWillEnterForeground:", didReceive, "applicationDidBecomeActive:",
            ]),
        // The same, scene-based: the response while the scene is foregroundInactive.
        Row(
            name: "a tap of a scene in the background",
            lines: sceneLaunch + [
                "sceneWillEnterForeground:", "sceneDidBecomeActive:", "sceneWillResignActive:",
                "sceneDidEnterBackground:", "sceneWillEnterForeground:", didReceive, "sceneDidBecomeActive:",
            ]),
        // A tap that launches the app: the response after the launch ends, never between its two methods.
        Row(
            name: "a tap that launches an app", lines: launch + [didReceive, "applicationDidBecomeActive:"]),
        Row(
            name: "a response between the launch methods",
            lines: [launch[0], didReceive, launch[1], "applicationDidBecomeActive:"], breaksAt: 2),
        Row(
            name: "a tap that launches a scene-based app",
            lines: sceneLaunch + ["sceneWillEnterForeground:", didReceive, "sceneDidBecomeActive:"]),
        Row(
            name: "a response between a scene-based app's launch methods",
            lines: [launch[0], didReceive, launch[1], "scene:willConnectToSession:options:"], breaksAt: 2),
        // An action handled in the background, or a dismissal: the response in the background.
        Row(
            name: "an action in the background",
            lines: launch + ["applicationDidBecomeActive:"] + toBackground + [didReceive]),
        Row(
            name: "an action that launches the app into the background",
            lines: launch + [didReceive, "applicationWillEnterForeground:"]),
        // Nothing reaches an app that has terminated.
        Row(
            name: "a response after the app terminated",
            lines: launch + ["applicationDidBecomeActive:"] + toBackground + [
                "applicationWillTerminate:", didReceive,
            ], breaksAt: 7),
    ]

    @Test(arguments: rows)
    func eachRowOfTheDeliveryTable(_ row: Row) {
        let log = row.lines.enumerated().map { index, line in
            "2024-03-01 10:00:\(10 + index).000 Chat[100:1] \(line)"
        }.joined(separator: "\n")
        let (outcome, output) = LogCheckTests.check(log)
        if let line = row.breaksAt {
            #expect(outcome == .violation, "\(output)")
            let callback = row.lines[line - 1]
            #expect(output.contains("log:\(line): violation: \(callback) cannot happen here"), "\(output)")
        } else {
            #expect(outcome == .success, "\(output)")
        }
    }
}
