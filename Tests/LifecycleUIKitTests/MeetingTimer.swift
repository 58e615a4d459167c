import Foundation

// A file that imports Foundation alone, as a model's file does: its `Timer` and `Date` are Foundation's own. The
// meeting timer follows the one of Apple's Scrumdinger tutorial ("Managing state and life cycle", `ScrumTimer`),
// written again here: a repeating `Timer.scheduledTimer` updates what the meeting shows, and the time elapsed is
// measured from the date the meeting began, so that a tick the phone never gave (the app was suspended) is not a
// second lost. It also counts the ticks, which is what a hasty timer shows.

@MainActor
final class MeetingTimer {
    /// The seconds since the meeting began, by the clock.
    private(set) var secondsElapsed = 0
    /// The ticks the timer gave.
    private(set) var ticks = 0
    private var timer: Timer?
    private var startDate: Date?

    func startMeeting() {
        startDate = Date()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            MainActor.assumeIsolated { self?.update() }
        }
    }

    func stopMeeting() {
        timer?.invalidate()
        timer = nil
    }

    private func update() {
        guard let startDate else { return }
        ticks += 1
        secondsElapsed = Int(Date().timeIntervalSince(startDate))
    }
}
