// UserNotifications' names (docs/lifecycle.md §18), so that a file behind the three lines that pick LifecycleUIKit
// needs no other import: on iOS it says `import UserNotifications` inside the `#if canImport(UIKit)`.
@_exported import struct LifecycleKit.UNAuthorizationOptions
@_exported import class LifecycleKit.UNNotification
@_exported import class LifecycleKit.UNNotificationContent
@_exported import var LifecycleKit.UNNotificationDefaultActionIdentifier
@_exported import var LifecycleKit.UNNotificationDismissActionIdentifier
@_exported import struct LifecycleKit.UNNotificationPresentationOptions
@_exported import class LifecycleKit.UNNotificationRequest
@_exported import class LifecycleKit.UNNotificationResponse
@_exported import class LifecycleKit.UNNotificationTrigger
@_exported import class LifecycleKit.UNTimeIntervalNotificationTrigger
@_exported import class LifecycleKit.UNUserNotificationCenter
@_exported import protocol LifecycleKit.UNUserNotificationCenterDelegate
