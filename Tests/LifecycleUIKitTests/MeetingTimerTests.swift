import LifecycleKit
import LifecycleTesting
import LifecycleUIKit
import Testing

// Foundation's `Timer` in an app's code on the phone's clock (docs/lifecycle.md §19), from a file that imports
// Foundation alone (MeetingTimer.swift): it ticks while the app runs, never while it is suspended, and once when it
// runs again for all it missed, as a run loop's repeating timer does.

final class MeetingAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let meeting = MeetingTimer()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        meeting.startMeeting()
        return true
    }
}

@Suite @MainActor struct MeetingTimerTests {
    @Test func theTimerTicksOnThePhonesClockAndNotWhileSuspended() throws {
        let app = try UIKitDevice("app meeting\n") { MeetingAppDelegate() }
        try app.device.perform("tap meeting")
        app.device.wait(.seconds(30))
        #expect(app.delegate?.meeting.ticks == 30)
        #expect(app.delegate?.meeting.secondsElapsed == 30)
        for line in ["home", "wait 120s"] { try app.device.perform(line) }
        #expect(app.delegate?.meeting.ticks == 30, "no tick while suspended")
        try app.device.perform("tap meeting")
        app.device.wait(.milliseconds(500))
        // One tick for the two minutes missed: the clock says 150 s, the ticks 31.
        #expect(app.delegate?.meeting.ticks == 31)
        #expect(app.delegate?.meeting.secondsElapsed == 150)
        app.device.wait(.seconds(2))
        #expect(app.delegate?.meeting.ticks == 33)
        #expect(app.delegate?.meeting.secondsElapsed == 152)
    }

    @Test func anInvalidatedTimerStops() throws {
        let app = try UIKitDevice("app meeting\n") { MeetingAppDelegate() }
        try app.device.perform("tap meeting")
        app.device.wait(.seconds(3))
        app.device.applications["meeting"]?.runAsItsCode { app.delegate?.meeting.stopMeeting() }
        app.device.wait(.seconds(10))
        #expect(app.delegate?.meeting.ticks == 3)
    }
}
