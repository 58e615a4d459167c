/// A window a scene delegate may hold (`UIWindow`): the scene it shows on and its root view controller. The model
/// draws nothing, so a window only remembers what it is given.
@MainActor
open class UIWindow: UIResponder {
    /// The scene the window shows on.
    public weak var windowScene: UIWindowScene?
    /// What the window shows: any object (a view controller on iOS).
    public var rootViewController: AnyObject?
    /// Whether ``makeKeyAndVisible()`` was called.
    public private(set) var isKeyWindow = false

    public required init() {}

    /// `init(windowScene:)`: a window on a scene; the scene lists it in its `windows`.
    public convenience init(windowScene: UIWindowScene) {
        self.init()
        self.windowScene = windowScene
        windowScene.windows.append(self)
    }

    /// `makeKeyAndVisible()`.
    public func makeKeyAndVisible() {
        isKeyWindow = true
    }
}
