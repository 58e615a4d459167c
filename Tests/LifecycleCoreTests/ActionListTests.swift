import Testing

@testable import LifecycleCore

/// An action list is checked for sole ownership once per event, when the phone starts appending to it, and is
/// emptied in place: a copy of a list must still be a value of its own, whichever copy changes.
@Suite struct ActionListTests {
    private static func phone() -> Phone {
        Phone(apps: [AppConfiguration(id: "notes"), AppConfiguration(id: "maps")])
    }

    @Test func aCopyKeepsItsActionsWhileThePhoneAppendsToTheOriginal() throws {
        var phone = Self.phone()
        var list = ActionList()
        try phone.perform(.tap("notes"), into: &list)
        let launch = Array(list.entries)
        let copy = list
        try phone.perform(.home, into: &list)
        #expect(Array(copy.entries) == launch)
        #expect(list.entries.count > launch.count)
        #expect(Array(list.entries.prefix(launch.count)) == launch)
    }

    @Test func emptyingASharedListLeavesTheCopyAlone() throws {
        var phone = Self.phone()
        var list = ActionList()
        try phone.perform(.tap("notes"), into: &list)
        let copy = list
        list.removeAll()
        #expect(list.isEmpty && list.entries.isEmpty)
        #expect(!copy.isEmpty)
        // The emptied list takes the next event's actions; the copy still holds the launch.
        try phone.perform(.home, into: &list)
        #expect(list.entries.first == .callback(app: 0, .willResignActive, detail: nil))
        #expect(copy.entries.first == .transition(app: 0, from: .notRunning, to: .inactive, reason: nil))
    }

    @Test func aListGrowsAndIsReadTheSameByIterationAndByPosition() throws {
        // Many events into one list, never emptied: it outgrows its first storage several times over.
        var phone = Self.phone()
        var list = ActionList()
        var expected: [Action] = []
        for round in 0..<20 {
            let app: AppID = round.isMultiple(of: 2) ? "notes" : "maps"
            var separate = phone
            expected += try separate.perform(.tap(app)) + separate.perform(.home)
            try phone.perform(.tap(app), into: &list)
            try phone.perform(.home, into: &list)
        }
        #expect(list.entries.count == expected.count && expected.count > 200)
        #expect(phone.actions(in: list) == expected)
        var iterated: [PlainAction] = []
        for entry in list.entries { iterated.append(entry) }
        #expect(iterated == list.entries.indices.map { list.entries[$0] })
    }
}
