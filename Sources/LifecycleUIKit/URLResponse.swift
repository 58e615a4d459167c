import Foundation

/// Foundation's `URLResponse`: what a ``URLSession`` tells of the answer to a request besides its body.
///
/// Sendable: every stored property is a constant of a Sendable type, here and in ``HTTPURLResponse``.
open class URLResponse: @unchecked Sendable {
    public let url: URL?
    public let mimeType: String?
    public let expectedContentLength: Int64
    public let textEncodingName: String?

    public init(url: URL, mimeType: String?, expectedContentLength: Int, textEncodingName: String?) {
        self.url = url
        self.mimeType = mimeType
        self.expectedContentLength = Int64(expectedContentLength)
        self.textEncodingName = textEncodingName
    }

    /// The last component of the URL's path, or `unknown`.
    public var suggestedFilename: String? {
        guard let name = url?.lastPathComponent, !name.isEmpty, name != "/" else { return "unknown" }
        return name
    }
}
