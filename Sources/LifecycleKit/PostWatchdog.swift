import Foundation
import LifecycleCore

/// Turns a post of a UIKit notification that never returns, in a test process, into a failure that says why.
///
/// Foundation's `NotificationCenter.post` runs an observer added on Foundation's `OperationQueue.main` by putting it
/// on the main queue and waiting for it. Under `swift test` the post runs on the main queue itself, so that wait can
/// never finish: the test process would hang (issue 55: 77 minutes, then killed). LifecycleUIKit's
/// `NotificationCenter` runs such an observer inside the post, but a center typed as Foundation's
/// (`let center: Foundation.NotificationCenter = device.notificationCenter`) takes Foundation's method, which cannot
/// be overridden. A post still running after ``limit`` is that deadlock: the process ends with a message naming the
/// notification and the way out, instead of hanging.
///
/// Only hosts that simulate processes (a test's `SimulatedDevice`) watch their posts: in a real app's process a post
/// is the app's own business, as on a phone.
final class PostWatchdog: @unchecked Sendable {
    // Sendable: `posting` is only read and written under `lock`; `limit` never changes.
    private let lock = NSLock()
    /// The outermost notification being posted (an observer may post another inside it), and when it started.
    private var posting: (name: String, since: ContinuousClock.Instant)?
    let limit: Duration
    /// What the watchdog does with its message when a post is stuck.
    private let stuck: @Sendable (String) -> Void

    /// A watchdog that gives `stuck` its message when a post has run for longer than `limit`.
    init(limit: Duration, stuck: @escaping @Sendable (String) -> Void) {
        self.limit = limit
        self.stuck = stuck
        let thread = Thread { [weak self] in
            // Ends with the watchdog: each turn holds it only while it looks.
            while let watchdog = self { watchdog.look() }
        }
        thread.name = "LifecycleKit post watchdog"
        thread.start()
    }

    /// The watchdog of the test process, started by its first watched post.
    static let shared = PostWatchdog(limit: .seconds(60)) { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
        abort()
    }

    /// Runs `post`, watched.
    func watch<Result>(posting name: Notification.Name, _ post: () -> Result) -> Result {
        let outermost = lock.withLock {
            guard posting == nil else { return false }
            posting = (name.rawValue, .now)
            return true
        }
        defer { if outermost { lock.withLock { posting = nil } } }
        return post()
    }

    /// Waits a moment, then tells a post that has run for too long.
    private func look() {
        Thread.sleep(forTimeInterval: min(1, limit.inSeconds))
        let name = lock.withLock { posting.flatMap { ContinuousClock.now - $0.since > limit ? $0.name : nil } }
        guard let name else { return }
        stuck(
            """
            LifecycleKit: the post of \(name) has not returned after \(limit): an observer added on Foundation's \
            OperationQueue.main waits for the main queue this post holds, which never frees. Add it on \
            LifecycleUIKit's NotificationCenter (device.notificationCenter, as typed, or NotificationCenter.default \
            where LifecycleUIKit is imported), whose queue: .main runs it inside the post as on iOS, or pass \
            queue: nil.
            """)
        lock.withLock { posting = nil }
    }
}
