import LifecycleCore
import Testing

@testable import LifecycleSimulator

/// The phone's two forms of output say the same: the plain list a busy host reuses, and the ``Action`` arrays of
/// the convenience methods.
@Suite struct PlainActionTests {
    /// Two phones take the same random actions, one through ``Phone/perform(_:)``, one through
    /// ``Phone/perform(_:into:)`` with a single list emptied between events; the timers each sets are fired at once,
    /// by ``Phone/timerFired(_:)`` and ``Phone/timerFired(_:into:)``. Every event gives both the same actions.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func aListStandsForTheActionsTheConvenienceMethodsReturn(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let apps = RandomWorkload.randomApps(count: 6, scenesPercent: 50, using: &random)
        var convenient = Phone(profile: .ios17, deviceMemory: 900, apps: apps)
        var plain = convenient
        var list = ActionList()
        var workload = RandomWorkload(seed: seed, apps: apps.map(\.id))
        var compared = 0
        var kinds: Set<String> = []
        for _ in 0..<2_000 {
            guard case .perform(let action) = workload.nextCommand(for: convenient) else { continue }
            let expected: [Action]
            do {
                expected = try convenient.perform(action)
            } catch {
                list.removeAll()
                #expect(throws: ImpossibleAction.self) { try plain.perform(action, into: &list) }
                #expect(list.isEmpty)
                continue
            }
            list.removeAll()
            try? plain.perform(action, into: &list)
            #expect(plain.actions(in: list) == expected, "seed \(seed), \(action)")
            compared += 1
            kinds.formUnion(expected.map { String(describing: $0).prefix { $0 != "(" }.description })
            // The timers set, fired at once in the order they were set, until none is left (or 200 have fired).
            var timers = list.entries.compactMap { if case .scheduleTimer(let timer, _) = $0 { timer } else { nil } }
            var fired = 0
            while !timers.isEmpty, fired < 200 {
                let timer = timers.removeFirst()
                fired += 1
                let expected = convenient.timerFired(plain.systemTimer(timer))
                list.removeAll()
                plain.timerFired(timer, into: &list)
                #expect(plain.actions(in: list) == expected, "seed \(seed), \(timer)")
                timers += list.entries.compactMap { if case .scheduleTimer(let timer, _) = $0 { timer } else { nil } }
            }
        }
        #expect(compared > 500)
        // The comparison reached every kind of action that carries text beside it.
        #expect(kinds.isSuperset(of: ["callback", "note", "sceneCallback", "sceneTransition", "sceneNotification"]))
    }

    /// Emptying a list forgets what its entries referred to, and the phone then fills it from the start.
    @Test func anEmptiedListIsFilledAfresh() throws {
        var phone = Phone(apps: [AppConfiguration(id: "notes")])
        var list = ActionList()
        try phone.perform(.home, into: &list)
        #expect(list.entries.first == .note(app: nil, .kept(0)))
        list.removeAll()
        #expect(list.isEmpty)
        try phone.perform(.openURL("notes", url: "notes://item"), into: &list)
        #expect(list.entries.first == .transition(app: 0, from: .notRunning, to: .inactive, reason: nil))
        #expect(phone.actions(in: list).first == .transition("notes", from: .notRunning, to: .inactive, reason: nil))
        let details = list.entries.compactMap { if case .callback(_, _, let detail?) = $0 { detail } else { nil } }
        #expect(details.first == 0)
        guard case .launchOptions(let options)? = list.detail(0) else {
            Issue.record("expected launch options, got \(String(describing: list.detail(0)))")
            return
        }
        #expect(options.url == "notes://item")
    }
}
