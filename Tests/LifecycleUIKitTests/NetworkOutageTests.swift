import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// The network going off (`network off`, airplane mode) under app code written for iOS (docs/lifecycle.md §19). The feed
// app's background fetch looks careful: it calls the fetch's completion handler from both closures of its network
// layer, the data's and the error's. The layer follows C4Q's `NetworkHelper2` (AC-iOS-MidProgramAssessment,
// Model/NetworkHelper2.swift), written again here with the `Sendable` marks Swift 6 asks for: it hands the answer to
// the main queue and gives up there when no data came, before it looks at the error, so that offline, when a request
// has an error and no data, neither closure is called. The careful layer checks the error first.

final class NetworkHelper2: Sendable {
    static let manager = NetworkHelper2()
    private let session = URLSession(configuration: .default)

    private init() {}

    func performDataTask(
        with url: URL, completionHandler: @escaping @MainActor @Sendable (Data) -> Void,
        errorHandler: @escaping @MainActor @Sendable (Error) -> Void
    ) {
        let task = session.dataTask(with: url) { data, _, error in
            DispatchQueue.main.async {
                guard let data else { return }  // the bug: an error with no data is dropped here
                if let error { errorHandler(error) }
                completionHandler(data)
            }
        }
        task.resume()
    }
}

/// The layer fixed: an error reaches the error handler, whatever came with it.
final class CarefulNetworkHelper: Sendable {
    static let manager = CarefulNetworkHelper()
    private let urlSession = URLSession(configuration: URLSessionConfiguration.default)
    func performDataTask(
        with url: URL, completionHandler: @escaping @MainActor @Sendable (Data) -> Void,
        errorHandler: @escaping @MainActor @Sendable (Error) -> Void
    ) {
        urlSession.dataTask(with: url) { data, _, error in
            DispatchQueue.main.async {
                if let error {
                    errorHandler(error)
                } else {
                    completionHandler(data ?? Data())
                }
            }
        }.resume()
    }
}

class FeedAppDelegate: UIResponder, UIApplicationDelegate {
    static let feed = URL(string: "https://example.com/feed.json")!
    var window: UIWindow?
    /// The results the app gave its fetches' completion handlers.
    private(set) var fetches: [UIBackgroundFetchResult] = []
    /// The feeds the app downloaded.
    private(set) var feeds: [String] = []

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        application.setMinimumBackgroundFetchInterval(UIApplication.backgroundFetchIntervalMinimum)
        return true
    }

    func application(
        _ application: UIApplication,
        performFetchWithCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        fetch(
            Self.feed,
            completionHandler: { data in
                self.feeds.append(String(decoding: data, as: UTF8.self))
                self.fetches.append(.newData)
                completionHandler(.newData)
            },
            errorHandler: { _ in
                self.fetches.append(.failed)
                completionHandler(.failed)
            })
    }

    func fetch(
        _ url: URL, completionHandler: @escaping @MainActor @Sendable (Data) -> Void,
        errorHandler: @escaping @MainActor @Sendable (Error) -> Void
    ) {
        NetworkHelper2.manager.performDataTask(
            with: url, completionHandler: completionHandler, errorHandler: errorHandler)
    }
}

final class CarefulFeedAppDelegate: FeedAppDelegate {
    override func fetch(
        _ url: URL, completionHandler: @escaping @MainActor @Sendable (Data) -> Void,
        errorHandler: @escaping @MainActor @Sendable (Error) -> Void
    ) {
        CarefulNetworkHelper.manager.performDataTask(
            with: url, completionHandler: completionHandler, errorHandler: errorHandler)
    }
}

/// A feed loaded, as the app becomes active, through a session that waits for connectivity
/// (`waitsForConnectivity`, as Apple's "Optimizing Your App for Today’s Internet" advises): offline, the request waits
/// rather than fail, and the delegate hears so once.
final class PatientFeedAppDelegate: UIResponder, UIApplicationDelegate, URLSessionDataDelegate {
    var window: UIWindow?
    /// What the session told the delegate, in order.
    private(set) var events: [String] = []

    lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.waitsForConnectivity = true
        configuration.timeoutIntervalForResource = 120
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    func applicationDidBecomeActive(_ application: UIApplication) {
        session.dataTask(with: FeedAppDelegate.feed).resume()
    }

    func urlSession(_ session: URLSession, taskIsWaitingForConnectivity task: URLSessionTask) {
        events.append("waiting")
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        events.append(String(decoding: data, as: UTF8.self))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        events.append(error.map { "error \(($0 as? URLError)?.code.rawValue ?? 0)" } ?? "done")
    }
}

@Suite @MainActor struct NetworkOutageTests {
    /// `LIFECYCLE_EXPLORER_SESSIONS=10000` runs the ten thousand sessions the careful app is held to.
    static let sessions = ProcessInfo.processInfo.environment["LIFECYCLE_EXPLORER_SESSIONS"].flatMap(Int.init) ?? 300

