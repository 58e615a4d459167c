import LifecycleKit
import LifecycleScenario
import LifecycleTesting
import LifecycleUIKit
import Testing

// `URLSession` in a UIKit app's code (docs/lifecycle.md §19), over the simulated device's network. The reader ports
// Apple's "Fetching website data into memory" (its `startLoad()`: a data task whose completion handler checks the
// error, the status and the MIME type, and hands the page to the main queue), here loading as the app becomes active.
// The uploaders send the user's draft as the app leaves the screen: the hasty one as is, the careful one holding a
// background task until the server answers, as Apple's "Extending your app's background execution time" advises.

final class ReaderAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    /// What the app showed: the page, or the error it reported.
    private(set) var shown: [String] = []

    func applicationDidBecomeActive(_ application: UIApplication) {
        startLoad()
    }

    func startLoad() {
        let url = URL(string: "https://www.example.com/")!
        let task = URLSession.shared.dataTask(with: url) { data, response, error in
            if let error = error {
                DispatchQueue.main.async { self.handleClientError(error) }
                return
            }
            guard let httpResponse = response as? HTTPURLResponse,
                (200...299).contains(httpResponse.statusCode)
            else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                DispatchQueue.main.async { self.shown.append("server error \(status)") }
                return
            }
            if let mimeType = httpResponse.mimeType, mimeType == "text/html",
                let data = data,
                let string = String(data: data, encoding: .utf8)
            {
                DispatchQueue.main.async { self.shown.append(string) }
            }
        }
        task.resume()
    }

    private func handleClientError(_ error: any Error) {
        shown.append("error \((error as? URLError)?.code.rawValue ?? 0)")
    }
}

/// How an uploader keeps the app running until the server answers.
enum UploadCare {
    /// It does not: the app is suspended as it leaves the screen.
    case none
    /// One background task at a time, its identifier in a property of the delegate: a second upload, begun before the
    /// first is answered, overwrites it, and the first task is never ended.
    case oneTaskProperty
    /// A background task for each upload, kept with it.
    case taskPerUpload
}

/// The background task of one upload.
@MainActor final class PendingUpload {
    var backgroundTask = UIBackgroundTaskIdentifier.invalid
}

/// Sends the draft as the app leaves the screen, with the care of its class.
class DraftUploader: UIResponder, UIApplicationDelegate {
    class var care: UploadCare { .none }
    var window: UIWindow?
    /// How many uploads have been sent and not answered.
    private(set) var uploadsInFlight = 0
    /// How each upload ended: its status, or its error's code.
    private(set) var outcomes: [String] = []
    private var uploadTask = UIBackgroundTaskIdentifier.invalid

    func applicationDidEnterBackground(_ application: UIApplication) {
        let upload = PendingUpload()
        switch Self.care {
        case .none: break
        case .oneTaskProperty:
            uploadTask = application.beginBackgroundTask(withName: "Upload draft") {
                application.endBackgroundTask(self.uploadTask)
                self.uploadTask = .invalid
            }
        case .taskPerUpload:
            upload.backgroundTask = application.beginBackgroundTask(withName: "Upload draft") {
                application.endBackgroundTask(upload.backgroundTask)
                upload.backgroundTask = .invalid
            }
        }
        var request = URLRequest(url: URL(string: "https://example.com/drafts")!)
        request.httpMethod = "POST"
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        uploadsInFlight += 1
        URLSession.shared.uploadTask(with: request, from: Data("Dear diary".utf8)) { _, response, error in
            let outcome =
                if let error = error as? URLError { "error \(error.code.rawValue)" } else {
                    "status \((response as? HTTPURLResponse)?.statusCode ?? 0)"
                }
            DispatchQueue.main.async {
                self.outcomes.append(outcome)
                self.uploadsInFlight -= 1
                self.endBackgroundTask(of: upload)
            }
        }.resume()
    }

