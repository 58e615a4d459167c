/// An app's main run loop: the steps it will do, in order. Internal to ``Phone``.
///
/// The queue is filled and drained on nearly every event, so it keeps its first steps inside the app's record, in
/// an `InlineArray`: writing them needs neither an allocation nor the check of sole ownership that every write to
/// an `Array` makes (those checks and the array's bookkeeping were 12% of the phone's time). A queue longer than
/// that, which few events make, goes on in an array. Emptying the queue is two stores; entries past the length in
/// use are left over from earlier events and are overwritten as steps are queued.
struct StepQueue: Sendable {
    /// The steps kept inline: a launch with restoration, a delivery and activation queues about ten.
    private typealias InlineSteps = InlineArray<16, Step>

    /// How many steps are kept inline.
    static var inlineCapacity: Int { InlineSteps.count }

    private var inline = InlineSteps(repeating: .disarmWatchdog)
    /// The steps after the first ``inlineCapacity``.
    private var overflow: [Step] = []
    /// How many steps are queued, done or not.
    private var end = 0
    /// The first step not done yet.
    private var next = 0

    /// Whether every queued step is done.
    var isEmpty: Bool { next == end }

    /// A step by its position, for ``insert(_:at:)``. ``append(_:)``, ``popFirst()`` and ``state(after:)``, which
    /// run on every event, spell the same choice out: through this subscript, the inline steps were copied whole
    /// (256 bytes) on every read, for 8% more instructions on the phone's tap-and-Home loop (49% with a `_read`
    /// accessor instead; 1.2% more for `state(after:)` alone).
    private subscript(position: Int) -> Step {
        get { position < Self.inlineCapacity ? inline[position] : overflow[position - Self.inlineCapacity] }
        set {
            if position < Self.inlineCapacity {
                inline[position] = newValue
            } else {
                overflow[position - Self.inlineCapacity] = newValue
            }
        }
    }

    /// Queues a step after the others. Inlined, with the overflow out of line: its callers, inlined themselves,
    /// know where the app's record is and which step they queue, and an append that fits is then two stores.
    @inline(__always)
    mutating func append(_ step: Step) {
        if end < Self.inlineCapacity {
            inline[end] = step
        } else {
            appendToOverflow(step)
        }
        end += 1
    }

    @inline(never)
    private mutating func appendToOverflow(_ step: Step) {
        if end - Self.inlineCapacity < overflow.count {
            overflow[end - Self.inlineCapacity] = step
        } else {
            overflow.append(step)
        }
    }

    /// Queues a step at `offset` among those not done yet: 0 makes it the next one.
    mutating func insert(_ step: Step, at offset: Int) {
        append(step)
        var position = end - 1
        while position > next + offset {
            self[position] = self[position - 1]
            position -= 1
        }
        self[position] = step
    }

    /// The state an app now in `state` will be in once the steps not done yet are: where their changes lead.
    /// Mutating (though it changes nothing), so that the steps are read where they lie: as a borrowing read, the
    /// whole queue was copied out of the app's record.
    mutating func state(after state: AppState) -> AppState {
        var state = state
        var position = next
        while position < end {
            let step = position < Self.inlineCapacity ? inline[position] : overflow[position - Self.inlineCapacity]
            if let event = step.appEvent, let target = AppLifecycle.target(of: event, from: state) { state = target }
            position += 1
        }
        return state
    }

    /// Takes the next step to do, or `nil` when every step is done.
    mutating func popFirst() -> Step? {
        guard next < end else { return nil }
        let position = next
        next += 1
        return position < Self.inlineCapacity ? inline[position] : overflow[position - Self.inlineCapacity]
    }

    /// Forgets every step, done or not, keeping the storage.
    mutating func removeAll() {
        next = 0
        end = 0
    }
}
