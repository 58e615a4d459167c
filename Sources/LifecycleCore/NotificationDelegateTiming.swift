/// When an app sets the delegate of `UNUserNotificationCenter` (docs/lifecycle.md §18).
///
/// Apple asks for it before the launch ends; an app that sets it later misses the response that launched it.
public enum NotificationDelegateTiming: String, Sendable, Hashable, CaseIterable {
    /// In `application:willFinishLaunchingWithOptions:`, as Apple asks.
    case duringLaunch
    /// Only once the app is active (in `applicationDidBecomeActive:` or `sceneDidBecomeActive:`, or in a view that
    /// appears): the response that launched the app finds no delegate and is lost.
    case onceActive
}
