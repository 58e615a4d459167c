/// What an iPad's screen shared by several apps remembers beyond which apps are on it (docs/lifecycle.md §16).
///
/// Kept apart from the rest of the phone: on an iPhone, and with one app in front, all of it stays empty.
struct SharedScreen: Sendable {
    /// The apps that were on screen beside the first when the device locked, to come back with it on unlock.
    var othersUnderLock: [Int] = []
    /// The apps that were on screen beside the first when a call came, to come back with it when the call ends.
    var othersUnderCall: [Int] = []
    /// The window the user pushed off screen from Slide Over, to come back with `show-slide-over`.
    var hiddenSlideOver: ScreenWindow?
    /// Windows minimized from their window controls (iPadOS 26), to come back with `restore-window`.
    var minimized: [ScreenWindow] = []
    /// The window the user last tapped into, or the last to come on screen beside others: the key window. `nil`
    /// for the first app's front window.
    var keyWindow: ScreenWindow?
}
