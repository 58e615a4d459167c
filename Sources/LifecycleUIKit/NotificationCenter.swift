import Foundation
import LifecycleKit

/// Foundation's `NotificationCenter` as an app's code sees it on a phone: `NotificationCenter.default` is the center
/// of the app whose code is running, where UIKit posts that app's notifications (docs/lifecycle.md §19).
///
/// Code that imports LifecycleUIKit (as iOS code imports UIKit) names this class where it writes `NotificationCenter`:
/// it is Foundation's, with only ``default`` answered otherwise. Under a simulated device, many apps and their
/// processes share the test process, and each process's code gets a center of its own, so that its observers hear
/// only its own app's notifications and are gone with the process, as on a phone. In a real process it is one
/// center for the process's life; UIKit's notifications are posted there and on Foundation's
/// `NotificationCenter.default` (which code that imports Foundation alone observes), so every observer hears each
/// once.
open class NotificationCenter: Foundation.NotificationCenter, @unchecked Sendable {
    // Sendable as Foundation's center is: it adds no state of its own.

    /// `NotificationCenter.default`: the center of the process whose code is running — the app's callbacks, its
    /// observers, the work it puts on the main queue. Outside any app's code (a test's own body), the center of the
    /// test process, which no app's notification reaches under a simulated device.
    open override class var `default`: NotificationCenter {
        guard MainQueueCheck.isOnMainQueue else { return outsideAnyApp }
        return MainActor.assumeIsolated {
            guard let application = Application.current else { return outsideAnyApp }
            return UIKitBridge.notificationCenter(for: application)
        }
    }

    /// The center of code that runs as no app's: in a real process, also the app's own.
    static let outsideAnyApp = NotificationCenter()

    /// `addObserver(forName:object:queue:using:)`, where `queue: .main` is the app's main queue
    /// (``OperationQueue/main``): an observer on it runs inside the post, as on iOS when UIKit posts on the main
    /// thread. Foundation's own `.main` (what the same words give without this method, Foundation's parameter being
    /// Foundation's type) would make the post wait for a main queue that the poster holds: a hang.
    public func addObserver(
        forName name: Notification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol {
        super.addObserver(forName: name, object: obj, queue: queue, using: block)
    }
}