    private func endBackgroundTask(of upload: PendingUpload) {
        switch Self.care {
        case .none: break
        case .oneTaskProperty:
            guard uploadTask != .invalid else { return }
            UIApplication.shared.endBackgroundTask(uploadTask)
            uploadTask = .invalid
        case .taskPerUpload:
            guard upload.backgroundTask != .invalid else { return }
            UIApplication.shared.endBackgroundTask(upload.backgroundTask)
            upload.backgroundTask = .invalid
        }
    }
}

final class OneTaskDraftUploader: DraftUploader {
    override class var care: UploadCare { .oneTaskProperty }
}

final class CarefulDraftUploader: DraftUploader {
    override class var care: UploadCare { .taskPerUpload }
}

@Suite @MainActor struct URLSessionTests {
    static let page = "<html><body>Example Domain</body></html>"

    private func reader() throws -> UIKitDevice<ReaderAppDelegate> {
        let reader = try UIKitDevice("app reader\n") { ReaderAppDelegate() }
        reader.device.network.respond(
            to: "https://www.example.com/", headers: ["Content-Type": "text/html; charset=UTF-8"], body: Self.page,
            after: .milliseconds(500))
        return reader
    }

    /// The page comes after the server's latency on the phone's clock, to the handler on the session's queue, which
    /// hands it to the main queue.
    @Test func thePageComesAfterTheServersLatency() async throws {
        let reader = try reader()
        try reader.device.perform("tap reader")
        await reader.device.settle()
        #expect(reader.delegate?.shown == [])
        await reader.device.waitAndSettle(.milliseconds(500))
        #expect(reader.delegate?.shown == [Self.page])
        #expect(reader.device.network.received.map(\.url.absoluteString) == ["https://www.example.com/"])
    }

