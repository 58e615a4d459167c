extension Publishers {
    /// A publisher that keeps values its subscriber has not asked for yet (Combine's `Publishers.Buffer`,
    /// `.buffer(size:prefetch:whenFull:)`).
    ///
    /// Here a subscriber asks for every value as it comes (``Publisher``), so the buffer matters only to one that
    /// asks one at a time: ``AsyncPublisher``, whose loop would otherwise miss what is sent while its body runs. It
    /// keeps up to `size` values for it, and when full drops the oldest or the newest.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let size: Int
        public let prefetch: PrefetchStrategy
        public let whenFull: BufferingStrategy<Failure>

        public init(
            upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        public func attach(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            upstream.attach(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    /// When a buffer asks its upstream for values: at once (`keepFull`) or as its subscriber asks (`byRequest`).
    public enum PrefetchStrategy: Sendable, Equatable {
        case keepFull
        case byRequest
    }

    /// What a full buffer does with one more value: drops the newest or the oldest, or fails.
    public enum BufferingStrategy<Failure: Error> {
        case dropNewest
        case dropOldest
        case customError(() -> Failure)
    }
}

extension Publisher {
    /// Keeps up to `size` values its subscriber has not asked for yet: `.buffer(size: 1, prefetch: .byRequest,
    /// whenFull: .dropOldest).values` loops over the latest change, none missed while the loop's body runs.
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}
