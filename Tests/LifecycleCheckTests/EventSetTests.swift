import LifecycleCore
import Testing

@testable import LifecycleCheck

/// Every event has its own ordinal within the limit, so a set of events as bits holds each apart.
@Suite struct EventSetTests {
    static let events: [LoggedEvent] =
        Callback.allCases.map(LoggedEvent.callback) + UIKitNotification.allCases.map(LoggedEvent.notification)
        + SceneState.allCases.map(LoggedEvent.sceneState) + ScenePhase.allCases.map(LoggedEvent.scenePhase)

    @Test func everyEventHasItsOwnOrdinalWithinTheLimit() {
        let ordinals = Self.events.map(\.ordinal)
        #expect(Set(ordinals).count == Self.events.count)
        #expect(ordinals.allSatisfy { (0..<LoggedEvent.ordinalLimit).contains($0) })
        #expect(Callback.allCases.count <= 64)
        #expect(UIKitNotification.allCases.count <= 32)
        #expect(SceneState.allCases.count <= 32)
    }

    @Test func aSetOfEventsHoldsWhatWasPutInAndNothingElse() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let chosen = Set(Self.events.filter { _ in random.next() % 3 == 0 })
            var set = EventSet(chosen)
            for event in Self.events { #expect(set.contains(event) == chosen.contains(event)) }
            #expect(set.isEmpty == chosen.isEmpty)
            for event in chosen {
                let removed = set.remove(event)
                #expect(removed)
            }
            #expect(set.isEmpty)
            let removedAgain = set.remove(Self.events[0])
            #expect(!removedAgain)
        }
    }

    @Test func aUnionHoldsTheEventsOfEither() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            let first = Set(Self.events.filter { _ in random.next() % 4 == 0 })
            let second = Set(Self.events.filter { _ in random.next() % 4 == 0 })
            let union = EventSet(first).union(EventSet(second))
            for event in Self.events { #expect(union.contains(event) == first.union(second).contains(event)) }
        }
    }
}
