import LifecycleCore
import Testing

/// A note of background work is read back as the work it was written for, and no other note is read as one.
@Suite struct BackgroundWorkNoteTests {
    static let notes: [BackgroundWorkNote] = [
        .scriptedTaskBegan(work: .seconds(20)),
        .scriptedTaskBegan(work: .milliseconds(1500)),
        .scriptedTaskBegan(work: .milliseconds(25)),
        .taskBegan(name: nil, identifier: BackgroundTaskIdentifier(rawValue: 3)),
        .taskBegan(name: "upload → cloud", identifier: BackgroundTaskIdentifier(rawValue: 12)),
        .taskEnded(identifier: nil),
        .taskEnded(identifier: BackgroundTaskIdentifier(rawValue: 3)),
        .expirationHandlerEndsTasks,
        .completionHandlerCalled(selector: "application:performFetchWithCompletionHandler:"),
    ]

    @Test(arguments: notes) func aNoteIsReadBackFromItsText(_ note: BackgroundWorkNote) {
        #expect(BackgroundWorkNote(text: note.text) == note, "\(note.text)")
    }

    /// The notes as the golden traces show them, read as their work.
    @Test func theGoldenTracesNotesAreRead() {
        let read: [String: BackgroundWorkNote] = [
            "beginBackgroundTask: 600 s of work": .scriptedTaskBegan(work: .seconds(600)),
            "endBackgroundTask": .taskEnded(identifier: nil),
            "expiration handler runs (5 s remain) and ends the background task": .expirationHandlerEndsTasks,
            "completion handler of application:performFetchWithCompletionHandler: called":
                .completionHandlerCalled(selector: "application:performFetchWithCompletionHandler:"),
        ]
        for (text, note) in read {
            #expect(BackgroundWorkNote(text: text) == note, "\(text)")
            #expect(note.text == text)
        }
    }

    @Test func otherNotesAreNoWork() {
        for text in [
            "expiration handler runs (5 s remain) and leaves the background task running",
            "endBackgroundTask: no background task exists with identifier 4", "beginBackgroundTask", "begin",
            "the completion handler of application:performFetchWithCompletionHandler: is never called: it holds the app",
            "completion handler of", "background time used up with a background task not ended", "",
            "beginBackgroundTask: 1.2345 s of work", "beginBackgroundTask: -1 s of work",
            "beginBackgroundTask: x s of work",
        ] {
            #expect(BackgroundWorkNote(text: text) == nil, "\(text)")
        }
    }
}