    private func feedApp(careful: Bool = false) throws -> UIKitDevice<FeedAppDelegate> {
        let feed = try UIKitDevice("app feed background-modes=fetch\n") {
            careful ? CarefulFeedAppDelegate() : FeedAppDelegate()
        }
        feed.device.network.respond(to: FeedAppDelegate.feed.absoluteString, body: #"["first"]"#)
        return feed
    }

    /// Online, both layers answer the fetch with the feed.
    @Test func onlineTheFetchGetsTheFeed() async throws {
        for careful in [false, true] {
            let feed = try feedApp(careful: careful)
            for line in ["tap feed", "home", "fetch feed"] { try feed.device.perform(line) }
            await feed.device.waitAndSettle(.seconds(1))
            #expect(feed.delegate?.feeds == [#"["first"]"#])
            #expect(feed.delegate?.fetches == [.newData])
            #expect(feed.device.state(of: "feed") == .suspended)
        }
    }

    /// Offline, the helper's `guard let data` swallows the error: the fetch's completion handler is never called, and
    /// the system ends the app 30 s later. The careful layer reports the failure, and the app is suspended at once.
    @Test func offlineTheSwallowedErrorGetsTheAppKilled() async throws {
        for careful in [false, true] {
            let feed = try feedApp(careful: careful)
            for line in ["tap feed", "home", "network off", "fetch feed"] { try feed.device.perform(line) }
            await feed.device.waitAndSettle(.seconds(31))
            #expect(feed.delegate?.fetches == (careful ? [.failed] : []))
            #expect(feed.device.network.sent.count == 1)
            #expect(feed.device.state(of: "feed") == (careful ? .suspended : .notRunning))
            let trace = feed.device.printedTrace()
            #expect(trace.contains("network off"), "\(trace)")
            #expect(trace.contains("was not called within 30 s") == !careful, "\(trace)")
        }
    }

    /// A request in flight when the network goes off fails with "the network connection was lost" when its answer
    /// was due; one sent once the network is back gets its answer.
    @Test func theNetworkGoingOffCutsTheRequestInFlight() async throws {
        let feed = try feedApp(careful: true)
        feed.device.network.latency = .seconds(2)
        feed.device.network.respond(to: FeedAppDelegate.feed.absoluteString, body: "[]")
        for line in ["tap feed", "home", "fetch feed", "network off"] { try feed.device.perform(line) }
        #expect(!feed.device.network.isReachable)
        await feed.device.waitAndSettle(.seconds(2))
        #expect(feed.delegate?.fetches == [.failed])
        #expect(feed.device.network.received.isEmpty)
        #expect(
            feed.device.printedTrace().contains(
                "GET https://example.com/feed.json: the connection was lost when the network went off"))
        feed.device.network.isReachable = true
        try feed.device.perform("fetch feed")
        await feed.device.waitAndSettle(.seconds(2))
        #expect(feed.delegate?.fetches == [.failed, .newData])
        #expect(feed.device.simulator.phone.isNetworkReachable)
    }

    /// A session that waits for connectivity sends its request once the network is back, and only fails when it has
    /// waited its resource timeout.
    @Test func aSessionThatWaitsForConnectivitySendsOnceTheNetworkIsBack() async throws {
        let feed = try UIKitDevice("app feed\n") { PatientFeedAppDelegate() }
        feed.device.network.respond(to: FeedAppDelegate.feed.absoluteString, body: "[]")
        for line in ["network off", "tap feed"] { try feed.device.perform(line) }
        await feed.device.waitAndSettle(.seconds(30))
        #expect(feed.delegate?.events == ["waiting"])
        #expect(feed.device.network.sent.isEmpty)
        try feed.device.perform("network on")
        await feed.device.waitAndSettle(.seconds(2))
        #expect(feed.delegate?.events == ["waiting", "[]", "done"])

        let stranded = try UIKitDevice("app feed\n") { PatientFeedAppDelegate() }
        for line in ["network off", "tap feed"] { try stranded.device.perform(line) }
        await stranded.device.waitAndSettle(.seconds(121))
        #expect(stranded.delegate?.events == ["waiting", "error \(URLError.Code.timedOut.rawValue)"])
    }

    /// The explorer turns a declared network off and on: it finds the fetch whose completion handler the helper's
    /// offline path never calls, and nothing in the careful one. Shrunk to `fetch feed`, `network off`, `wait 30s`:
    /// the network goes off under the fetch's request, whose error the helper swallows.
    @Test func theExplorerFindsTheErrorTheHelperSwallows() async throws {
        for careful in [false, true] {
            var explorer = try LifecycleExplorer(declarations: "profile ios17\napp feed background-modes=fetch\n")
            explorer.run("feed", uikit: { careful ? CarefulFeedAppDelegate() : FeedAppDelegate() })
            explorer.network { $0.respond(to: FeedAppDelegate.feed.absoluteString, body: "[]") }
            let report = await explorer.explore(sessions: careful ? Self.sessions : 300, actions: 20, seed: 3)
            #expect(report.findings.map(\.kind) == (careful ? [] : [.completionHandlerNotCalled]), "\(report)")
            if let finding = report.findings.first {
                #expect(finding.scenario.hasSuffix("fetch feed\nnetwork off\nwait 30s\n"), "\(report)")
            }
        }
    }

    /// The explorer draws network steps only for a network the test declared: without one, the sessions of a seed
    /// are those they were before network steps came.
    @Test func theExplorerTurnsOnlyADeclaredNetworkOff() async throws {
        var explorer = try LifecycleExplorer(declarations: "profile ios17\napp feed background-modes=fetch\n")
        explorer.run("feed", uikit: { CarefulFeedAppDelegate() })
        let sessions = await explorer.generatedSessions(sessions: 50, actions: 20, seed: 3)
        #expect(!sessions.contains { $0.contains("network") })
        explorer.network { $0.respond(to: FeedAppDelegate.feed.absoluteString, body: "[]") }
        let withNetwork = await explorer.generatedSessions(sessions: 50, actions: 20, seed: 3)
        #expect(withNetwork.contains { $0.contains("network off") })
    }
}
