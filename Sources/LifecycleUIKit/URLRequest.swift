import Foundation
import LifecycleKit

/// Foundation's `URLRequest` as an iOS app's code writes it: a URL, an HTTP method, header fields and a body, for
/// ``URLSession`` to send.
///
/// Linux's Foundation keeps its networking apart (FoundationNetworking), whose session a simulated device cannot
/// run on the phone's clock; LifecycleUIKit has its own, which an app's code finds where it writes `URLRequest`, as
/// on iOS (docs/lifecycle.md §19).
public struct URLRequest: Sendable, Hashable {
    /// `URLRequest.CachePolicy`: kept as written (a simulated network keeps no cache).
    public enum CachePolicy: UInt, Sendable, Hashable {
        case useProtocolCachePolicy = 0
        case reloadIgnoringLocalCacheData = 1
        case returnCacheDataElseLoad = 2
        case returnCacheDataDontLoad = 3
        case reloadIgnoringLocalAndRemoteCacheData = 4
        case reloadRevalidatingCacheData = 5
    }

    public var url: URL?
    public var cachePolicy: CachePolicy
    public var timeoutInterval: TimeInterval
    /// The HTTP method: `GET` unless set.
    public var httpMethod: String? {
        get { method }
        set { method = newValue ?? "GET" }
    }
    public var allHTTPHeaderFields: [String: String]?
    public var httpBody: Data?
    private var method = "GET"

    public init(url: URL, cachePolicy: CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60) {
        self.url = url
        self.cachePolicy = cachePolicy
        self.timeoutInterval = timeoutInterval
    }

    /// The value of a header field, whatever the case of its name.
    public func value(forHTTPHeaderField field: String) -> String? {
        allHTTPHeaderFields?.headerValue(field)
    }

    /// Sets a header field, replacing a field of the same name whatever its case; `nil` removes it.
    public mutating func setValue(_ value: String?, forHTTPHeaderField field: String) {
        var fields = allHTTPHeaderFields ?? [:]
        for key in fields.keys where key.caseInsensitiveCompare(field) == .orderedSame { fields[key] = nil }
        fields[field] = value
        allHTTPHeaderFields = fields
    }

    /// Adds a value to a header field, after a comma if it has one already.
    public mutating func addValue(_ value: String, forHTTPHeaderField field: String) {
        setValue(self.value(forHTTPHeaderField: field).map { "\($0),\(value)" } ?? value, forHTTPHeaderField: field)
    }

    /// The request a process before this one sent.
    init(_ request: NetworkRequest) {
        self.init(url: request.url, timeoutInterval: request.timeout.inSeconds)
        method = request.method
        allHTTPHeaderFields = request.headers
        httpBody = request.body
    }

    /// The request as the phone's network sees it; `nil` without a URL.
    var networkRequest: NetworkRequest? {
        url.map {
            NetworkRequest(
                url: $0, method: method, headers: allHTTPHeaderFields ?? [:], body: httpBody,
                timeout: .seconds(timeoutInterval))
        }
    }
}
