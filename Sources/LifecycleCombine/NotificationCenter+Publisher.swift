import Foundation

extension Foundation.NotificationCenter {
    /// The notifications of one name posted to one center (Foundation's `NotificationCenter.Publisher`): each is
    /// sent inside its post, on the posting thread, as an observer with no queue gets it. UIKit posts its
    /// notifications on the main thread, so `.onReceive(NotificationCenter.default.publisher(for:
    /// UIApplication.willResignActiveNotification))` runs in the middle of the app's callbacks, where a phone runs it
    /// (docs/lifecycle.md §19).
    public struct Publisher: LifecycleCombine.Publisher, Equatable {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: Foundation.NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: Foundation.NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Notification) -> Void
        ) -> AnyCancellable {
            let handler = UncheckedHandler(receive: receiveValue)
            let observer = center.addObserver(forName: name, object: object, queue: nil) { handler.receive($0) }
            let center = center
            return AnyCancellable { center.removeObserver(observer) }
        }

        public static func == (lhs: Publisher, rhs: Publisher) -> Bool {
            lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
        }
    }

    /// The notifications named `name` (from `object`, if given) that this center posts, as a publisher.
    /// `NotificationCenter.default.publisher(for:)` is the center of the app whose code runs, at the time it is
    /// called, as `NotificationCenter.default` is.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }
}
