import LifecycleCore

extension SplitMix64 {
    /// A number in `0..<bound`: the core's tests draw their seeded operations so.
    mutating func next(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }
}
