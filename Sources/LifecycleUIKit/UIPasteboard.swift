import Foundation
import LifecycleKit

/// The pasteboard (`UIPasteboard.general`): what the app's code copies, kept for the app's life on its device (a new
/// device, each of the explorer's sessions, starts with an empty one). No other app reads it here.
@MainActor
public final class UIPasteboard {
    /// The pasteboard of the app whose code runs (outside any app's code, the test process's own).
    public static var general: UIPasteboard {
        guard let application = Application.current else { return outsideAnyApp }
        if let kept = application.pasteboard as? UIPasteboard { return kept }
        let made = UIPasteboard()
        application.pasteboard = made
        return made
    }

    private static let outsideAnyApp = UIPasteboard()

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
