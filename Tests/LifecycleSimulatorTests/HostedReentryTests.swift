import LifecycleCore
import Testing

@testable import LifecycleSimulator
@testable import LifecycleTrace

/// Hosted code may act on the simulator from inside a callback, while the simulator is still carrying out the
/// event that called it: the rest of that event must come out as the phone gave it, side values included.
@Suite struct HostedReentryTests {
    /// Hosted code that sends another memory warning from inside the first memory warning it gets.
    private final class Reentering: HostedAppCode {
        weak var simulator: Simulator<CollectingTraceSink>?
        var reentered = false

        func run(_ callback: Callback, scene: SceneID?, detail: CallbackDetail?, of app: AppID) -> Bool? {
            if callback == .didReceiveMemoryWarning, !reentered {
                reentered = true
                try? simulator?.perform(.memoryWarning)
            }
            return nil
        }

        func runExpirationHandlers(of tasks: [BackgroundTaskIdentifier], in app: AppID) -> [BackgroundTaskIdentifier] {
            []
        }
        func endTurn(of app: AppID) {}
        func runScheduledTask(_ step: ScheduledTaskStep, identifier: String, of app: AppID) {}
        func post(_ notification: UIKitNotification, scene: SceneID?, of app: AppID) {}
        func storeRestorationArchive(of app: AppID) {}
        func deleteRestorationArchive(of app: AppID) {}
    }

    @Test func anActionTakenInsideACallbackLeavesTheRestOfTheEventIntact() throws {
        let simulator = Simulator(
            phone: Phone(apps: [AppConfiguration(id: "notes", runsHostedCode: true)]), sink: CollectingTraceSink())
        let code = Reentering()
        code.simulator = simulator
        simulator.hostedCode = code
        try simulator.perform(.tap("notes"))
        // The warning reaches the hosted app first; the note about what pressure could not end comes after it in
        // the same event, its text kept beside the event's actions while the hosted code ran another event.
        try simulator.perform(.memoryPressure(count: 3))
        #expect(code.reentered)
        let notes = simulator.sink.records.compactMap { record -> String? in
            guard case .note(_, let text) = record.event else { return nil }
            return text
        }
        #expect(notes.contains("memory pressure: only 0 of 3 apps could be terminated"))
        let warnings = simulator.sink.records.filter { record in
            if case .callback(_, .didReceiveMemoryWarning, _) = record.event { return true }
            return false
        }
        #expect(warnings.count == 2)
    }
}
