import CLifecycleShims
import Foundation
import LifecycleKit

extension AppTasks {
    /// Makes Foundation's `Timer` that an app's code schedules on the main queue (`Timer.scheduledTimer(…)`,
    /// `RunLoop.main.add(timer, forMode: .common)`) fire on the phone's clock under a simulated device
    /// (docs/lifecycle.md §19), in a file that imports Foundation alone too: as the app's main-queue work, never while
    /// the app is suspended, and once when it runs again for all the ticks it missed, as a run loop's repeating timer
    /// does. Other timers — a test's own, a real process's, one added off the main queue — stay the run loop's.
    /// On Linux; elsewhere timers stay the run loop's.
    package static func runTimersOnThePhonesClock() {
        lifecycle_timers_take_with { object in
            guard MainQueueCheck.isOnMainQueue, let tasks = AppTasks.ofCodeRunningHere else { return 0 }
            let address = UInt(bitPattern: object)
            MainActor.assumeIsolated {
                guard let object = UnsafeRawPointer(bitPattern: address) else { return }
                PhoneTimer(Unmanaged<Foundation.Timer>.fromOpaque(object).takeUnretainedValue(), tasks: tasks)
                    .schedule()
            }
            return 1
        }
    }
}

/// A timer an app's code added to the main run loop, fired on the phone's clock by the app's wakes.
///
/// The timer's own fire date is the schedule, so that code that moves it (`timer.fireDate = .distantFuture` to
/// pause) is heard at the next wake; after each fire the next one is set on the timer's grid, past the missed ones.
///
/// `@unchecked Sendable`: Foundation's `Timer` is not `Sendable` on Linux, but this is made on the main actor and read
/// only there, in the wakes it schedules, which run on the main actor.
@MainActor
private struct PhoneTimer: @unchecked Sendable {
    let timer: Foundation.Timer
    let tasks: AppTasks

    init(_ timer: Foundation.Timer, tasks: AppTasks) {
        self.timer = timer
        self.tasks = tasks
    }

    /// Wakes at the timer's fire date (the date is the phone's in the app's code).
    func schedule() {
        guard timer.isValid else { return }
        let delay = max(0, timer.fireDate.timeIntervalSince(Date()))
        guard delay < Self.never else { return }
        tasks.scheduleWake(.seconds(delay)) { [self] in fire() }
    }

    private func fire() {
        guard timer.isValid else { return }
        let now = Date()
        let due = timer.fireDate
        guard due <= now else { return schedule() }
        timer.fire()
        guard timer.isValid, timer.timeInterval > 0 else { return }
        let missed = (now.timeIntervalSince(due) / timer.timeInterval).rounded(.down)
        timer.fireDate = due.addingTimeInterval((missed + 1) * timer.timeInterval)
        schedule()
    }

    /// A fire date this far away is a timer set aside (`.distantFuture`): it is not waited for.
    private static let never: TimeInterval = 365 * 24 * 60 * 60
}
