import Foundation

/// A request an app's code sends over the phone's network (LifecycleUIKit's `URLSession`), as a host that simulates
/// the network sees it (docs/lifecycle.md §19).
public struct NetworkRequest: Sendable, Hashable {
    public var url: URL
    /// The HTTP method: `GET` unless the request names another.
    public var method: String
    public var headers: [String: String]
    public var body: Data?
    /// How long the app waits for the server's data before the request fails with `.timedOut`.
    public var timeout: Duration

    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
        timeout: Duration = .seconds(60)
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// A server's answer to a ``NetworkRequest``: an HTTP status, its header fields and its body.
public struct NetworkReply: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// How an exchange over the phone's network ends for the app's code: the server's reply, or the `URLError` its
/// `URLSession` reports (`.networkConnectionLost` for a request the app was suspended in the middle of,
/// `.notConnectedToInternet` when the phone is offline).
public enum NetworkOutcome: Sendable, Hashable, CustomStringConvertible {
    case reply(NetworkReply)
    case failure(URLError.Code)

    /// The status of a reply (`200`), or the error's name in `URLError` (`networkConnectionLost`, or its code).
    public var description: String {
        switch self {
        case .reply(let reply): "\(reply.status)"
        case .failure(let code): Self.names[code] ?? "URLError \(code.rawValue)"
        }
    }

    private static let names: [URLError.Code: String] = [
        .cancelled: "cancelled", .timedOut: "timedOut", .cannotFindHost: "cannotFindHost",
        .cannotConnectToHost: "cannotConnectToHost", .networkConnectionLost: "networkConnectionLost",
        .notConnectedToInternet: "notConnectedToInternet", .badServerResponse: "badServerResponse",
    ]
}
