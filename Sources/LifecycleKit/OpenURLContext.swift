import Foundation

/// A URL opened in a scene, with how it was opened (`UIOpenURLContext`).
public struct OpenURLContext: Sendable, Hashable {
    /// `UIScene.OpenURLOptions`.
    public struct Options: Sendable, Hashable {
        public var sourceApplication: String?
        /// The annotation the opening app passed (a property list), if any: the model passes none.
        public var annotation: String?
        /// Whether the app must open the document in place rather than copy it: a URL opens as a link here.
        public var openInPlace = false
        /// The `UIEventAttribution` of a tapped ad's link: none in the model.
        public var eventAttribution: String?
        public init(sourceApplication: String? = nil) { self.sourceApplication = sourceApplication }
    }

    public var url: URL
    public var options: Options

    public init(url: URL, options: Options = Options()) {
        self.url = url
        self.options = options
    }
}
