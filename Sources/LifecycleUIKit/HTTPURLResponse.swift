import Foundation

/// Foundation's `HTTPURLResponse`: an HTTP status and header fields, as ``URLSession`` gives them for an HTTP URL.
public final class HTTPURLResponse: URLResponse, @unchecked Sendable {
    // Sendable as its superclass is: constants of Sendable types.

    public let statusCode: Int
    private let headerFields: [String: String]

    public init?(url: URL, statusCode: Int, httpVersion: String?, headerFields: [String: String]?) {
        self.statusCode = statusCode
        self.headerFields = headerFields ?? [:]
        let contentType = headerFields?.headerValue("Content-Type")
        let mimeType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        let length = headerFields?.headerValue("Content-Length").flatMap { Int($0) }
        super.init(url: url, mimeType: mimeType, expectedContentLength: length ?? -1, textEncodingName: nil)
    }

    /// The header fields, by name.
    public var allHeaderFields: [AnyHashable: Any] {
        Dictionary(uniqueKeysWithValues: headerFields.map { (AnyHashable($0.key), $0.value as Any) })
    }

    /// The value of a header field, whatever the case of its name.
    public func value(forHTTPHeaderField field: String) -> String? {
        headerFields.headerValue(field)
    }
}
