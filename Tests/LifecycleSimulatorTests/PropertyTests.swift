import LifecycleCore
import PropertyBased
import Testing

@testable import LifecycleSimulator

/// Random phone use, many seeds, thousands of actions each: the invariants of the model hold after every step.
///
/// A failure prints the seed and the number of steps; `replay(seed:steps:)` below runs that case again.
@Suite struct PropertyTests {
    @Test func invariantsHoldOverRandomSessions() async {
        await propertyCheck(count: 150, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...3_000)) { seed, steps in
            let violations = Self.replay(seed: seed, steps: steps)
            #expect(violations.isEmpty, "seed \(seed), \(steps) steps: \(violations.prefix(5).joined(separator: "; "))")
        }
    }

    @Test(arguments: Profile.allCases)
    func invariantsHoldOnEveryProfile(profile: Profile) {
        for seed in UInt64(1)...8 {
            let violations = Self.replay(seed: seed &* 7919, steps: 3_000, profile: profile)
            #expect(violations.isEmpty, "seed \(seed &* 7919), profile \(profile): \(violations.prefix(5))")
        }
    }

    @Test func sameSeedSameTrace() {
        #expect(Self.trace(seed: 42, steps: 500) == Self.trace(seed: 42, steps: 500))
        #expect(Self.trace(seed: 42, steps: 500) != Self.trace(seed: 43, steps: 500))
    }

    /// Runs `steps` random actions from `seed` on a phone of eight random apps; returns the violations.
    static func replay(seed: UInt64, steps: Int, profile: Profile? = nil) -> [String] {
        var random = SplitMix64(seed: seed)
        let apps = RandomWorkload.randomApps(count: 8, using: &random)
        let chosenProfile = profile ?? Profile.allCases[Int.random(in: 0..<3, using: &random)]
        let memory = Int.random(in: 600...2048, using: &random)
        let simulator = Simulator(
            phone: Phone(profile: chosenProfile, deviceMemory: memory, apps: apps), sink: InvariantChecker())
        var workload = RandomWorkload(seed: random.next(), apps: apps.map(\.id))
        workload.drive(simulator, actions: steps) { simulator, step in
            simulator.sink.checkSettled(simulator.phone, after: step)
        }
        return simulator.sink.violations
    }

    static func trace(seed: UInt64, steps: Int) -> [TraceRecord] {
        var random = SplitMix64(seed: seed)
        let apps = RandomWorkload.randomApps(count: 6, using: &random)
        let simulator = Simulator(phone: Phone(apps: apps), sink: CollectingTraceSink())
        var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
        workload.drive(simulator, actions: steps)
        return simulator.sink.records
    }
}
