import LifecycleCore
import Testing

@testable import LifecycleTrace

/// The trace layouts' tables of names say what the raw values say, for every case of every table.
@Suite struct CaseNamesTests {
    @Test func everyNameIsItsRawValue() {
        func check<Value: CaseIterable & RawRepresentable<String>>(_ table: CaseNames<Value>) {
            for value in Value.allCases {
                #expect(Array(table[value]) == Array(value.rawValue.utf8), "\(Value.self).\(value)")
            }
        }
        check(ModelNames.callbacks)
        check(ModelNames.notifications)
        check(ModelNames.appStates)
        check(ModelNames.sceneStates)
        check(ModelNames.reasons)
    }

    @Test func everyPairHasItsOwnTemplate() {
        let templates = CasePairTemplates<SceneState> { "\($0.rawValue)>\($1.rawValue)" }
        for first in SceneState.allCases {
            for second in SceneState.allCases {
                #expect(
                    String(decoding: templates[first, second], as: UTF8.self) == "\(first.rawValue)>\(second.rawValue)")
            }
        }
    }
}
