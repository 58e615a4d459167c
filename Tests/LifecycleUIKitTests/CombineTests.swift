// swift-format-ignore-file
// (The import lines stand as an iOS file writes them, unindented.)
#if canImport(UIKit)
import UIKit
import Combine
#else
import LifecycleUIKit
import LifecycleCombine
#endif
import LifecycleTesting
import Testing

/// An app delegate whose session tracking is a Combine pipeline, as many apps' analytics and refresh code is: the
/// app's coming forward is counted from `didBecomeActiveNotification`, sent on the main queue; a refresh is kept
/// from `willEnterForegroundNotification`, at once. Each logs into one list beside the delegate's own callbacks.
@MainActor
final class SessionTrackingAppDelegate: UIResponder, UIApplicationDelegate {
    private(set) var log: [String] = []
    private var cancellables = Set<AnyCancellable>()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in MainActor.assumeIsolated { self?.log.append("session started") } }
            .store(in: &cancellables)
        NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)
            .map(\.name.rawValue)
            .sink { [weak self] name in MainActor.assumeIsolated { self?.log.append("refresh on \(name)") } }
            .store(in: &cancellables)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) { log.append("applicationDidBecomeActive") }
    func applicationWillEnterForeground(_ application: UIApplication) { log.append("applicationWillEnterForeground") }
}

/// Saves what the user typed a second after the last keystroke, as a search or draft field's view model does with
/// `debounce`; the keystrokes here are the app's code setting the text as it comes forward.
@MainActor
final class DebouncedDraftAppDelegate: UIResponder, UIApplicationDelegate, ObservableObject {
    @Published var draft = ""
    private(set) var saved: [String] = []
    private var cancellables = Set<AnyCancellable>()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        $draft
            .dropFirst()
            .debounce(for: .seconds(1), scheduler: DispatchQueue.main)
            .sink { [weak self] text in MainActor.assumeIsolated { self?.saved.append(text) } }
            .store(in: &cancellables)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        for text in ["H", "He", "Hello"] { draft = text }
    }
}

/// Reports the scroll position at most once a second (`throttle`), and a "saved" note half a second after each save
/// (`delay`), as a view model does; the positions here are the app's code setting them as it comes forward.
@MainActor
final class ThrottledPositionAppDelegate: UIResponder, UIApplicationDelegate, ObservableObject {
    @Published var position = 0
    let saves = PassthroughSubject<String, Never>()
    private(set) var reported: [Int] = []
    private(set) var notes: [String] = []
    private var cancellables = Set<AnyCancellable>()

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        $position
            .dropFirst()
            .throttle(for: 1, scheduler: RunLoop.main, latest: true)
            .sink { [weak self] position in MainActor.assumeIsolated { self?.reported.append(position) } }
            .store(in: &cancellables)
        saves
            .delay(for: 0.5, scheduler: DispatchQueue.main)
            .sink { [weak self] name in MainActor.assumeIsolated { self?.notes.append("saved \(name)") } }
            .store(in: &cancellables)
        return true
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        for position in 1...5 { self.position = position }
        saves.send("draft")
    }
}

@Suite @MainActor struct CombineTests {
    /// `debounce` on the main queue counts on the phone's clock: the last value only, a second after it; and for an
    /// app suspended before the second is up, once it runs again.
    @Test func debounceWaitsOnThePhonesClock() throws {
        let app = try UIKitDevice("profile ios12\napp drafts\n") { DebouncedDraftAppDelegate() }
        try app.device.perform("tap drafts")
        try app.device.perform("wait 0.5s")
        #expect(app.delegate?.saved == [])
        try app.device.perform("wait 1s")
        #expect(app.delegate?.saved == ["Hello"])
        try app.device.perform("home")
        try app.device.perform("tap drafts")
        try app.device.perform("home")
        try app.device.perform("wait 10s")
        #expect(app.delegate?.saved == ["Hello"], "suspended before its second was up")
        try app.device.perform("tap drafts")
        #expect(app.delegate?.saved == ["Hello", "Hello"], "the value comes as the app runs again")
    }

