import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// A background URL session, as Apple's "Downloading files in the background" writes it: a lazily made session with a
// background configuration and the app's object as delegate, a download task resumed, the file moved to Documents in
// `urlSession(_:downloadTask:didFinishDownloadingTo:)`, the completion handler of
// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` kept by the app delegate and called on the
// main queue from `urlSessionDidFinishEvents(forBackgroundURLSession:)`. The forgetful delegate keeps the handler but
// does not make its session again when iOS launches it for the session's events: nothing then tells it the events
// were all told, and the handler is never called.

final class EpisodeDownloader: NSObject, URLSessionDownloadDelegate, @unchecked Sendable {
    // Sendable as the app's delegate of its session is on iOS: its one state is made once, on the main queue.

    private(set) lazy var urlSession: URLSession = {
        let config = URLSessionConfiguration.background(withIdentifier: "MySession")
        config.isDiscretionary = true
        config.sessionSendsLaunchEvents = true
        return URLSession(configuration: config, delegate: self, delegateQueue: nil)
    }()

    func download(_ url: URL) {
        let backgroundTask = urlSession.downloadTask(with: url)
        backgroundTask.resume()
    }

    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        DispatchQueue.main.async {
            guard let appDelegate = UIApplication.shared.delegate as? EpisodesAppDelegate,
                let backgroundCompletionHandler =
                    appDelegate.backgroundCompletionHandler
            else {
                return
            }
            backgroundCompletionHandler()
        }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        guard let response = downloadTask.response as? HTTPURLResponse, (200..<299).contains(response.statusCode)
        else { return }
        do {
            let documentsURL = try FileManager.default.url(
                for: .documentDirectory, in: .userDomainMask, appropriateFor: nil, create: false)
            let savedURL = documentsURL.appendingPathComponent(downloadTask.originalRequest!.url!.lastPathComponent)
            try FileManager.default.moveItem(at: location, to: savedURL)
        } catch {
            // handle filesystem error
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let outcome = (error as? URLError).map { "error \($0.code.rawValue)" } ?? "done"
        DispatchQueue.main.async { DownloadLog.outcomes.append(outcome) }
    }
}

@MainActor
enum DownloadLog {
    static var outcomes: [String] = []
}

class EpisodesAppDelegate: UIResponder, UIApplicationDelegate {
    class var makesItsSessionAgain: Bool { true }
    var window: UIWindow?
    var backgroundCompletionHandler: (() -> Void)?
    let downloader = EpisodeDownloader()

    func applicationDidEnterBackground(_ application: UIApplication) {
        if UserDefaults.standard.bool(forKey: "downloaded") { return }
        UserDefaults.standard.set(true, forKey: "downloaded")
        downloader.download(URL(string: "https://example.com/episodes/1.mp3")!)
    }

    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        backgroundCompletionHandler = completionHandler
        if Self.makesItsSessionAgain { _ = downloader.urlSession }
    }
}

final class ForgetfulEpisodesAppDelegate: EpisodesAppDelegate {
    override class var makesItsSessionAgain: Bool { false }
}

@Suite(.serialized) @MainActor struct BackgroundDownloadTests {
    init() { DownloadLog.outcomes = [] }

    private func podcast(
        _ make: @escaping @MainActor () -> EpisodesAppDelegate = { EpisodesAppDelegate() }
    ) throws -> UIKitDevice<EpisodesAppDelegate> {
        let podcast = try UIKitDevice("profile ios17\napp podcast\n", make)
        podcast.device.network.respond(to: "https://example.com/episodes/1.mp3", body: "ID3…", after: .seconds(20))
        return podcast
    }

    /// Whether the episode is in the app's Documents.
    private func episodeIsSaved(_ device: SimulatedDevice) throws -> Bool {
        let application = try #require(device.applications["podcast"])
        return application.runAsItsCode {
            let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            return FileManager.default.fileExists(atPath: documents.appendingPathComponent("1.mp3").path)
        }
    }

