/// A window of an app, by the app's index and the session's number: how the phone refers to a window on a shared
/// iPad screen without keeping its name.
struct ScreenWindow: Sendable, Hashable {
    var app: Int
    var number: Int32
}
