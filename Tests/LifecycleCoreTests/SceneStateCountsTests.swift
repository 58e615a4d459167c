import Testing

@testable import LifecycleCore

/// The counts an app's state from its scenes is read from (``SceneStateCounts``) give what a pass over the
/// scenes' states gives (``SceneLifecycle/appState(of:)``), however scenes come, change and go.
@Suite struct SceneStateCountsTests {
    @Test(arguments: 1...20 as ClosedRange<UInt64>)
    func countsGiveTheStateAPassOverTheScenesGives(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var states: [SceneState] = []
        var counts = SceneStateCounts()
        for _ in 0..<200 {
            switch random.next(3) {
            case 0:
                let state = SceneState.allCases[random.next(SceneState.allCases.count)]
                states.append(state)
                counts.count(state, by: 1)
            case 1 where !states.isEmpty:
                counts.count(states.remove(at: random.next(states.count)), by: -1)
            default:
                guard !states.isEmpty else { continue }
                let position = random.next(states.count)
                let state = SceneState.allCases[random.next(SceneState.allCases.count)]
                counts.count(states[position], by: -1)
                counts.count(state, by: 1)
                states[position] = state
            }
            #expect(counts.appState == SceneLifecycle.appState(of: states), "seed \(seed)")
        }
    }

    /// An app with thousands of windows, each opened full screen over the one before: every window but the front
    /// one in the background, and the app active.
    @Test func thousandsOfWindowsLeaveTheFrontOneActive() throws {
        var phone = WindowsTests.ipad()
        _ = try phone.perform(.tap("notes"))
        for _ in 0..<3000 { _ = try phone.perform(.newWindow("notes", placement: .fullScreen)) }
        #expect(phone.sceneState(of: SceneID(rawValue: "notes#3001")) == .foregroundActive)
        #expect(phone.sceneState(of: SceneID(rawValue: "notes#1500")) == .background)
        #expect(phone.state(of: "notes") == .active)
    }
}
