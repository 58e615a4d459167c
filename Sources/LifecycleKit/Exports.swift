// An app imports LifecycleKit alone, as an iOS app imports UIKit: the core's value types it meets in the API
// (LaunchOptions, BackgroundTaskIdentifier, UIKitNotification, AppID, …) come with it.
@_exported import LifecycleCore
