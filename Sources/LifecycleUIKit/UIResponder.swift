/// The base class of an app delegate, a scene delegate and a window (`UIResponder`).
///
/// It holds nothing: it is there so that `class AppDelegate: UIResponder, UIApplicationDelegate` compiles as Xcode
/// writes it, and so that the host can make the scene delegate an Info.plist names, with `init()`. It is an
/// ``NSObject``, as UIKit's is.
@MainActor
open class UIResponder: NSObject {}
