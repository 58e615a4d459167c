import Foundation

/// Haptic feedback (`UIImpactFeedbackGenerator(style: .medium).impactOccurred()`): nothing to feel here.
@MainActor
public class UIFeedbackGenerator {
    public init() {}
    public func prepare() {}
}

@MainActor
public final class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }

    public init(style: FeedbackStyle = .medium) { super.init() }
    public func impactOccurred() {}
    public func impactOccurred(intensity: CGFloat) {}
}

@MainActor
public final class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    public enum FeedbackType: Int, Sendable { case success, warning, error }

    public func notificationOccurred(_ notificationType: FeedbackType) {}
}

@MainActor
public final class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    public func selectionChanged() {}
}
