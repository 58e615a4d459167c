import Testing

@testable import LifecycleCore

/// An app's run-loop queue gives back what an array would, in order, whether its steps are kept inline or past
/// its inline capacity, and however often it is emptied and refilled.
@Suite struct StepQueueTests {
    /// A step that carries a number, to tell steps apart.
    private static func step(_ number: Int) -> Step {
        .call(.didBecomeActive, Step.DetailTicket(number: UInt32(number)), .always)
    }

    private static func number(of step: Step?) -> Int? {
        guard case .call(_, let ticket?, _) = step else { return nil }
        return Int(ticket.number)
    }

    /// The state the queue leads to: each change not done yet, its scene's included, from the state given; a change
    /// the state does not allow leaves it as it is, as the app's state machine would.
    @Test func leadsWhereItsChangesDo() {
        var queue = StepQueue()
        #expect(queue.state(after: .suspended) == .suspended)
        queue.append(.change(.launch, nil))
        queue.append(Self.step(1))
        queue.append(.change(.resume, .resume))  // not allowed from inactive: no change
        queue.append(.scene(.becomeActive))
        #expect(queue.state(after: .notRunning) == .active)
        #expect(queue.state(after: .background) == .background)  // launch, resume and activation all refused
        _ = queue.popFirst()  // the launch is done: only the steps after it count
        #expect(queue.state(after: .inactive) == .active)
        #expect(queue.state(after: .notRunning) == .notRunning)
        queue.append(.scene(.disconnect))  // the app's state does not follow a disconnection
        queue.append(.change(.resignActive, nil))
        #expect(queue.state(after: .inactive) == .inactive)
        queue.removeAll()
        #expect(queue.state(after: .inactive) == .inactive)
    }

    @Test(arguments: [1, 2, 3, 4])
    func givesBackWhatAnArrayWould(seed: UInt64) {
        var numbers = SplitMix64(seed: seed)
        var queue = StepQueue()
        var reference: [Int] = []
        var mismatches = 0
        var longest = 0
        for number in 0..<20_000 {
            switch numbers.next(20) {
            case 0..<9:
                queue.append(Self.step(number))
                reference.append(number)
            case 9..<12:
                let offset = numbers.next(reference.count + 1)
                queue.insert(Self.step(number), at: offset)
                reference.insert(number, at: offset)
            case 12..<19:
                let popped = Self.number(of: queue.popFirst())
                if popped != (reference.isEmpty ? nil : reference.removeFirst()) { mismatches += 1 }
            default:
                // Emptied only now and then, so that queues grow well past their inline steps.
                if numbers.next(4) == 0 {
                    queue.removeAll()
                    reference.removeAll()
                }
            }
            if queue.isEmpty != reference.isEmpty { mismatches += 1 }
            longest = max(longest, reference.count)
        }
        #expect(mismatches == 0)
        #expect(longest > 2 * StepQueue.inlineCapacity, "the run went past the inline steps")
    }

    @Test func insertsAcrossTheEndOfTheInlineSteps() {
        var queue = StepQueue()
        for number in 0..<StepQueue.inlineCapacity { queue.append(Self.step(number)) }
        _ = queue.popFirst()
        queue.insert(Self.step(100), at: 0)
        queue.insert(Self.step(101), at: 15)
        var order: [Int] = []
        while let step = queue.popFirst() { order.append(Self.number(of: step) ?? -1) }
        #expect(order == [100] + Array(1..<15) + [101, 15])
        #expect(queue.isEmpty)
    }
}
