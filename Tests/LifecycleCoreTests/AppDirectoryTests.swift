import Testing

@testable import LifecycleCore

/// The phone's directory of apps answers as a `Dictionary` keyed by identifier does, whatever bytes spell them.
@Suite struct AppDirectoryTests {
    /// Identifiers that `String` holds equal though their bytes differ, beside plain ones.
    static let spellings: [(declared: String, asked: String)] = [
        ("café", "cafe\u{301}"),  // é as one scalar, asked for as e and a combining accent
        ("A\u{30A}ngstrom", "Ångstrom"),  // and the other way round
        ("K", "\u{212A}"),  // the Kelvin sign is canonically the letter K
        ("\u{212A}elvin", "Kelvin"),
        ("notes", "notes"),
    ]

    /// Appends outside `#expect`, which cannot mutate.
    func added(_ directory: inout AppDirectory, _ id: AppID) -> Bool {
        directory.append(id)
    }

    @Test func findsWhatADictionaryFinds() {
        var directory = AppDirectory()
        var dictionary: [AppID: Int] = [:]
        for (index, spelling) in Self.spellings.enumerated() {
            #expect(added(&directory, AppID(spelling.declared)))
            dictionary[AppID(spelling.declared)] = index
        }
        for spelling in Self.spellings {
            #expect(AppID(spelling.declared) == AppID(spelling.asked))
            #expect(directory[AppID(spelling.asked)] == dictionary[AppID(spelling.asked)])
            #expect(directory[AppID(spelling.asked)] != nil)
        }
        #expect(directory[AppID("ghost")] == nil)
        #expect(directory[AppID("")] == nil)
    }

    /// An identifier equal to one already there, in whatever bytes, is refused and changes nothing.
    @Test func refusesAnIdentifierItHas() {
        var directory = AppDirectory()
        #expect(added(&directory, AppID("café")))
        #expect(!added(&directory, AppID("cafe\u{301}")))
        #expect(!added(&directory, AppID("café")))
        #expect(added(&directory, AppID("mail")))
        #expect(directory[AppID("mail")] == 1)
        #expect(directory[AppID("cafe\u{301}")] == 0)
    }

    /// Through the table's growth, every app keeps its index: a thousand identifiers, short and long (stored in
    /// the `String` itself and on the heap).
    @Test func keepsEveryIndexAsItGrows() {
        var directory = AppDirectory()
        let ids = (0..<1_000).map { AppID($0.isMultiple(of: 3) ? "com.example.a-long-identifier.\($0)" : "app\($0)") }
        for (index, id) in ids.enumerated() {
            #expect(added(&directory, id))
            #expect(directory[id] == index)
        }
        for (index, id) in ids.enumerated() where directory[id] != index {
            Issue.record("\(id) at \(String(describing: directory[id])), not \(index)")
        }
        #expect(directory[AppID("app1000")] == nil)
    }
}
