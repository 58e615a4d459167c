/// The base class of an app delegate, a scene delegate and a window (`UIResponder`).
///
/// It holds nothing: it is there so that `class AppDelegate: UIResponder, UIApplicationDelegate` compiles as Xcode
/// writes it, and so that the host can make the scene delegate an Info.plist names, with `init()`. It is an
/// ``NSObject``, as UIKit's is.
@MainActor
open class UIResponder: NSObject {}

extension UIResponder {
    // The keyboard's notifications and their keys, so that code observing them builds: no keyboard shows here, so
    // none is posted.
    public nonisolated static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public nonisolated static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public nonisolated static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    public nonisolated static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public nonisolated static let keyboardWillChangeFrameNotification = Notification.Name(
        "UIKeyboardWillChangeFrameNotification")
    public nonisolated static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    public nonisolated static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    public nonisolated static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    public nonisolated static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
}
