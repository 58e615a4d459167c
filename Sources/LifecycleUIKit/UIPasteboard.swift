import Foundation

/// The pasteboard (`UIPasteboard.general`): what the app's code copies, kept for the test process's life. No other
/// app reads it here.
@MainActor
public final class UIPasteboard {
    public static let general = UIPasteboard()

    public var strings: [String]?
    public var urls: [URL]?

    public var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }
    public var url: URL? {
        get { urls?.first }
        set { urls = newValue.map { [$0] } }
    }
    public var hasStrings: Bool { !(strings ?? []).isEmpty }
    public var hasURLs: Bool { !(urls ?? []).isEmpty }

    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")
}
