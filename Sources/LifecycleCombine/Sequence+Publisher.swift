extension Sequence {
    /// The elements, sent one by one as a subscriber attaches, then the end (`[1, 2, 3].publisher`).
    public var publisher: AnyPublisher<Element, Never> {
        AnyPublisher { completion, value in
            let upstream = UpstreamSubscription()
            for element in self where upstream.isOpen { value(element) }
            if upstream.isOpen { completion(.finished) }
            return AnyCancellable { upstream.close() }
        }
    }
}
