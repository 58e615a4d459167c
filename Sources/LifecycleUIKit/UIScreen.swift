import Foundation
import LifecycleKit

/// The device's screen (`UIScreen.main`): its size in points, an iPhone's or an iPad's, and full brightness.
@MainActor
public final class UIScreen {
    /// The screen of the device the app whose code runs is on.
    public static var main: UIScreen { UIScreen(kind: Application.current?.host.deviceKind ?? .iphone) }

    private let kind: DeviceKind

    private init(kind: DeviceKind) { self.kind = kind }

    /// An iPhone 15's 393 × 852 points, or an 11-inch iPad's 834 × 1194.
    public var bounds: CGRect {
        kind == .ipad ? CGRect(x: 0, y: 0, width: 834, height: 1194) : CGRect(x: 0, y: 0, width: 393, height: 852)
    }
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    public var scale: CGFloat { kind == .ipad ? 2 : 3 }
    public var nativeScale: CGFloat { scale }
    public var brightness: CGFloat = 1
    public var isCaptured: Bool { false }

    public static let capturedDidChangeNotification = Notification.Name("UIScreenCapturedDidChangeNotification")
    public static let brightnessDidChangeNotification = Notification.Name("UIScreenBrightnessDidChangeNotification")
}
