import Foundation
import LifecycleCore
import LifecycleKit
import LifecycleSimulator
import LifecycleTrace

/// The servers a simulated device's apps reach over its network (docs/lifecycle.md §19): what each URL answers and
/// how long it takes, on the phone's clock, and the requests that reached them.
///
/// ```swift
/// let device = try SimulatedDevice(app: FeedApp.self, profile: .ios17)
/// device.network.respond(to: "https://example.com/feed.json", body: #"["first"]"#, after: .milliseconds(400))
/// device.network.respond(to: "https://example.com/upload", method: "POST", status: 201)
/// device.network.isReachable = false                         // `network off`: `.notConnectedToInternet`
/// #expect(device.network.received.map(\.url.path) == ["/feed.json"])
/// ```
///
/// A URL is matched exactly (its query included), or by a route ending in `*`, which matches every URL it begins. A
/// URL of a host that answers no route gets `URLError.cannotFindHost`; one the host does not know, the status 404.
/// The latest route declared for a URL wins. A request whose answer takes longer than its timeout (60 seconds unless
/// the app's code sets another) fails with `URLError.timedOut` then; a background session's transfer waits as long as
/// it takes, and while the network is off.
@MainActor
public final class SimulatedNetwork {
    /// What a server answers a request, after how long: `nil` to pass the request to the routes declared before.
    public typealias Responder = @MainActor (NetworkRequest) -> (outcome: NetworkOutcome, latency: Duration)?

    /// Whether the phone reaches the network: when not, a request fails at once with
    /// `URLError.notConnectedToInternet`, and one in flight when it went off with `.networkConnectionLost` when its
    /// answer was due. Setting it is the user action `network on` or `network off`, in the trace; the phone's
    /// ``Phone/isNetworkReachable`` is the one state, which a scenario's `network off` changes too.
    public var isReachable: Bool {
        get { simulator.phone.isNetworkReachable }
        set {
            do {
                try simulator.perform(.setNetworkReachable(newValue))
            } catch {
                preconditionFailure("the network can always be turned on or off: \(error)")
            }
        }
    }
    /// The time a route declared without one takes to answer, on the phone's clock.
    public var latency: Duration = .milliseconds(300)
    /// The requests whose exchange ended with the server's reply reaching the app (or, for a background session's
    /// transfer, the system), in order: what the servers can count on having seen.
    public private(set) var received: [NetworkRequest] = []
    /// Every request the apps' code sent, in order, whatever became of it.
    public private(set) var sent: [NetworkRequest] = []
    private var responders: [Responder] = []
    private var hosts: Set<String> = []
    /// The simulator whose phone's network this is.
    private let simulator: Simulator<CollectingTraceSink>

    init(simulator: Simulator<CollectingTraceSink>) {
        self.simulator = simulator
    }

    /// Declares what `url` answers: `status`, `headers` and `body`, after `latency` (``latency`` unless told), to
    /// requests of `method` (any, unless told).
    public func respond(
        to url: String, method: String? = nil, status: Int = 200, headers: [String: String] = [:],
        body: Data = Data(), after latency: Duration? = nil
    ) {
        let reply = NetworkReply(status: status, headers: headers, body: body)
        answer(to: url, method: method, with: .reply(reply), after: latency)
    }

    /// Declares what `url` answers, with a body of text (UTF-8).
    public func respond(
        to url: String, method: String? = nil, status: Int = 200, headers: [String: String] = [:], body: String,
        after latency: Duration? = nil
    ) {
        respond(to: url, method: method, status: status, headers: headers, body: Data(body.utf8), after: latency)
    }

    /// Declares that requests to `url` fail with `code` (`.timedOut`, `.cannotConnectToHost`), after `latency`.
    public func fail(_ url: String, method: String? = nil, with code: URLError.Code, after latency: Duration? = nil) {
        answer(to: url, method: method, with: .failure(code), after: latency)
    }

    /// Declares a server of its own: `responder` sees each request first, and answers it or passes it on (`nil`).
    public func respond(with responder: @escaping Responder) {
        responders.append(responder)
    }

    private func answer(to url: String, method: String?, with outcome: NetworkOutcome, after latency: Duration?) {
        let prefix = url.hasSuffix("*") ? String(url.dropLast()) : nil
        if let host = URL(string: prefix ?? url)?.host { hosts.insert(host) }
        responders.append { [unowned self] request in
            let address = request.url.absoluteString
            guard method.map({ $0 == request.method }) ?? true,
                prefix.map({ address.hasPrefix($0) }) ?? (address == url)
            else { return nil }
            return (outcome, latency ?? self.latency)
        }
    }

    /// How the servers answer `request`, and when: when it times out first, `.timedOut` then; offline, at once
    /// `.notConnectedToInternet`. A background session's transfer (`inBackgroundSession`) neither times out nor fails
    /// offline: the system waits for the network and the server as long as it takes.
    func exchange(
        for request: NetworkRequest, inBackgroundSession: Bool = false
    ) -> (outcome: NetworkOutcome, latency: Duration) {
        sent.append(request)
        if inBackgroundSession { return answer(to: request) }
        guard isReachable else { return (.failure(.notConnectedToInternet), .zero) }
        let (outcome, latency) = answer(to: request)
        return latency > request.timeout ? (.failure(.timedOut), request.timeout) : (outcome, latency)
    }

    private func answer(to request: NetworkRequest) -> (outcome: NetworkOutcome, latency: Duration) {
        for responder in responders.reversed() {
            if let answer = responder(request) { return answer }
        }
        guard let host = request.url.host, hosts.contains(host) else { return (.failure(.cannotFindHost), latency) }
        return (.reply(NetworkReply(status: 404)), latency)
    }

    /// The server's reply to `request` reached the app.
    func replied(to request: NetworkRequest) {
        received.append(request)
    }
}