    /// The download goes on while the app is suspended; when it ends, iOS wakes the app for the session's events, the
    /// delegate saves the file and says it has told them all, and the app calls the completion handler, which lets
    /// iOS suspend it again.
    @Test func theSuspendedAppIsWokenForTheDownload() async throws {
        let podcast = try podcast()
        for line in ["tap podcast", "home"] { try podcast.device.perform(line) }
        await podcast.device.settle()
        #expect(podcast.device.state(of: "podcast") == .suspended)
        await podcast.device.waitAndSettle(.seconds(21))
        #expect(try episodeIsSaved(podcast.device))
        #expect(DownloadLog.outcomes == ["done"])
        #expect(podcast.device.state(of: "podcast") == .suspended)
        let trace = podcast.device.printedTrace()
        #expect(trace.contains("application:handleEventsForBackgroundURLSession:completionHandler:"), "\(trace)")
        #expect(trace.contains("completion handler of application:handleEventsForBackgroundURLSession"), "\(trace)")
        #expect(
            trace.contains("background session MySession: GET https://example.com/episodes/1.mp3 finished (200)"),
            "\(trace)")
    }

    /// Purged meanwhile, the app is launched in the background for the events; it makes its session again in the
    /// delegate method, which hears of the download.
    @Test func thePurgedAppIsLaunchedForTheDownload() async throws {
        let podcast = try podcast()
        for line in ["tap podcast", "home", "memory-pressure"] { try podcast.device.perform(line) }
        #expect(podcast.device.state(of: "podcast") == .notRunning)
        await podcast.device.waitAndSettle(.seconds(21))
        #expect(try episodeIsSaved(podcast.device))
        #expect(DownloadLog.outcomes == ["done"])
        #expect(podcast.device.state(of: "podcast") == .suspended)
    }

    /// A background session's transfer waits for the network: offline, the download neither fails nor ends; once the
    /// network is back, the system takes it up again (looking every 10 s) and wakes the app when it ends.
    @Test func theDownloadWaitsForTheNetwork() async throws {
        let podcast = try podcast()
        for line in ["network off", "tap podcast", "home"] { try podcast.device.perform(line) }
        await podcast.device.waitAndSettle(.seconds(60))
        #expect(try !episodeIsSaved(podcast.device))
        #expect(DownloadLog.outcomes == [])
        let trace = podcast.device.printedTrace()
        #expect(
            trace.contains("background session MySession: GET https://example.com/episodes/1.mp3 waits for the network")
        )
        try podcast.device.perform("network on")
        await podcast.device.waitAndSettle(.seconds(10))
        #expect(try episodeIsSaved(podcast.device))
        #expect(DownloadLog.outcomes == ["done"])
        #expect(podcast.device.state(of: "podcast") == .suspended)
    }

    /// The user swiping the app away cancels the download: iOS launches it for nothing, and the session the app makes
    /// when the user opens it again hears of the cancellation.
    @Test func aSwipeCancelsTheDownload() async throws {
        let podcast = try podcast()
        for line in ["tap podcast", "home", "switcher", "swipe podcast", "home"] { try podcast.device.perform(line) }
        await podcast.device.waitAndSettle(.seconds(21))
        #expect(podcast.device.state(of: "podcast") == .notRunning)
        #expect(try !episodeIsSaved(podcast.device))
        try podcast.device.perform("tap podcast")
        // The app's code makes its session again, as a tap on its download button would.
        podcast.device.applications["podcast"]?.runAsItsCode { _ = podcast.delegate?.downloader.urlSession }
        await podcast.device.settle()
        #expect(DownloadLog.outcomes == ["error \(URLError.Code.cancelled.rawValue)"])
        #expect(podcast.device.network.received.isEmpty)
    }

    /// The explorer finds the forgetful delegate's completion handler never called, and nothing in the careful one.
    @Test func theExplorerFindsTheSessionNotMadeAgain() async throws {
        for found in [true, false] {
            var explorer = try LifecycleExplorer(declarations: "profile ios17\napp podcast\n")
            explorer.run("podcast", uikit: { found ? ForgetfulEpisodesAppDelegate() : EpisodesAppDelegate() })
            explorer.network {
                $0.respond(to: "https://example.com/episodes/1.mp3", body: "ID3…", after: .seconds(20))
            }
            let report = await explorer.explore(sessions: 300, actions: 20, seed: 5)
            let kinds = Set(report.findings.map(\.kind))
            #expect(kinds == (found ? [.completionHandlerNotCalled] : []), "\(report)")
        }
    }
}
