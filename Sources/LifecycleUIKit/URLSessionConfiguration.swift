import Foundation

/// Foundation's `URLSessionConfiguration`, for a ``URLSession`` of the app's own: `.default` or `.ephemeral`, with
/// the header fields every request of the session carries and its requests' timeout. Its other settings are kept as
/// written: a simulated network has no cellular link, no cache and no cookies.
///
/// A background session (`background(withIdentifier:)`), whose transfers go on while the app is suspended or ended,
/// is not offered: code that asks for one does not build, rather than run as a default session would.
public final class URLSessionConfiguration: @unchecked Sendable {
    // Sendable as Foundation's is taken to be: a session copies its configuration when it is made, and an app's code
    // sets one up before handing it over.

    /// A session that keeps its cookies and cache on disk.
    public static var `default`: URLSessionConfiguration { URLSessionConfiguration() }
    /// A session that keeps nothing on disk.
    public static var ephemeral: URLSessionConfiguration { URLSessionConfiguration() }

    /// Header fields added to each request that does not set them.
    public var httpAdditionalHeaders: [AnyHashable: Any]?
    /// How long a request waits for data before it fails with `.timedOut`, in seconds.
    public var timeoutIntervalForRequest: TimeInterval = 60
    /// The settings a simulated network does not act on.
    public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 60 * 60
    public var requestCachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    public var waitsForConnectivity = false
    public var allowsCellularAccess = true
    public var allowsExpensiveNetworkAccess = true
    public var allowsConstrainedNetworkAccess = true
    public var httpMaximumConnectionsPerHost = 6

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
        return copy
    }
}