    /// Suspended before the answer came, the app finds its connection lost when it comes back: the request fails
    /// then, and the load it starts on becoming active again shows the page.
    @Test func aSuspensionLosesTheConnection() async throws {
        let reader = try reader()
        try reader.device.perform("tap reader")
        try reader.device.perform("home")
        await reader.device.waitAndSettle(.seconds(5))
        #expect(reader.delegate?.shown == [])
        try reader.device.perform("tap reader")
        await reader.device.settle()
        await reader.device.waitAndSettle(.milliseconds(500))
        let lost = URLError.Code.networkConnectionLost.rawValue
        #expect(reader.delegate?.shown == ["error \(lost)", Self.page])
        #expect(
            reader.device.printedTrace().contains(
                "GET https://www.example.com/: the connection was lost while reader was suspended"))
        #expect(reader.device.network.sent.count == 2)
        #expect(reader.device.network.received.count == 1)
    }

    /// Offline, the request fails at once; a status outside 2xx is the server's error; a host the network does not
    /// know cannot be found.
    @Test func failuresComeAsOnAPhone() async throws {
        let offline = try reader()
        offline.device.network.isReachable = false
        try offline.device.perform("tap reader")
        await offline.device.settle()
        #expect(offline.delegate?.shown == ["error \(URLError.Code.notConnectedToInternet.rawValue)"])

        let failing = try UIKitDevice("app reader\n") { ReaderAppDelegate() }
        failing.device.network.respond(to: "https://www.example.com/", status: 503)
        try failing.device.perform("tap reader")
        await failing.device.waitAndSettle(.seconds(1))
        #expect(failing.delegate?.shown == ["server error 503"])

        let unknown = try UIKitDevice("app reader\n") { ReaderAppDelegate() }
        try unknown.device.perform("tap reader")
        await unknown.device.waitAndSettle(.seconds(1))
        #expect(unknown.delegate?.shown == ["error \(URLError.Code.cannotFindHost.rawValue)"])
    }

    /// A route ending in `*` answers every URL it begins, a server of the test's own sees each request first, the
    /// latest route wins, and a failure declared for a URL comes after its latency.
    @Test func routesAnswerAsDeclared() async throws {
        let reader = try UIKitDevice("app reader\n") { ReaderAppDelegate() }
        let network = reader.device.network
        network.respond(to: "https://www.example.com/*", headers: ["Content-Type": "text/html"], body: "any page")
        try reader.device.perform("tap reader")
        await reader.device.waitAndSettle(.seconds(1))
        #expect(reader.delegate?.shown == ["any page"])

        let mine = NetworkReply(status: 200, headers: ["Content-Type": "text/html"], body: Data("mine".utf8))
        network.respond { request in
            request.url.host == "www.example.com" ? (.reply(mine), .milliseconds(100)) : nil
        }
        for line in ["home", "tap reader"] { try reader.device.perform(line) }
        await reader.device.waitAndSettle(.seconds(1))
        #expect(reader.delegate?.shown == ["any page", "mine"])

        network.fail("https://www.example.com/", with: .timedOut, after: .seconds(2))
        for line in ["home", "tap reader"] { try reader.device.perform(line) }
        await reader.device.waitAndSettle(.seconds(1))
        #expect(reader.delegate?.shown == ["any page", "mine"])
        await reader.device.waitAndSettle(.seconds(1))
        #expect(reader.delegate?.shown == ["any page", "mine", "error \(URLError.Code.timedOut.rawValue)"])
    }

    /// A process that ends with a request in flight takes the request with it: no answer ever comes.
    @Test func anEndedProcessHearsNothing() async throws {
        let reader = try reader()
        try reader.device.perform("tap reader")
        try reader.device.perform("switcher")
        try reader.device.perform("swipe reader")
        await reader.device.waitAndSettle(.seconds(5))
        #expect(reader.device.network.received.isEmpty)
    }

    /// The hasty upload is lost to the suspension that follows the background callback; the careful one reaches
    /// the server before its background task ends.
    @Test func onlyTheCarefulUploadReachesTheServer() async throws {
        for reaches in [false, true] {
            let app = try UIKitDevice("app drafts\n") { reaches ? CarefulDraftUploader() : DraftUploader() }
            app.device.network.respond(to: "https://example.com/drafts", method: "POST", status: 201)
            try app.device.perform("tap drafts")
            try app.device.perform("home")
            await app.device.waitAndSettle(.seconds(1))
            #expect(app.device.state(of: "drafts") == .suspended)
            #expect(app.device.network.received.map(\.body) == (reaches ? [Data("Dear diary".utf8)] : []))
            #expect(app.delegate?.outcomes == (reaches ? ["status 201"] : []))
            try app.device.perform("tap drafts")
            await app.device.settle()
            let lost = "error \(URLError.Code.networkConnectionLost.rawValue)"
            #expect(app.delegate?.outcomes == (reaches ? ["status 201"] : [lost]))
        }
    }

    /// The explorer finds the uploader that holds no background task suspended with its upload in flight, and the one
    /// that keeps one task in a property leaving a task never ended once two uploads overlap (the user leaves the app,
    /// comes back and leaves again before the first is answered); nothing in the careful one.
    @Test func theExplorerFindsTheUploadsLeftInFlight() async throws {
        let cases: [(make: @MainActor () -> DraftUploader, finding: String?, steps: Int)] = [
            // Shrunk to `tap drafts`, `home`.
            ({ DraftUploader() }, "invariant", 2),
            // Shrunk to `tap drafts`, `home`, `tap drafts`, `home`, `wait 5s`, `wait 20s`: two uploads overlap.
            ({ OneTaskDraftUploader() }, "background-task-not-ended", 6),
            ({ CarefulDraftUploader() }, nil, 0),
        ]
        for (make, finding, steps) in cases {
            var explorer = try LifecycleExplorer(declarations: "profile ios17\napp drafts\n")
            explorer.run("drafts", uikit: make)
            explorer.network { $0.respond(to: "https://example.com/drafts", method: "POST", status: 201) }
            explorer.invariant("no upload in flight when suspended", of: "drafts") { (app: DraftUploader, device) in
                device.state(of: "drafts") != .suspended || app.uploadsInFlight == 0
            }
            let report = await explorer.explore(sessions: 300, actions: 20, seed: 11)
            #expect(report.findings.map(\.kind.rawValue) == (finding.map { [$0] } ?? []), "\(report)")
            #expect(report.findings.map(\.steps) == (finding == nil ? [] : [steps]), "\(report)")
        }
    }
}
