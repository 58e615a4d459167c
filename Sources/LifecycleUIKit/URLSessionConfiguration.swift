import Foundation

/// Foundation's `URLSessionConfiguration`, for a ``URLSession`` of the app's own: `.default`, `.ephemeral`, or
/// `background(withIdentifier:)`, whose transfers the system carries on while the app is suspended or not running
/// (docs/lifecycle.md §19); with the header fields every request of the session carries and its requests' timeout.
/// Its other settings are kept as written: a simulated network has no cellular link, no cache and no cookies.
public final class URLSessionConfiguration: @unchecked Sendable {
    // Sendable as Foundation's is taken to be: a session copies its configuration when it is made, and an app's code
    // sets one up before handing it over.

    /// A session that keeps its cookies and cache on disk.
    public static var `default`: URLSessionConfiguration { URLSessionConfiguration() }
    /// A session that keeps nothing on disk.
    public static var ephemeral: URLSessionConfiguration { URLSessionConfiguration() }

    /// A session whose downloads and uploads the system carries on outside the app's process: when they end, it
    /// wakes or launches the app in the background for them, unless the user swiped the app away, which cancels
    /// them. A session the app makes again with the same identifier hears of them.
    public static func background(withIdentifier identifier: String) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration()
        configuration.identifier = identifier
        return configuration
    }

    /// The identifier of a background session's configuration.
    public private(set) var identifier: String?

    /// Header fields added to each request that does not set them.
    public var httpAdditionalHeaders: [AnyHashable: Any]?
    /// How long a request waits for data before it fails with `.timedOut`, in seconds.
    public var timeoutIntervalForRequest: TimeInterval = 60
    /// How long a task of a session that waits for connectivity waits for the network, in seconds.
    public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 60 * 60
    /// Whether a task waits for the network while the phone has none (`network off`), rather than fail at once with
    /// `.notConnectedToInternet`; a background session always waits.
    public var waitsForConnectivity = false
    /// The settings a simulated network does not act on.
    public var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    public var allowsCellularAccess = true
    public var allowsExpensiveNetworkAccess = true
    public var allowsConstrainedNetworkAccess = true
    public var httpMaximumConnectionsPerHost = 6
    public var isDiscretionary = false
    public var sessionSendsLaunchEvents = true

    private init() {}

    /// A copy, as a session takes it.
    func copy() -> URLSessionConfiguration {
        let copy = URLSessionConfiguration()
        copy.httpAdditionalHeaders = httpAdditionalHeaders
        copy.timeoutIntervalForRequest = timeoutIntervalForRequest
        copy.timeoutIntervalForResource = timeoutIntervalForResource
        copy.requestCachePolicy = requestCachePolicy
        copy.waitsForConnectivity = waitsForConnectivity
        copy.allowsCellularAccess = allowsCellularAccess
        copy.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        copy.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
        copy.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        copy.isDiscretionary = isDiscretionary
        copy.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        copy.identifier = identifier
        return copy
    }
}
