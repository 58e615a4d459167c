import Foundation

/// A notification center made when it is first asked for, shared by the applications of one host.
///
/// Until someone has asked for it, nobody can be observing it, and an application's posts to it are skipped: a
/// simulated device running thousands of sessions (the explorer) would otherwise spend a tenth of its time posting
/// notifications nobody hears.
@MainActor
package final class LazyNotificationCenter {
    private var made: NotificationCenter?
    private let make: () -> NotificationCenter

    /// - Parameters:
    ///   - center: the center, if it is already chosen (`NotificationCenter.default` in a process).
    ///   - make: what makes it otherwise, when it is first asked for.
    package init(_ center: NotificationCenter? = nil, making make: @escaping () -> NotificationCenter = { .init() }) {
        made = center
        self.make = make
    }

    /// The center, made now if nobody has asked for it before.
    package var center: NotificationCenter {
        if let made { return made }
        let center = make()
        made = center
        return center
    }

    /// The center if someone has asked for it: where a post can be heard.
    package var ifObservable: NotificationCenter? { made }
}
