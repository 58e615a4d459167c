/// A value of `UIBackgroundModes` in an app's Info.plist.
public enum BackgroundMode: String, CaseIterable, Sendable, Hashable {
    case audio
    case location
    case voip
    case fetch
    case remoteNotification = "remote-notification"
    case processing
    case bluetoothCentral = "bluetooth-central"
    case bluetoothPeripheral = "bluetooth-peripheral"
    case externalAccessory = "external-accessory"
    case newsstandContent = "newsstand-content"

    /// Whether the mode keeps the app running in the background instead of being suspended (docs/lifecycle.md §4).
    /// The iOS version that introduced the mode: background fetch and remote notifications came with iOS 7,
    /// `processing` with iOS 13, Newsstand and Bluetooth LE in the background with iOS 5, the rest with
    /// multitasking in iOS 4 (docs/lifecycle.md §14).
    public var introducedIn: Int {
        switch self {
        case .fetch, .remoteNotification: 7
        case .processing: 13
        case .newsstandContent, .bluetoothCentral, .bluetoothPeripheral: 5
        case .audio, .location, .voip, .externalAccessory: 4
        }
    }

    public var isContinuous: Bool {
        switch self {
        case .audio, .location, .voip: true
        default: false
        }
    }
}
