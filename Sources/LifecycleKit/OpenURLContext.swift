import Foundation

/// A URL opened in a scene, with how it was opened (`UIOpenURLContext`).
public struct OpenURLContext: Sendable, Hashable {
    /// `UIScene.OpenURLOptions`.
    public struct Options: Sendable, Hashable {
        public var sourceApplication: String?
        public init(sourceApplication: String? = nil) { self.sourceApplication = sourceApplication }
    }

    public var url: URL
    public var options: Options

    public init(url: URL, options: Options = Options()) {
        self.url = url
        self.options = options
    }
}
