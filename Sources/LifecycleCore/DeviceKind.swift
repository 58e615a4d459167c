/// The kind of device the phone is: its windowing (docs/lifecycle.md §16).
public enum DeviceKind: String, Sendable, Hashable, CaseIterable {
    /// One window of one app on screen at a time; the default.
    case iphone
    /// Several windows on screen (two side by side), and apps with several windows (iPadOS 13 and later).
    case ipad
}
