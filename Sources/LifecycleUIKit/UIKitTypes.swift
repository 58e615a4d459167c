import Foundation
import LifecycleKit

// `NSUserActivityTypeBrowsingWeb`: the type of a universal link's activity, whose `webpageURL` is the link.
@_exported import var LifecycleKit.NSUserActivityTypeBrowsingWeb

// UIKit's names for LifecycleKit's value types, where the two agree member for member.

/// `UIBackgroundTaskIdentifier`, with `.invalid`.
public typealias UIBackgroundTaskIdentifier = BackgroundTaskIdentifier
/// `UIBackgroundFetchResult`: `.newData`, `.noData`, `.failed`.
public typealias UIBackgroundFetchResult = BackgroundFetchResult
/// `UIApplicationShortcutItem`, with its `type`, titles, icon and `userInfo` (of strings).
public typealias UIApplicationShortcutItem = ShortcutItem
/// `UIApplicationShortcutIcon`: `init(type:)`, `init(systemImageName:)`, `init(templateImageName:)`.
public typealias UIApplicationShortcutIcon = ShortcutIcon
/// `UIUserActivityRestoring`.
public typealias UIUserActivityRestoring = UserActivityRestoring
/// `UIOpenURLContext`, with its `url` and `options`.
public typealias UIOpenURLContext = OpenURLContext

#if !canImport(Darwin)
    /// `NSUserActivity`, which Foundation on Linux lacks: a Handoff or universal-link activity, with its
    /// `activityType`.
    public typealias NSUserActivity = UserActivity
#endif
