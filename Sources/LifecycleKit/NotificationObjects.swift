/// What stands for the Kit's objects in an app's code written with other names (LifecycleUIKit's `UIApplication`
/// and `UIWindowScene`): the `object` of the UIKit notifications its observers hear, as iOS posts them with the
/// `UIApplication` or the `UIScene` (docs/lifecycle.md §19). An app delegate that is written with such names
/// conforms.
@MainActor
package protocol NotificationObjects {
    /// The object the app's code knows for its application.
    func object(standingFor application: Application) -> AnyObject
    /// The object the app's code knows for one of its scenes.
    func object(standingFor scene: Scene) -> AnyObject
}
