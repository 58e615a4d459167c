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
    public var isContinuous: Bool {
        switch self {
        case .audio, .location, .voip: true
        default: false
        }
    }
}
