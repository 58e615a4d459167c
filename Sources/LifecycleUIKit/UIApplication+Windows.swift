extension UIApplication {
    /// `windows`: the windows of the connected window scenes, or, in an app without scenes, its delegate's window.
    public var windows: [UIWindow] {
        let onScenes = connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        guard onScenes.isEmpty else { return onScenes }
        return delegate?.window.map { [$0] } ?? []
    }

    /// `keyWindow`: the window made key with `makeKeyAndVisible()`.
    public var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// Whether the app may change its icon: not here.
    public var supportsAlternateIcons: Bool { false }
    /// The icon the app set: always its own.
    public var alternateIconName: String? { nil }

    /// `setAlternateIconName(_:completionHandler:)`: refused, as the app has no other icon here
    /// (`NSFeatureUnsupportedError`, as iOS refuses where alternate icons are not supported).
    public func setAlternateIconName(
        _ alternateIconName: String?, completionHandler: (@MainActor @Sendable ((any Error)?) -> Void)? = nil
    ) {
        completionHandler?(NSError(domain: NSCocoaErrorDomain, code: NSFeatureUnsupportedError))
    }

    /// `setAlternateIconName(_:) async throws`.
    public func setAlternateIconName(_ alternateIconName: String?) async throws {
        throw NSError(domain: NSCocoaErrorDomain, code: NSFeatureUnsupportedError)
    }
    /// The text size the user chose: the default one.
    public var preferredContentSizeCategory: UIContentSizeCategory { .large }
    /// The direction the interface reads in.
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
}

/// The text size the user chose (`UIContentSizeCategory`).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
}

/// Which way the interface reads.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight, rightToLeft
}

/// The orientations a window may take (`application(_:supportedInterfaceOrientationsFor:)`).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}
