import LifecycleCore

/// A phone of 100 apps on iOS 12 whose apps are tapped in turn and each sent Home: a launch (after a kill for
/// memory) or a resume, then a trip to the background. One phone lives on from one call to the next, as in a long
/// simulation. The `Phone` benchmarks drive it, and so does `PhoneLoop`, which counts its instructions.
public final class TapAndHome: @unchecked Sendable {
    // Unchecked: package-benchmark runs a benchmark's samples one after another on one task, and `PhoneLoop` on
    // its main thread; nothing here is touched concurrently. Nor checked for exclusive access at run time, which
    // would add 4% to what the benchmark measures: only `drive` touches them, and of the `perform` closures it
    // calls, the benchmarks' never reach back into the workload and `drive(until:)`'s touches only the list, which
    // `drive` does not.
    @usableFromInline let apps = (0..<100).map { AppID("app\($0)") }
    @usableFromInline @exclusivity(unchecked) var phone: Phone
    @usableFromInline @exclusivity(unchecked) var round = 0
    /// The one list the phone's actions go to, from one call to the next, as the simulator keeps one for a run.
    @usableFromInline @exclusivity(unchecked) var list = ActionList()

    public init() {
        phone = Phone(profile: .ios12, apps: apps.map { AppConfiguration(id: $0) })
    }

    /// Goes on until at least `count` transitions; `perform` does one event and returns how many transitions it
    /// emitted. Returns the transitions made.
    @inlinable
    public func drive(until count: Int, _ perform: (inout Phone, UserAction) -> Int) -> Int {
        var transitions = 0
        while transitions < count {
            let app = apps[round % apps.count]
            round += 1
            transitions += perform(&phone, .tap(app))
            transitions += perform(&phone, .home)
        }
        return transitions
    }

    /// ``drive(until:_:)`` as the simulator drives a phone: each event's actions appended to one list of plain
    /// values, emptied before each event, whose storage serves every call.
    @inlinable
    public func drive(until count: Int) -> Int {
        drive(until: count) { phone, action in
            list.removeAll()
            try! phone.perform(action, into: &list)
            var transitions = 0
            for case .transition in list.entries { transitions += 1 }
            return transitions
        }
    }
}