    @Test func countingOperatorsEndWhenTheyHaveEnough() {
        var events: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let dropped = subject.dropFirst(2).sink { events.append("dropFirst \($0)") }
        let prefixed = subject.prefix(2)
            .handleEvents(receiveOutput: { events.append("passing \($0)") })
            .sink(receiveCompletion: { _ in events.append("prefix end") }, receiveValue: { events.append("prefix \($0)") })
        let first = subject.first(where: { $0 > 1 }).sink { events.append("first \($0)") }
        for value in [1, 2, 3] { subject.send(value) }
        #expect(
            events == [
                "passing 1", "prefix 1", "passing 2", "prefix 2", "prefix end", "first 2", "dropFirst 3",
            ])
        // A current value comes as the subscription attaches: `first()` takes it and lets go of the subject at once.
        let current = CurrentValueSubject<String, Never>("now")
        var taken: [String] = []
        let once = current.first().sink(receiveCompletion: { _ in taken.append("end") }, receiveValue: { taken.append($0) })
        current.send("later")
        #expect(taken == ["now", "end"])
        withExtendedLifetime((dropped, prefixed, first, once)) {}
    }

    /// A notification reaches a pipeline inside its post, after the delegate's method; `receive(on:
    /// DispatchQueue.main)` sends it on as main-queue work, after the callback.
    @Test func aPipelineHearsUIKitsNotificationsWhereAPhonePostsThem() throws {
        let app = try UIKitDevice("profile ios12\napp tracker\n") { SessionTrackingAppDelegate() }
        try app.device.perform("tap tracker")
        try app.device.perform("home")
        try app.device.perform("tap tracker")
        #expect(
            app.delegate?.log == [
                "applicationDidBecomeActive", "session started",
                "applicationWillEnterForeground", "refresh on UIApplicationWillEnterForegroundNotification",
                "applicationDidBecomeActive", "session started",
            ])
    }

    @Test func operatorsChangeWhatIsSent() {
        var received: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject
            .filter { $0 != 3 }
            .compactMap { $0 == 4 ? nil : $0 }
            .removeDuplicates()
            .map { "value \($0)" }
            .sink { received.append($0) }
        for value in [1, 1, 2, 3, 4, 5] { subject.send(value) }
        #expect(received == ["value 1", "value 2", "value 5"])
        subscription.cancel()
        subject.send(6)
        #expect(received.count == 3, "nothing arrives once the subscription is cancelled")
    }

    @Test func aSubscriptionLetGoIsCancelled() {
        var received: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        var cancellables = Set<AnyCancellable>()
        subject.sink { received.append($0) }.store(in: &cancellables)
        _ = subject.sink { received.append($0 * 100) }
        subject.send(1)
        cancellables.removeAll()
        subject.send(2)
        #expect(received == [1], "a sink not kept is gone at once; a kept one until its set lets it go")
    }

    @Test func subjectsJustAndMergeEnd() {
        var events: [String] = []
        let current = CurrentValueSubject<String, Never>("first")
        let merged = current.merge(with: Just("just"))
            .sink(receiveCompletion: { _ in events.append("end") }, receiveValue: { events.append($0) })
        current.value = "second"
        current.send(completion: .finished)
        current.send("after the end")
        #expect(events == ["first", "just", "second", "end"])
        withExtendedLifetime(merged) {}
    }

    @Test func publishedSendsItsValueBeforeItChanges() {
        final class Model: ObservableObject {
            @Published var count = 0
        }
        let model = Model()
        var seen: [String] = []
        let subscription = model.$count.sink { new in seen.append("\(model.count) → \(new)") }
        let changes = model.objectWillChange.sink { seen.append("will change") }
        model.count = 1
        #expect(seen == ["0 → 0", "will change", "0 → 1"])
        withExtendedLifetime((subscription, changes)) {}
    }

    @Test func assignWritesEachValue() {
        final class Label {
            var text = ""
        }
        let label = Label()
        let center = Foundation.NotificationCenter()
        let subscription = center.publisher(for: Notification.Name("Greeting"))
            .compactMap { $0.object as? String }
            .assign(to: \.text, on: label)
        center.post(name: Notification.Name("Greeting"), object: "hello")
        #expect(label.text == "hello")
        subscription.cancel()
        center.post(name: Notification.Name("Greeting"), object: "again")
        #expect(label.text == "hello")
    }

    /// `values` asks for one value at a time, as Combine's `AsyncPublisher` does: what is sent while nobody waits is
    /// dropped, unless a buffer keeps it, the oldest or the newest dropped when it is full.
    @Test func valuesComeOneAtATimeUnlessBuffered() async {
        let subject = PassthroughSubject<Int, Never>()
        var unbuffered = subject.values.makeAsyncIterator()
        var latest = subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest).values.makeAsyncIterator()
        var earliest = subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).values
            .makeAsyncIterator()
        for value in 1...3 { subject.send(value) }
        subject.send(completion: .finished)
        #expect(await unbuffered.next() == nil)
        #expect(await latest.next() == 3)
        #expect(await latest.next() == nil)
        #expect(await earliest.next() == 1)
        #expect(await earliest.next() == 2)
        #expect(await earliest.next() == nil)
    }

    /// A loop over `values` gets the values, and ends when its task is cancelled.
    @Test func aLoopOverValuesEndsWithItsTask() async {
        let subject = PassthroughSubject<String, Never>()
        let model = SubjectLoopRecorder()
        let values = subject.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest).values
        subject.send("before the loop")
        let iteration = values.makeAsyncIterator()
        let loop = Task { @MainActor in
            var iterator = iteration
            while let value = await iterator.next(isolation: #isolation) { model.values.append(value) }
            model.ended = true
        }
        subject.send("first")
        while model.values.isEmpty { await Task.yield() }
        loop.cancel()
        await loop.value
        #expect(model.values == ["first"])
        #expect(model.ended)
    }

    /// `throttle` and `delay` count on the phone's clock: the first position at once, the latest a second later; the
    /// note half a second after the save.
    @Test func throttleAndDelayCountOnThePhonesClock() throws {
        let app = try UIKitDevice("profile ios12\napp reader\n") { ThrottledPositionAppDelegate() }
        try app.device.perform("tap reader")
        #expect(app.delegate?.reported == [1])
        #expect(app.delegate?.notes == [])
        try app.device.perform("wait 0.6s")
        #expect(app.delegate?.notes == ["saved draft"])
        try app.device.perform("wait 0.6s")
        #expect(app.delegate?.reported == [1, 5])
    }

    /// The combining operators, as a form's view model chains them.
    @Test func combiningOperatorsSendWhatCombineSends() {
        let name = PassthroughSubject<String, Never>()
        let age = PassthroughSubject<Int, Never>()
        var combined: [String] = []
        let latest = name.combineLatest(age) { "\($0) \($1)" }.sink { combined.append($0) }
        name.send("Ada")
        age.send(36)
        name.send("Grace")
        #expect(combined == ["Ada 36", "Grace 36"])

        var totals: [Int] = []
        var all: [[Int]] = []
        let numbers = PassthroughSubject<Int, Never>()
        let scanned = numbers.scan(0, +).sink { totals.append($0) }
        let collected = numbers.collect().sink { all.append($0) }
        let flattened = numbers.flatMap { Just($0 * 10) }.sink { totals.append($0) }
        for number in [1, 2] { numbers.send(number) }
        numbers.send(completion: .finished)
        #expect(totals == [1, 10, 3, 20])
        #expect(all == [[1, 2]])

        let queries = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
        var results: [String] = []
        let switched = queries.switchToLatest().sink { results.append($0) }
        let first = PassthroughSubject<String, Never>()
        let second = PassthroughSubject<String, Never>()
        queries.send(first)
        first.send("a")
        queries.send(second)
        first.send("stale")
        second.send("b")
        #expect(results == ["a", "b"])

        struct Invalid: Error {}
        var parsed: [Int] = []
        let tried = ["1", "x", "3"].publisher.tryMap { text -> Int in
            guard let number = Int(text) else { throw Invalid() }
            return number
        }
        .replaceError(with: -1)
        .sink { parsed.append($0) }
        #expect(parsed == [1, -1])

        var promised: [Int] = []
        let future = Future<Int, Never> { promise in promise(.success(7)) }
        let kept = future.sink { promised.append($0) }
        let keptAgain = future.sink { promised.append($0) }
        #expect(promised == [7, 7])
        var keep: Future<String, Never>.Promise?
        var later: [String] = []
        let pending = Future<String, Never> { keep = $0 }
        let early = pending.sink { later.append("early \($0)") }
        keep?(.success("done"))
        keep?(.success("again"))
        let late = pending.sink { later.append("late \($0)") }
        #expect(later == ["early done", "late done"])
        _ = (early, late)
        _ = (latest, scanned, collected, flattened, switched, tried, kept, keptAgain)
    }
}

@MainActor final class SubjectLoopRecorder {
    var values: [String] = []
    var ended = false
}