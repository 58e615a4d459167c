import LifecycleCore
import Testing

/// The enums that hash their case rather than their raw value still behave as keys: every case is its own
/// key, and equal values hash alike.
struct CaseHashingTests {
    @Test func everyCallbackIsItsOwnKey() {
        expectDistinctKeys(Callback.allCases)
    }

    @Test func everyNotificationIsItsOwnKey() {
        expectDistinctKeys(UIKitNotification.allCases)
    }

    @Test func everyStateIsItsOwnKey() {
        expectDistinctKeys(AppState.allCases)
        expectDistinctKeys(SceneState.allCases)
    }

    private func expectDistinctKeys<Value: Hashable>(_ values: [Value]) {
        #expect(Set(values).count == values.count)
        let positions = Dictionary(uniqueKeysWithValues: values.enumerated().map { ($1, $0) })
        for (position, value) in values.enumerated() {
            #expect(positions[value] == position)
            #expect(value.hashValue == values[position].hashValue)
        }
    }
}
