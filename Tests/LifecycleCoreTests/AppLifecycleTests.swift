import Foundation
import Testing

@testable import LifecycleCore

@Suite struct AppLifecycleTests {
    /// docs/lifecycle.md §1, written out by hand: the legal transitions and nothing else.
    static let specTransitions: Set<[AppState]> = [
        [.notRunning, .inactive], [.notRunning, .background], [.inactive, .active], [.active, .inactive],
        [.inactive, .background], [.background, .inactive], [.background, .suspended], [.suspended, .background],
        [.background, .notRunning], [.suspended, .notRunning],
    ]

    @Test func edgesAreExactlyTheTransitionsOfTheSpec() {
        #expect(Set(AppLifecycle.edges.map { [$0.from, $0.to] }) == Self.specTransitions)
        for from in AppState.allCases {
            for to in AppState.allCases {
                #expect(AppLifecycle.isLegal(from: from, to: to) == Self.specTransitions.contains([from, to]))
            }
        }
    }

    @Test func callbacksOfTheEdges() {
        let labelled = AppLifecycle.edges.filter { $0.callback != nil }.map {
            "\($0.from)→\($0.to) \($0.callback!.selector)"
        }
        #expect(
            Set(labelled) == [
                "inactive→active applicationDidBecomeActive:", "active→inactive applicationWillResignActive:",
                "inactive→background applicationDidEnterBackground:",
                "background→inactive applicationWillEnterForeground:",
                "background→notRunning applicationWillTerminate:",
            ])
    }

    @Test(arguments: AppLifecycle.Event.allCases)
    func illegalEventsChangeNothing(event: AppLifecycle.Event) {
        for state in AppState.allCases where AppLifecycle.target(of: event, from: state) == nil {
            var machine = AppLifecycle(state: state)
            #expect(machine.handle(event) == nil)
            #expect(machine.state == state)
        }
    }

    @Test func aFullLifeThroughTheMachine() {
        var machine = AppLifecycle()
        let events: [AppLifecycle.Event] = [
            .launch, .becomeActive, .resignActive, .enterBackground, .suspend, .resume, .enterForeground,
            .becomeActive, .resignActive, .enterBackground, .terminate,
        ]
        let states = events.map { machine.handle($0)?.to }
        #expect(
            states == [
                .inactive, .active, .inactive, .background, .suspended, .background, .inactive, .active, .inactive,
                .background, .notRunning,
            ])
    }

    @Test func everyCallbackWithANotificationNamesTheRightOne() {
        for callback in Callback.allCases where !callback.isSceneCallback {
            guard let notification = callback.notification else { continue }
            // application:didFinishLaunchingWithOptions: → DidFinishLaunching; applicationDidBecomeActive: → DidBecomeActive
            var stem = callback.selector.replacingOccurrences(of: "application:", with: "")
                .replacingOccurrences(of: "application", with: "").replacingOccurrences(of: "WithOptions", with: "")
                .replacingOccurrences(of: ":", with: "")
            stem = stem.prefix(1).uppercased() + stem.dropFirst()
            #expect(
                notification.name == "UIApplication\(stem)Notification" || notification.name == "UIApplication\(stem)")
        }
    }

    @Test func everySceneCallbackWithANotificationNamesUISceneOnesAndTheApplicationOne() {
        let expected: [Callback: (UIKitNotification, UIKitNotification?)] = [
            .sceneWillConnect: (.sceneWillConnect, nil), .sceneDidDisconnect: (.sceneDidDisconnect, nil),
            .sceneDidBecomeActive: (.sceneDidActivate, .didBecomeActive),
            .sceneWillResignActive: (.sceneWillDeactivate, .willResignActive),
            .sceneWillEnterForeground: (.sceneWillEnterForeground, .willEnterForeground),
            .sceneDidEnterBackground: (.sceneDidEnterBackground, .didEnterBackground),
        ]
        for callback in Callback.allCases where callback.isSceneCallback {
            #expect(callback.notification == expected[callback]?.0, "\(callback)")
            #expect(callback.applicationNotification == expected[callback]?.1, "\(callback)")
            #expect(callback.notification?.isSceneNotification ?? true)
        }
    }

    @Test func nothingIsDeliveredToASuspendedOrNotRunningApp() {
        for callback in Callback.allCases {
            #expect(!callback.deliveryStates.contains(.suspended))
            #expect(!callback.deliveryStates.contains(.notRunning))
        }
    }
}
